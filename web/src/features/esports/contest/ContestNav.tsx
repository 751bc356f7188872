import { useQuery } from '@tanstack/react-query'
import { NavLink } from 'react-router'
import { data, http } from '../../../lib/client'
import type { EsportsContest } from './api'
import css from './esports.module.css'

/** What the nav needs to know about the contest (any of the pages' answers has it). */
export interface ContestNavInfo {
  id: number
  game: string
  /** The caller is in a squad of the contest. */
  member: boolean
  /** Results have been entered (version ≥ 1). */
  hasResults: boolean
  isHost: boolean
  status: string
  roundId?: number | null
  lobbyNo?: number | null
}

/** The nav's facts from the contest's answer. */
export function navInfo(c: EsportsContest, member = c.joined): ContestNavInfo {
  return {
    id: c.id,
    game: c.game,
    member,
    hasResults: c.results_version > 0,
    isHost: c.is_host,
    status: c.status,
    roundId: c.round_id,
    lobbyNo: c.lobby_no,
  }
}

/**
 * The links between one esports contest's pages (docs/esports.md): the contest, its squads,
 * my squad, the room, the results (`/contests/{id}/{game}-update`), and for a tournament lobby
 * its tournament. The page the player is on is marked (`aria-current`).
 */
export function EsportsContestNav({ info }: { info: ContestNavInfo }) {
  const base = `/contests/${info.id}`
  const showResults =
    info.hasResults || (info.isHost && info.status !== 'cancelled' && info.status !== 'open')
  return (
    <nav className={css.nav} aria-label="Contest pages" data-testid="esports-contest-nav">
      <NavLink to={base} end>
        Contest
      </NavLink>
      <NavLink to={`${base}/squads`} end>
        Squads
      </NavLink>
      {info.member ? <NavLink to={`${base}/squad-update`}>My squad</NavLink> : null}
      {info.member || info.isHost ? <NavLink to={`${base}/room`}>Room</NavLink> : null}
      {showResults ? (
        <NavLink to={`${base}/${info.game}-update`} data-testid="results-link">
          {info.hasResults ? 'Results' : 'Enter results'}
        </NavLink>
      ) : null}
      {info.roundId ? <TournamentLink roundId={info.roundId} lobbyNo={info.lobbyNo ?? null} /> : null}
    </nav>
  )
}

/** A tournament lobby links back to its tournament (the round's answer names it). */
function TournamentLink({ roundId, lobbyNo }: { roundId: number; lobbyNo: number | null }) {
  const round = useQuery({
    queryKey: ['esports-round-of-lobby', roundId],
    queryFn: () => data(http.GET('/api/esports/rounds/{id}/slots', { params: { path: { id: roundId } } })),
    staleTime: 60_000,
  })
  const r = round.data?.round
  if (!r) return <NavLink to={`/pubg-rounds/${roundId}/slots`}>Round slots</NavLink>
  return (
    <NavLink to={`/pubg/tournaments/${r.tournament_id}`} data-testid="tournament-link">
      Tournament · {r.name}
      {lobbyNo ? `, lobby ${lobbyNo}` : ''}
    </NavLink>
  )
}
