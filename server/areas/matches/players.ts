import type { Deps } from '../../deps'

/** Players with their latest credit value and side, for series, phase, search and detail views. */
export function playerBase(deps: Deps) {
  return deps.db
    .selectFrom('players as p')
    .innerJoin('real_teams as t', 't.id', 'p.real_team_id')
    .innerJoin('sports as s', 's.id', 'p.sport_id')
    .select([
      'p.id',
      'p.name',
      'p.display_name',
      'p.style',
      'p.is_star',
      'p.last_series_score',
      'p.country',
      'p.value_tenths',
      'p.real_team_id',
      't.name as team_name',
      't.name_attr as team_name_attr',
      't.team_color',
      's.slug as sport_slug',
    ])
}

export const asSquad = (p: Awaited<ReturnType<ReturnType<typeof playerBase>['execute']>>[number]) => ({
  ...p,
  in_lineup: null,
})
