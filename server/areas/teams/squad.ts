import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { type MatchRow, matchSquad, playerJson, pointsOf } from '../matches'
import { peekLive } from '../scoring'
import { visibleTeam } from './visibility'

/**
 * The squad of a match with points so far and, while it is live, the share of teams that picked
 * each player; with `teamId` (the viewer's team, or anyone's after the start) that team's picks.
 */
export async function matchPlayers(deps: Deps, match: MatchRow, viewerId: number | null, teamId?: number) {
  const squad = await matchSquad(deps.db, match.id)
  const points = await pointsOf(deps, match.id)
  const live = await peekLive(deps, match.id)
  const teams = live?.board.teamCount ?? 0
  let userTeam = null
  if (teamId) {
    if (viewerId === null) throw notFound('Team')
    const { team } = await visibleTeam(deps, viewerId, match.id, teamId)
    userTeam = {
      id: team.id,
      player_ids: team.player_ids.split(',').map(Number),
      captain: team.captain_id,
      vice_captain: team.vice_captain_id,
    }
  }
  const players = squad.map((p) =>
    playerJson(p, {
      points: points.get(p.id) ?? null,
      selected_by: live && teams > 0 ? Math.round((live.board.selections(p.id) / teams) * 1000) / 10 : null,
    }),
  )
  return { players, user_team: userTeam }
}
