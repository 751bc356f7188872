import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Loading, PageHead } from '../../components/Common'
import { Alert, LoadErrorAlert } from '../../components/Field'
import { ApiError } from '../../lib/api'
import { formatMoney, formatNumber } from '../../lib/format'
import { claimScratchCard, type ScratchCard, scratchCardQuery } from './api'
import styles from './rewards.module.css'
import { ScratchSurface } from './ScratchSurface'

/** `/scratch-cards/:id`: rub the foil off (or press the button) to reveal and claim the reward. */
export function ScratchCardPage() {
  const raw = useParams().id
  const id = Number(raw)
  const card = useQuery({ ...scratchCardQuery(id), enabled: Number.isInteger(id) && id > 0 })
  if (!Number.isInteger(id) || id <= 0) return <Alert>There is no scratch card {raw}.</Alert>
  if (card.isPending) return <Loading />
  if (card.isError)
    return (
      <div className={styles.page}>
        <LoadErrorAlert error={card.error} missing="This scratch card does not exist, or it is not yours." />
        <Link to="/scratch-cards">All scratch cards</Link>
      </div>
    )
  return <CardView card={card.data} />
}

function CardView({ card }: { card: ScratchCard }) {
  const client = useQueryClient()
  const [wasClaimed] = useState(card.claimed)
  const claim = useMutation({
    mutationFn: () => claimScratchCard(client, card.id),
    meta: { silent: true },
    onError: (error) => {
      // Claimed meanwhile (another tab): show what it was.
      if (error instanceof ApiError && error.status === 409)
        void client.invalidateQueries({ queryKey: scratchCardQuery(card.id).queryKey })
    },
  })
  const shown = claim.data ?? card
  const reward = shown.claimed ? shown.reward : null
  return (
    <div className={styles.page} data-testid="scratch-card-page">
      <PageHead title="Scratch card" subtitle={card.source_text} />
      <div className={styles.cardStage}>
        <ScratchSurface
          cleared={shown.claimed}
          disabled={shown.claimed || claim.isPending}
          onReveal={() => claim.mutate()}
        >
          <Prize reward={reward} revealing={claim.isPending} />
        </ScratchSurface>
      </div>
      {claim.isError && !(claim.error instanceof ApiError && claim.error.status === 409) ? (
        <Alert>{claim.error.message}</Alert>
      ) : null}
      {reward ? (
        <p className={styles.outcome} data-testid="scratch-outcome" role="status">
          {reward.kind === 'cash'
            ? `${formatMoney(reward.amount)} ${wasClaimed ? 'went' : 'has gone'} to your unused balance.`
            : reward.kind === 'coins'
              ? `${formatNumber(reward.amount)} coins ${wasClaimed ? 'went' : 'have gone'} to your coin balance.`
              : 'No reward on this one. Join a paid contest for another card.'}
        </p>
      ) : (
        <div className={styles.scratchActions}>
          <p className={styles.muted}>Rub the card with your finger or mouse to reveal your reward.</p>
          <Button
            variant="secondary"
            onClick={() => claim.mutate()}
            busy={claim.isPending}
            data-testid="reveal"
          >
            Reveal without scratching
          </Button>
        </div>
      )}
      <div className={styles.emptyActions}>
        <ButtonLink to="/scratch-cards" variant="ghost">
          All scratch cards
        </ButtonLink>
        {reward && reward.kind !== 'none' ? (
          <ButtonLink
            to={reward.kind === 'coins' ? '/wallet/coins-passbook' : '/wallet/unused-passbook'}
            variant="ghost"
          >
            Passbook
          </ButtonLink>
        ) : null}
      </div>
    </div>
  )
}

/** Under the silver: the reward once claimed, until then what is happening. */
function Prize({ reward, revealing }: { reward: ScratchCard['reward'] | null; revealing: boolean }) {
  return (
    <div className={styles.prize} data-testid="scratch-reward" data-kind={reward?.kind ?? ''}>
      {reward ? (
        <>
          <span className={styles.prizeKind}>
            {reward.kind === 'cash' ? 'You won' : reward.kind === 'coins' ? 'You won' : 'Oh no'}
          </span>
          <strong className={reward.kind === 'none' ? styles.nothing : undefined}>
            {reward.kind === 'cash'
              ? formatMoney(reward.amount)
              : reward.kind === 'coins'
                ? `${formatNumber(reward.amount)} coins`
                : reward.label}
          </strong>
        </>
      ) : revealing ? (
        <span className={styles.prizeKind}>Revealing..</span>
      ) : (
        <span className={styles.prizeKind}>A reward is waiting</span>
      )}
    </div>
  )
}
