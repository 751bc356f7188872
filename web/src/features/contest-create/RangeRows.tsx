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
      {rows.map((row, i) => (
        <RangeRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
          key={i}
          row={row}
          index={i}
          unit={unit}
          errorsOf={(k) => errors[`${field}.${i}.${k}`]}
          onSet={(key, value) => set(i, key, value)}
          onRemove={rows.length === 1 ? null : () => onChange(rows.filter((_, j) => j !== i))}
        />
      ))}
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

/** One range: from, to and the value per rank, a remove button (none for the last row) and its messages. */
function RangeRow({
  row,
  index: i,
  unit,
  errorsOf,
  onSet,
  onRemove,
}: {
  row: RangeText
  index: number
  unit: '%' | '₹'
  errorsOf: (key: string) => string[] | undefined
  onSet: (key: keyof RangeText, value: string) => void
  onRemove: (() => void) | null
}) {
  const rowErrors = ['from', 'to', unit === '%' ? 'percent' : 'amount'].flatMap((k) => errorsOf(k) ?? [])
  return (
    <div className={styles.rangeRow} data-testid="range-row">
      <Cell
        label={`Row ${i + 1} from rank`}
        value={row.from}
        onValue={(v) => onSet('from', v)}
        invalid={Boolean(errorsOf('from'))}
      />
      <Cell
        label={`Row ${i + 1} to rank`}
        value={row.to}
        onValue={(v) => onSet('to', v)}
        invalid={Boolean(errorsOf('to'))}
      />
      <Cell
        label={`Row ${i + 1} ${unit === '%' ? 'percent' : 'rupees'} per rank`}
        decimal
        value={row.value}
        onValue={(v) => onSet('value', v)}
        invalid={rowErrors.length > 0}
      />
      <button
        type="button"
        className={styles.removeRow}
        aria-label={`Remove row ${i + 1}`}
        disabled={onRemove === null}
        onClick={() => onRemove?.()}
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
}

/** One cell of a range row: ranks are whole numbers, the value may have decimals. */
function Cell({
  label,
  decimal = false,
  value,
  onValue,
  invalid,
}: {
  label: string
  decimal?: boolean
  value: string
  onValue: (value: string) => void
  invalid: boolean
}) {
  return (
    <input
      aria-label={label}
      className={styles.rangeInput}
      inputMode={decimal ? 'decimal' : 'numeric'}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      aria-invalid={invalid || undefined}
    />
  )
}
