import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { shownTeam } from './serialize'
import { visibleClassicTeam } from './visibility'

/**
 * The players of `classic_team_id` as the viewer may see them (spec §7 "players by phase
 * (classic_team_id)"): the owner's saved team; anyone else's team as it stood at its last
 * lock, and only after its first (before that it is 404, as the team itself is). A team of
 * another phase is 404 too.
 */
export async function selectedIdsFor(
  deps: Deps,
  viewerId: number | null,
  phaseId: number,
  teamId: number | undefined,
): Promise<Set<number>> {
  if (teamId === undefined) return new Set()
  const team = await visibleClassicTeam(deps, viewerId ?? 0, teamId)
  if (team.phase_id !== phaseId) throw notFound('Classic team')
  return new Set((await shownTeam(deps.db, team, viewerId ?? 0)).ids)
}
