import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Navigate, Outlet, useOutletContext, useParams } from 'react-router'
import { Button } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { showSnackbar } from '../../lib/snackbar'
import styles from './auctions.module.css'
import { LiveHead, tabsUnder } from './LiveHead'
import { joinTournament, TOURNAMENT_RULES, type TournamentDetail, tournamentQuery } from './tournament-api'
import { useTournamentLive } from './tournament-live'

export type TournamentContext = TournamentDetail & { connected: boolean }
export const useTournament = () => useOutletContext<TournamentContext>()

/** `/auction/tournaments/:id` and its pages (bidding, squad), over one AuctionTournamentChannel subscription. */
export function TournamentLayout() {
  const id = Number(useParams().id)
  const detail = useQuery(tournamentQuery(id))
  const connected = useTournamentLive(id, detail.isSuccess)
  if (detail.isPending) return <Loading />
  if (detail.isError) return <Alert>{detail.error.message}</Alert>
  const { tournament: t, manager } = detail.data
  const tab = tabsUnder(`/auction/tournaments/${id}`)
  return (
    <div data-testid="tournament-page" data-tournament-id={id} data-phase={t.phase}>
      <LiveHead
        back="/auction/tournaments"
        backLabel="Tournaments"
        name={t.name}
        status={t}
        connected={connected}
      />
      <p className={styles.subline}>
        {t.managers_count}/{t.max_managers ?? TOURNAMENT_RULES.startsAt} managers · {t.window_hours ?? 24} h
        windows
        {t.round > 0 ? ` · window ${t.round}` : ''} ·{' '}
        {t.phase === 'waiting'
          ? `${formatNumber(t.players_count)} players to bid on`
          : `${t.sold_count} bought · ${t.unsold_count} unsold`}
        {t.private && t.code ? ` · code ${t.code}` : ''}
      </p>
      {manager ? null : <JoinBar detail={detail.data} />}
      <nav className={styles.tabs} aria-label="Tournament">
        {tab('bidding', 'Bidding')}
        {tab('squad', 'My squad')}
      </nav>
      <Outlet context={{ ...detail.data, connected } satisfies TournamentContext} />
    </div>
  )
}

function JoinBar({ detail }: { detail: TournamentDetail }) {
  const client = useQueryClient()
  const t = detail.tournament
  const join = useMutation({
    mutationFn: () => joinTournament(t.id, t.code ? { code: t.code } : {}),
    onSuccess: () => {
      showSnackbar(`You are in ${t.name}`, 'info')
      void client.invalidateQueries({ queryKey: ['tournament', t.id] })
      void client.invalidateQueries({ queryKey: ['tournaments'] })
    },
  })
  const full = t.max_managers !== null && t.managers_count >= t.max_managers
  return (
    <div className={styles.roundOver} data-testid="tournament-join-bar">
      <strong>You are not in this tournament</strong>
      <span className={styles.muted}>
        {formatNumber(TOURNAMENT_RULES.purse)} credits, up to {TOURNAMENT_RULES.squadMax} players and{' '}
        {TOURNAMENT_RULES.maxStars} stars.
      </span>
      {t.phase !== 'completed' && !full ? (
        <Button small busy={join.isPending} onClick={() => join.mutate()} data-testid="tournament-join">
          Join
        </Button>
      ) : null}
    </div>
  )
}

/** `/auction/tournaments/:id` itself: the bidding page. */
export function TournamentIndex() {
  return <Navigate to="bidding" replace />
}
