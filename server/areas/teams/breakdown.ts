import type { Deps } from '../../core/deps'
import { scoringFamily } from '../../domain/events/schema'
import { SYSTEM_KEY } from '../../domain/scoring'
import { POINT_SYSTEMS } from '../../domain/scoring/point-systems'
import { type TeamRole, teamPlayerBreakdown } from '../../domain/scoring/team-breakdown'
import { type MatchRow, matchSquad, playerScores } from '../matches'
import type { UserTeamRow } from './queries'
import { parsePlayerIds } from './queries'
import { matchSelection } from './selection'
import { isMatchLocked } from './service'

/**
 * A team's preview after the lock: for each of its players the share of the match's teams
 * that picked them (and made them captain, vice-captain), and their points by event with the
 * leader's multiplier — lines that sum to the points the team gets for them. Before the lock
 * the shares are withheld (null): they would tell other players' picks.
 */
export async function teamBreakdown(deps: Deps, team: UserTeamRow, match: MatchRow) {
  const locked = isMatchLocked(match, deps.clock.now())
  const system = POINT_SYSTEMS[SYSTEM_KEY[scoringFamily(match.sport_slug)]]!
  const [squad, scores, selection] = await Promise.all([
    matchSquad(deps.db, match.id),
    // An abandoned match awards no points.
    match.status === 'abandoned' ? Promise.resolve([]) : playerScores(deps, match.id),
    locked ? matchSelection(deps.db, match.id) : Promise.resolve(null),
  ])
  const byId = new Map(squad.map((p) => [p.id, p]))
  const scoreOf = new Map(scores.map((s) => [s.player_id, s]))
  const players = parsePlayerIds(team.player_ids).map((id) => {
    const role: TeamRole =
      id === team.captain_id ? 'captain' : id === team.vice_captain_id ? 'vice_captain' : null
    const picked = selection?.players.get(id)
    const p = byId.get(id)
    return {
      player_id: id,
      name: p?.display_name || p?.name || `#${id}`,
      role,
      selected_by: selection ? (picked?.selected_by ?? 0) : null,
      captain_by: selection ? (picked?.captain_by ?? 0) : null,
      vice_captain_by: selection ? (picked?.vice_captain_by ?? 0) : null,
      ...teamPlayerBreakdown(scoreOf.get(id) ?? { total_score: 0, breakdown: [] }, role, system),
    }
  })
  return {
    team_id: team.id,
    match_id: match.id,
    locked,
    teams_count: selection ? selection.teams : null,
    total_points: players.reduce((sum, p) => sum + p.points, 0),
    players,
  }
}
