import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { REFERRAL_COINS, REWARD_TABLE, type RewardRow } from '../../../../server/domain/rewards'
import { ButtonLink } from '../../components/Button'
import { Card, PageHead } from '../../components/Common'
import { formatMoney, formatNumber } from '../../lib/format'
import { useSignedIn } from '../../lib/use-session'
import { scratchCardsQuery } from './api'
import styles from './rewards.module.css'

/** The best cash and coin prizes on the one reward table the server draws from. */
const topCash = Math.max(...REWARD_TABLE.filter((r) => r.kind === 'cash').map((r) => r.amount)) / 100
const topCoins = Math.max(...REWARD_TABLE.filter((r) => r.kind === 'coins').map((r) => r.amount))

/** `/offers`: what a player can earn right now, from the server's own reward rules. */
export function OffersPage() {
  const cards = useQuery({ ...scratchCardsQuery, meta: { silent: true }, enabled: useSignedIn() })
  const waiting = cards.data?.unclaimed_count ?? 0
  return (
    <div className={styles.page} data-testid="offers">
      <PageHead title="Offers" subtitle="Rewards you can earn on Fanspole." />
      {waiting > 0 ? (
        <Card className={styles.offerHot}>
          <h2>
            {formatNumber(waiting)} scratch card{waiting === 1 ? '' : 's'} waiting
          </h2>
          <p>Scratch them to reveal cash or coins.</p>
          <ButtonLink to="/scratch-cards" variant="gold" small>
            Scratch now
          </ButtonLink>
        </Card>
      ) : null}
      <ul className={styles.offers}>
        <li>
          <Card>
            <span className={styles.offerTag}>Every paid contest</span>
            <h2>A scratch card for every paid entry</h2>
            <p>
              Win up to {formatMoney(topCash)} cash or {formatNumber(topCoins)} coins on each card.
            </p>
            <ButtonLink to="/contests" small>
              Find a contest
            </ButtonLink>
          </Card>
        </li>
        <li>
          <Card>
            <span className={styles.offerTag}>Refer and earn</span>
            <h2>{formatNumber(REFERRAL_COINS)} coins for you and your friend</h2>
            <p>Plus a scratch card each when they sign up with your code.</p>
            <ButtonLink to="/refer-and-earn" small>
              Invite friends
            </ButtonLink>
          </Card>
        </li>
        <li>
          <Card>
            <span className={styles.offerTag}>Auctions</span>
            <h2>Spend coins on auction entries</h2>
            <p>Coins from cards and referrals pay the charge to take a seat in an auction.</p>
            <ButtonLink to="/auctions" small variant="secondary">
              Auctions
            </ButtonLink>
          </Card>
        </li>
      </ul>
      <p className={styles.muted}>
        See <Link to="/scratch-cards/help">the chances on a scratch card</Link>.
      </p>
    </div>
  )
}

/** `/scratch-cards/help`: how cards are earned and the reward table with its chances. */
export function ScratchCardsHelpPage() {
  const total = REWARD_TABLE.reduce((sum, row) => sum + row.weight, 0)
  return (
    <div className={styles.page} data-testid="scratch-help">
      <PageHead title="How scratch cards work" />
      <Card>
        <ul className={styles.fine}>
          <li>You get a card for every paid contest entry and for every referral (both sides).</li>
          <li>Rub the card to reveal the reward. It is paid at once and only once.</li>
          <li>Cash goes to your unused balance, coins to your coin balance.</li>
        </ul>
      </Card>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>What a card can hold</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>Reward</th>
              <th className={styles.num}>Chance</th>
            </tr>
          </thead>
          <tbody>
            {REWARD_TABLE.map((row) => (
              <tr key={`${row.kind}-${row.amount}`}>
                <td>{label(row)}</td>
                <td className={styles.num}>{Math.round((row.weight / total) * 1000) / 10}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className={styles.muted}>
        <Link to="/scratch-cards">Your scratch cards</Link>
      </p>
    </div>
  )
}

function label(row: RewardRow): string {
  if (row.kind === 'cash') return `${formatMoney(row.amount / 100)} cash`
  if (row.kind === 'coins') return `${formatNumber(row.amount)} coins`
  return 'Nothing (better luck next time)'
}
