import { Button } from '../../components/Button'
import { FieldErrors } from '../../components/Field'
import type { FieldErrors as Errors } from '../../lib/api'
import styles from './create.module.css'
import type { RangeText } from './draft'

/**
 * Rank ranges as rows (from, to, value): the custom prizes of a contest and the saved prize
 * tables. `field` is the body key the server names in its messages (`prize_ranges.1.from`).
 */
export function RangeRows({
  rows,
  onChange,
  unit,
  field,
  errors,
}: {
  rows: RangeText[]
  onChange: (rows: RangeText[]) => void
  unit: '%' | '₹'
  field: string
  errors: Errors
}) {
  const set = (i: number, key: keyof RangeText, value: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)))
  const add = () => {
    const last = rows[rows.length - 1]
    const next = last ? String((Number(last.to) || rows.length) + 1) : '1'
    onChange([...rows, { from: next, to: next, value: '' }])
  }
  const total = rows.reduce((sum, r) => {
    const count = Number(r.to) - Number(r.from) + 1
    return sum + (Number.isFinite(count) && count > 0 ? count * (Number(r.value) || 0) : 0)
  }, 0)
  return (
    <div className={styles.ranges} data-testid="range-rows">
      <div className={styles.rangeHead} aria-hidden="true">
        <span>From rank</span>
        <span>To rank</span>
        <span>{unit === '%' ? '% each' : '₹ each'}</span>
        <span />
      </div>
      {rows.map((row, i) => {
        const rowErrors = ['from', 'to', unit === '%' ? 'percent' : 'amount'].flatMap(
          (k) => errors[`${field}.${i}.${k}`] ?? [],
        )
        return (
          // Rows have no identity beyond their place; the index is the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={i} className={styles.rangeRow} data-testid="range-row">
            <input
              aria-label={`Row ${i + 1} from rank`}
              className={styles.rangeInput}
              inputMode="numeric"
              value={row.from}
              onChange={(e) => set(i, 'from', e.target.value)}
              aria-invalid={Boolean(errors[`${field}.${i}.from`]) || undefined}
            />
            <input
              aria-label={`Row ${i + 1} to rank`}
              className={styles.rangeInput}
              inputMode="numeric"
              value={row.to}
              onChange={(e) => set(i, 'to', e.target.value)}
              aria-invalid={Boolean(errors[`${field}.${i}.to`]) || undefined}
            />
            <input
              aria-label={`Row ${i + 1} ${unit === '%' ? 'percent' : 'rupees'} per rank`}
              className={styles.rangeInput}
              inputMode="decimal"
              value={row.value}
              onChange={(e) => set(i, 'value', e.target.value)}
              aria-invalid={rowErrors.length > 0 || undefined}
            />
            <button
              type="button"
              className={styles.removeRow}
              aria-label={`Remove row ${i + 1}`}
              disabled={rows.length === 1}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              ×
            </button>
            {rowErrors.length > 0 ? (
              <div className={styles.rowError}>
                <FieldErrors errors={rowErrors} />
              </div>
            ) : null}
          </div>
        )
      })}
      <div className={styles.rangeFoot}>
        <Button small variant="secondary" onClick={add} data-testid="add-range">
          Add ranks
        </Button>
        <span data-testid="range-total">
          Total {unit === '%' ? `${Math.round(total * 100) / 100}%` : `₹${Math.round(total * 100) / 100}`}
        </span>
      </div>
      <FieldErrors errors={errors[field]} />
    </div>
  )
}
