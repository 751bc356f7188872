import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatMoney, formatNumber } from '../../lib/format'
import { type Me, meQuery } from '../../lib/me'
import { LinkRow, StatusChip } from './bits'
import { STATE_LABEL, verificationSteps } from './verification'
import styles from './wallet.module.css'

const STEP_TONE = { done: 'ok', pending: 'wait', rejected: 'bad', todo: 'none' } as const

/**
 * `/wallet`: the four balances (current = unused + winnings), the three passbooks, add cash,
 * withdraw, and where each identity check stands. Balances are always fetched fresh; the me
 * query writes them to the cached `me_current_balance` the header shows.
 */
export function WalletPage() {
  const me = useQuery({ ...meQuery, staleTime: 0, refetchOnMount: 'always' })
  if (me.isPending) return <Loading />
  if (me.isError) return <Alert>{me.error.message}</Alert>
  const user = me.data
  return (
    <div className={styles.page} data-testid="wallet">
      <PageHead title="My Wallet" />
      <section className={styles.hero} aria-label="Current balance">
        <span className={styles.heroLabel}>Current balance</span>
        <strong className={styles.heroAmount} data-testid="wallet-current">
          {formatMoney(user.current_balance)}
        </strong>
        <div className={styles.heroActions}>
          <ButtonLink to="/add-cash" variant="gold" data-testid="add-cash">
            Add cash
          </ButtonLink>
          <ButtonLink to="/wallet/withdraw" variant="secondary" data-testid="withdraw">
            Withdraw
          </ButtonLink>
        </div>
      </section>

      <div className={styles.balances}>
        <Link to="/wallet/unused-passbook" className={styles.balance} data-testid="wallet-unused">
          <span>Unused</span>
          <strong>{formatMoney(user.unused_balance)}</strong>
          <em>Passbook</em>
        </Link>
        <Link to="/wallet/winnings-passbook" className={styles.balance} data-testid="wallet-winnings">
          <span>Winnings</span>
          <strong>{formatMoney(user.winning_balance)}</strong>
          <em>Passbook</em>
        </Link>
        <Link to="/wallet/coins-passbook" className={styles.balance} data-testid="wallet-coins">
          <span>Coins</span>
          <strong>{formatNumber(user.coin_balance)}</strong>
          <em>Passbook</em>
        </Link>
      </div>
      <p className={styles.note}>
        Unused balance pays entry fees first, then winnings. Only winnings can be withdrawn.
      </p>

      <Verification user={user} />

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>More</h2>
        <ul className={styles.links}>
          <LinkRow to="/scratch-cards" title="Scratch cards" detail="Rewards from paid joins and referrals" />
          <LinkRow
            to="/refer-and-earn"
            title="Refer and earn"
            detail="Invite friends, both of you get rewards"
          />
          <LinkRow to="/offers" title="Offers" detail="What you can earn right now" />
          <LinkRow
            to="/wallet/refund-and-cancellation"
            title="Refunds and cancellations"
            detail="The policy, claims and their status"
          />
          <LinkRow to="/help/wallet" title="How the wallet works" />
        </ul>
      </section>
    </div>
  )
}

/** Where each identity check stands (mobile, PAN, bank or UPI), each a link to its page. */
function Verification({ user }: { user: Me }) {
  const steps = verificationSteps(user)
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>Verification</h2>
      {user.is_current_user_allowed_to_redeem ? null : (
        <p className={styles.muted}>
          Verify your mobile number and PAN card and add a bank account or UPI id to withdraw winnings.
        </p>
      )}
      <ul className={styles.links} data-testid="verification">
        {steps.map((step) => (
          <LinkRow
            key={step.key}
            to={step.to}
            title={step.label}
            detail={step.detail}
            testId={`verify-${step.key}`}
            aside={
              <StatusChip tone={STEP_TONE[step.state]} testId={`verify-${step.key}-state`}>
                {step.optional ? 'Optional' : STATE_LABEL[step.state]}
              </StatusChip>
            }
          />
        ))}
      </ul>
    </section>
  )
}
