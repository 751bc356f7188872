import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/Button'
import { EmptyState, Loading } from '../../components/Common'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { Alert } from '../../components/Field'
import { TimeAgo } from '../../components/TimeAgo'
import { formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import { showSnackbar } from '../../lib/snackbar'
import styles from './auctions.module.css'
import { PlayerLine } from './PlayerLine'
import scores from './scores.module.css'
import { useTournament } from './TournamentLayout'
import {
  activitiesQuery,
  releasePlayer,
  type SuccessBid,
  TOURNAMENT_RULES,
  tournamentQuery,
} from './tournament-api'

/**
 * `/auction/tournaments/:id/squad`: the players I bought, each with a Release button (the price
 * comes back, but he cannot be bought back for two days), and what happened in the tournament.
 */
export function TournamentSquadPage() {
  usePageTitle('Squad', 'Auction tournament')
  const { tournament: t, manager } = useTournament()
  const feed = useQuery(activitiesQuery(t.id))
  const [releasing, setReleasing] = useState<SuccessBid | null>(null)
  const squad = manager?.success_bids ?? []
  return (
    <div className={styles.stack} data-testid="tournament-squad-page">
      {manager ? (
        <>
          <h2 className={styles.sectionTitle}>
            My squad ({squad.length}/{TOURNAMENT_RULES.squadMax})
          </h2>
          <p className={styles.muted} data-testid="squad-summary">
            {manager.franchise_name} · {formatNumber(manager.purse_remaining)} credits left
          </p>
          {squad.length === 0 ? (
            <EmptyState title="No players yet">
              <p>Players you win arrive here when a bidding window closes.</p>
            </EmptyState>
          ) : null}
          <ul className={styles.playerList} data-testid="tournament-squad">
            {squad.map((b) => (
              <li
                key={b.player_id}
                className={styles.playerRow}
                data-testid="squad-bid"
                data-player-id={b.player_id}
              >
                <PlayerLine player={b.player} detail={`bought for ${formatNumber(b.bid_amount)}`} />
                {b.bid_id !== null ? (
                  <Button small variant="secondary" onClick={() => setReleasing(b)} data-testid="release">
                    Release
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          <ReleaseDialog tournamentId={t.id} bid={releasing} onClose={() => setReleasing(null)} />
        </>
      ) : (
        <EmptyState title="You have no franchise in this tournament" />
      )}
      <h2 className={styles.sectionTitle}>Activity</h2>
      {feed.isPending ? <Loading /> : null}
      {feed.isError ? <Alert>{feed.error.message}</Alert> : null}
      {feed.data?.length === 0 ? <p className={styles.muted}>Nothing has happened yet.</p> : null}
      <ul className={scores.feed} data-testid="activities">
        {feed.data?.map((a) => (
          <li key={a.seq} data-testid="activity" data-type={a.type}>
            <span>{a.text}</span>
            <TimeAgo atMs={a.at_in_millis} />
          </li>
        ))}
      </ul>
    </div>
  )
}

function ReleaseDialog({
  tournamentId,
  bid,
  onClose,
}: {
  tournamentId: number
  bid: SuccessBid | null
  onClose: () => void
}) {
  const client = useQueryClient()
  const release = useMutation({
    mutationFn: (b: SuccessBid) => releasePlayer(tournamentId, b.bid_id as number),
    onSuccess: (manager, b) => {
      client.setQueryData(tournamentQuery(tournamentId).queryKey, (d) => (d ? { ...d, manager } : d))
      void client.invalidateQueries({ queryKey: ['tournament', tournamentId] })
      showSnackbar(`${b.player?.display_name ?? 'The player'} released`, 'info')
      onClose()
    },
  })
  const name = bid?.player?.display_name ?? 'this player'
  return (
    <ConfirmDialog
      open={bid !== null}
      title={`Release ${name}?`}
      onClose={onClose}
      testId="release-dialog"
      keepLabel="Keep him"
      confirmLabel="Release"
      busy={release.isPending}
      onConfirm={() => bid && release.mutate(bid)}
      confirmTestId="confirm-release"
    >
      <p>
        {formatNumber(bid?.bid_amount ?? 0)} credits come back to your purse, but you cannot bid for {name}{' '}
        again for two days.
      </p>
    </ConfirmDialog>
  )
}
