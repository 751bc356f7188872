import { Link } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Card, PageHead } from '../../components/Common'
import styles from './wallet.module.css'

/** `/wallet/refund-and-cancellation`: the policy, and the way to a claim and its status. */
export function RefundPolicyPage() {
  return (
    <div className={styles.page} data-testid="refund-policy">
      <PageHead title="Refunds and cancellations" />
      <Card className={styles.policy}>
        <h2>Cancelled contests</h2>
        <ul>
          <li>
            A contest that is not full when its match starts is cancelled, unless it is guaranteed. Every
            entry fee goes back to your unused balance at once; you do not need to claim it.
          </li>
        </ul>
        <h2>Payments</h2>
        <ul>
          <li>A failed payment is never charged and adds nothing to your wallet.</li>
          <li>
            If money left your account but did not arrive in your unused balance, claim a refund with the
            order id from the payment screen. Claims are answered within 2 working days.
          </li>
          <li>Cash you added can be spent on contests but not withdrawn; only winnings can be withdrawn.</li>
        </ul>
        <h2>Withdrawals</h2>
        <ul>
          <li>
            A withdrawal can be rejected (for example when the bank details do not match your PAN). The full
            amount, fee included, then returns to your winnings.
          </li>
        </ul>
        <div className={styles.formActions}>
          <ButtonLink to="/help/claim-refund" data-testid="to-claim-refund">
            Claim a refund
          </ButtonLink>
          <ButtonLink to="/help/refund-status" variant="secondary">
            Refund status
          </ButtonLink>
        </div>
      </Card>
      <p className={styles.small}>
        See also the <Link to="/terms-and-conditions">terms and conditions</Link> and{' '}
        <Link to="/help/wallet">how the wallet works</Link>.
      </p>
    </div>
  )
}
