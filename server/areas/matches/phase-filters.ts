import type { Deps } from '../../core/deps'

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
