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
        <div>
          <span className={styles.tLabel}>Free transfers</span>
          <strong className={styles.tValue} data-testid="free-left">
            ∞
          </strong>
        </div>
        <div>
          <span className={styles.tLabel}>Paid transfers</span>
          <strong className={styles.tValue} data-testid="paid-left">
            ∞
          </strong>
        </div>
        <p className={styles.transferNote}>Unlimited changes until your team's first match starts.</p>
      </div>
    )
  const cost = plan.cost_paise / 100
  return (
    <div className={styles.transfers} data-testid="transfer-bar" data-unlimited="false">
      <div>
        <span className={styles.tLabel}>Free left</span>
        <strong data-testid="free-left" className={`${styles.tValue} ${styles.free}`}>
          {plan.free_left}
        </strong>
      </div>
      <div>
        <span className={styles.tLabel}>Paid left</span>
        <strong data-testid="paid-left" className={`${styles.tValue} ${styles.paid}`}>
          {plan.paid_left}
        </strong>
      </div>
      <div>
        <span className={styles.tLabel}>This save costs</span>
        <strong className={styles.tValue} data-testid="save-cost">
          {cost > 0 ? formatMoney(cost) : 'Free'}
        </strong>
      </div>
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
