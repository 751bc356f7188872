import type { ReactNode } from 'react'
import type { TransferPlan } from '../../../../server/domain/championship/transfers'
import { formatMoney } from '../../lib/format'
import styles from './championship.module.css'

/**
 * What the builder's changes cost as they are made: free and paid transfers left after this
 * team (counted net against the team at the last lock), the players in and out, and what the
 * next lock will charge. Before the team's first lock every change is free ("∞").
 */
export function TransferBar({
  plan,
  names,
  refused,
}: {
  plan: TransferPlan
  names: ReadonlyMap<number, string>
  /** The rule's message when this team has more changes than the transfers left. */
  refused: string | null
}) {
  if (plan.unlimited)
    return (
      <div className={styles.transfers} data-testid="transfer-bar" data-unlimited="true">
        <Figure label="Free transfers" value="∞" testId="free-left" />
        <Figure label="Paid transfers" value="∞" testId="paid-left" />
        <p className={styles.transferNote}>Unlimited changes until your team's first match starts.</p>
      </div>
    )
  const cost = plan.cost_paise / 100
  return (
    <div className={styles.transfers} data-testid="transfer-bar" data-unlimited="false">
      <Figure label="Free left" value={plan.free_left} tone="free" testId="free-left" />
      <Figure label="Paid left" value={plan.paid_left} tone="paid" testId="paid-left" />
      <Figure label="This save costs" value={cost > 0 ? formatMoney(cost) : 'Free'} testId="save-cost" />
      {plan.used > 0 ? (
        <p className={styles.transferNote} data-testid="transfer-change">
          {plan.used} transfer{plan.used === 1 ? '' : 's'} ({plan.free_used} free
          {plan.paid_used > 0 ? `, ${plan.paid_used} paid` : ''}) · In:{' '}
          {plan.player_in.map((id) => names.get(id) ?? `#${id}`).join(', ')} · Out:{' '}
          {plan.player_out.map((id) => names.get(id) ?? `#${id}`).join(', ')}
          {cost > 0 ? ` · ${formatMoney(cost)} is charged when the next match starts.` : ''}
        </p>
      ) : (
        <p className={styles.transferNote}>No players changed since the last match started.</p>
      )}
      {refused ? (
        <p className={styles.transferRefused} role="alert" data-testid="transfer-refused">
          {refused}
        </p>
      ) : null}
    </div>
  )
}

/** One count of the bar: its label over its value (`tone` colours free and paid transfers). */
function Figure({
  label,
  value,
  tone,
  testId,
}: {
  label: string
  value: ReactNode
  tone?: 'free' | 'paid'
  testId: string
}) {
  return (
    <div>
      <span className={styles.tLabel}>{label}</span>
      <strong className={tone ? `${styles.tValue} ${styles[tone]}` : styles.tValue} data-testid={testId}>
        {value}
      </strong>
    </div>
  )
}
