import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatMoney, formatNumber } from '../../lib/format'
import { type ScratchCard, scratchCardsQuery } from './api'
import { HowItWorksLink } from './HowItWorksLink'
import styles from './rewards.module.css'

/** `/scratch-cards`: what the cards have paid so far, and every card (unscratched first to the eye). */
export function ScratchCardsPage() {
  const list = useQuery(scratchCardsQuery)
  if (list.isPending) return <Loading />
  if (list.isError) return <Alert>{list.error.message}</Alert>
  const { scratch_cards: cards, total_reward_balance, total_reward_coins, unclaimed_count } = list.data
  return (
    <div className={styles.page} data-testid="scratch-cards">
      <PageHead
        title="Scratch cards"
        subtitle={
          unclaimed_count > 0 ? `${formatNumber(unclaimed_count)} waiting to be scratched` : 'All scratched'
        }
        actions={<HowItWorksLink to="/scratch-cards/help" />}
      />
      <div className={styles.totals}>
        <div>
          <span>Cash won</span>
          <strong data-testid="total-reward-balance">{formatMoney(total_reward_balance)}</strong>
        </div>
        <div>
          <span>Coins won</span>
          <strong data-testid="total-reward-coins">{formatNumber(total_reward_coins)}</strong>
        </div>
      </div>
      {cards.length === 0 ? (
        <EmptyState title="No scratch cards yet">
          <p>You get one for every paid contest you join and for every friend who signs up with your code.</p>
          <div className={styles.emptyActions}>
            <ButtonLink to="/contests">Join a contest</ButtonLink>
            <ButtonLink to="/refer-and-earn" variant="secondary">
              Refer a friend
            </ButtonLink>
          </div>
        </EmptyState>
      ) : (
        <ul className={styles.grid}>
          {cards.map((card) => (
            <li key={card.id}>
              <CardTile card={card} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function CardTile({ card }: { card: ScratchCard }) {
  return (
    <Link
      to={`/scratch-cards/${card.id}`}
      className={`${styles.tile} ${card.claimed ? styles.tileClaimed : ''}`}
      data-testid="scratch-card"
      data-card-id={card.id}
      data-claimed={card.claimed}
    >
      {card.claimed && card.reward ? (
        <>
          <span className={`${styles.tileReward} ${card.reward.kind === 'none' ? styles.nothing : ''}`}>
            {card.reward.label}
          </span>
          <span className={styles.tileNote}>Scratched</span>
        </>
      ) : (
        <>
          <span className={styles.tileFoil} aria-hidden="true">
            ?
          </span>
          <span className={styles.tileNote}>Tap to scratch</span>
        </>
      )}
      <span className={styles.tileSource}>{card.source_text}</span>
    </Link>
  )
}
