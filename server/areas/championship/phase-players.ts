import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { asSquad, phaseExists, phaseFilters, playerJson, playersOfTeams } from '../matches'
import { selectedIdsFor } from './players'

/**
 * The players of a series phase with its per-fixture filters; `selected` marks the players of a
 * championship team (the viewer's as saved, another's as it stood at its last lock).
 */
export async function phasePlayers(
  deps: Deps,
  viewerId: number | null,
  phaseId: number,
  classicTeamId: number | undefined,
) {
  if (!(await phaseExists(deps.db, phaseId))) throw notFound('Phase')
  const selected = await selectedIdsFor(deps, viewerId, phaseId, classicTeamId)
  const filters = await phaseFilters(deps, phaseId)
  const rows = await playersOfTeams(deps.db, [...new Set(filters.flatMap((f) => f.team_ids))])
  return {
    players: rows.map((p) => ({ ...playerJson(asSquad(p)), selected: selected.has(p.id) })),
    filters,
  }
}
