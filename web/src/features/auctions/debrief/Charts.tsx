import type { DebriefLot, DebriefManager } from './api'
import styles from './debrief.module.css'
import type { ManagerLook } from './replay'

/**
 * The debrief's three charts, inline SVG of our own (no chart library): each lot's price against
 * its base price (bars), each manager's spend over the auction's time (lines), and each
 * manager's squad value against what it paid (a scatter). The first two follow the replay's
 * moment `t`; the drawing scales with its box (viewBox), so it reads on a phone and a projector.
 */

const W = 640
const H = 280
const PAD = { left: 56, right: 16, top: 16, bottom: 36 }
const plotW = W - PAD.left - PAD.right
const plotH = H - PAD.top - PAD.bottom
const y = (v: number, max: number) => PAD.top + plotH - (max > 0 ? (Math.max(0, v) / max) * plotH : 0)

function Axis({ max, label }: { max: number; label: string }) {
  return (
    <g className={styles.axis}>
      <line x1={PAD.left} y1={PAD.top + plotH} x2={W - PAD.right} y2={PAD.top + plotH} />
      <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + plotH} />
      <text x={PAD.left - 6} y={PAD.top + 12} textAnchor="end">
        {Math.round(max)}
      </text>
      <text x={PAD.left - 6} y={PAD.top + plotH} textAnchor="end">
        0
      </text>
      <text x={PAD.left + plotW / 2} y={H - 6} textAnchor="middle">
        {label}
      </text>
    </g>
  )
}

/** Price (the winner's colour) beside base price (grey) for every lot closed by `t`. */
export function PriceBars({ lots, t, look }: { lots: DebriefLot[]; t: number; look: ManagerLook }) {
  const max = Math.max(1, ...lots.map((l) => Math.max(l.price ?? 0, l.base_price)))
  const slot = plotW / Math.max(1, lots.length)
  const bar = Math.max(1, slot * 0.42)
  const shown = lots.filter((l) => l.closed_at_in_millis <= t)
  return (
    <figure className={styles.chart} data-testid="chart-prices">
      <figcaption>Price against base price, lot by lot</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${shown.length} lots: price against base price`}>
        <Axis max={max} label={`lots 1–${lots.length}`} />
        {shown.map((l) => {
          const x = PAD.left + (l.index - 1) * slot
          return (
            <g key={l.index} data-testid="price-bar" data-lot={l.index}>
              <title>{`Lot ${l.index} ${l.player_name}: base ${l.base_price}, ${l.price === null ? 'unsold' : `sold for ${l.price} to ${look.name(l.manager_id)}`}`}</title>
              <rect
                className={styles.base}
                x={x}
                y={y(l.base_price, max)}
                width={bar}
                height={PAD.top + plotH - y(l.base_price, max)}
              />
              {l.price !== null ? (
                <rect
                  x={x + bar}
                  y={y(l.price, max)}
                  width={bar}
                  height={PAD.top + plotH - y(l.price, max)}
                  fill={look.colour(l.manager_id)}
                />
              ) : null}
            </g>
          )
        })}
      </svg>
      <p className={styles.legend}>
        <span className={styles.baseKey} /> base price · coloured: price paid, in the winner's colour
      </p>
    </figure>
  )
}

/** Each manager's cumulative spend, a step line from the start to `t`. */
export function SpendLines({
  managers,
  start,
  end,
  t,
  look,
}: {
  managers: DebriefManager[]
  start: number
  end: number
  t: number
  look: ManagerLook
}) {
  const max = Math.max(1, ...managers.map((m) => m.spent))
  const x = (at: number) => PAD.left + (end > start ? ((at - start) / (end - start)) * plotW : 0)
  const upTo = Math.min(t, end)
  return (
    <figure className={styles.chart} data-testid="chart-spend">
      <figcaption>Spend over the auction</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Each manager's cumulative spend over time">
        <Axis max={max} label="time" />
        {managers.map((m) => {
          let spent = 0
          const points = [`${x(start)},${y(0, max)}`]
          for (const p of m.spend_curve) {
            if (p.at_in_millis > upTo) break
            points.push(`${x(p.at_in_millis)},${y(spent, max)}`, `${x(p.at_in_millis)},${y(p.spent, max)}`)
            spent = p.spent
          }
          points.push(`${x(upTo)},${y(spent, max)}`)
          return (
            <polyline
              key={m.id}
              points={points.join(' ')}
              fill="none"
              stroke={look.colour(m.id)}
              strokeWidth={3}
              data-testid="spend-line"
            >
              <title>{`${m.franchise_name}: ${spent} spent`}</title>
            </polyline>
          )
        })}
      </svg>
      <Legend managers={managers} look={look} />
    </figure>
  )
}

/** Value (under the scorer) against price paid, a dot a manager. */
export function ValueScatter({
  managers,
  unit,
  look,
}: {
  managers: DebriefManager[]
  unit: string
  look: ManagerLook
}) {
  const maxX = Math.max(1, ...managers.map((m) => m.spent))
  const maxY = Math.max(1, ...managers.map((m) => m.value)) * 1.1
  const x = (v: number) => PAD.left + (v / maxX) * plotW
  return (
    <figure className={styles.chart} data-testid="chart-value">
      <figcaption>Squad value ({unit}) against price paid</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Each manager's squad value in ${unit} against spend`}
      >
        <Axis max={maxY} label={`spent (0–${maxX})`} />
        {managers.map((m) => (
          <g key={m.id} data-testid="value-dot">
            <title>{`${m.franchise_name}: value ${m.value} for ${m.spent}`}</title>
            <circle cx={x(m.spent)} cy={y(m.value, maxY)} r={10} fill={look.colour(m.id)} />
          </g>
        ))}
      </svg>
      <table className={styles.table} data-testid="debrief-managers">
        <thead>
          <tr>
            <th>Manager</th>
            <th>Players</th>
            <th>Spent</th>
            <th>Value</th>
            <th>Per 100</th>
          </tr>
        </thead>
        <tbody>
          {managers.map((m) => (
            <tr key={m.id}>
              <td>
                <span className={styles.swatch} style={{ background: look.colour(m.id) }} />{' '}
                {m.franchise_name}
              </td>
              <td>{m.players_count}</td>
              <td>{m.spent}</td>
              <td>{m.value}</td>
              <td>{m.value_per_100 ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}

function Legend({ managers, look }: { managers: DebriefManager[]; look: ManagerLook }) {
  return (
    <ul className={styles.legendList}>
      {managers.map((m) => (
        <li key={m.id}>
          <span className={styles.swatch} style={{ background: look.colour(m.id) }} />
          {m.franchise_name}
        </li>
      ))}
    </ul>
  )
}
