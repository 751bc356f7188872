import type { Deps } from '../../deps'
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

/** Per-fixture filters of a phase (both phase player lists): each names the two sides whose players it shows. */
export async function phaseFilters(deps: Deps, phaseId: number) {
  const fixtures = await deps.db
    .selectFrom('matches')
    .select(['id', 'title', 'match_no'])
    .where('phase_id', '=', phaseId)
    .orderBy('event_time_ms')
    .orderBy('id')
    .execute()
  const sides =
    fixtures.length === 0
      ? []
      : await deps.db
          .selectFrom('match_teams')
          .select(['match_id', 'real_team_id', 'slot'])
          .where(
            'match_id',
            'in',
            fixtures.map((f) => f.id),
          )
          .orderBy('slot')
          .execute()
  // A series of one pairing (a Test series) has the same title three times: the match number
  // tells the chips apart.
  const repeated = (title: string) => fixtures.filter((f) => f.title === title).length > 1
  return fixtures.map((f) => ({
    id: f.id,
    text: repeated(f.title) ? `M${f.match_no} ${f.title}` : f.title,
    team_ids: sides.filter((s) => s.match_id === f.id).map((s) => s.real_team_id),
  }))
}
