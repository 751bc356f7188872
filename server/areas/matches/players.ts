import type { Deps } from '../../deps'
import { notFound } from '../../http/errors'
import { type Page, pageMeta } from '../../http/paging'
import { phaseFilters, selectedIdsFor } from '../championship/players'
import {
  type CatalogPlayerRow,
  findCatalogPlayer,
  playersOfTeams,
  recentScores,
  searchPlayersPage,
  seriesPlayersPage,
} from './players.queries'
import { phaseExists } from './queries'
import { playerJson } from './serialize'

/** A catalogue player as a squad player: outside a match nobody is in a lineup. */
const asSquad = (p: CatalogPlayerRow) => ({ ...p, in_lineup: null })

export async function seriesPlayers(deps: Deps, seriesId: number, page: Page) {
  const { rows, total } = await seriesPlayersPage(deps.db, seriesId, page)
  return { players: rows.map((p) => playerJson(asSquad(p))), meta: pageMeta(page, total) }
}

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

export async function searchPlayers(deps: Deps, q: { text: string; sport_slug?: string }, page: Page) {
  const { rows, total } = await searchPlayersPage(deps.db, q, page)
  return { players: rows.map((p) => playerJson(asSquad(p))), meta: pageMeta(page, total) }
}

/** One player, with their points in their ten latest matches. */
export async function playerDetail(deps: Deps, id: number) {
  const row = await findCatalogPlayer(deps.db, id)
  if (!row) throw notFound('Player')
  const recent = await recentScores(deps.db, row.id)
  return {
    ...playerJson(asSquad(row)),
    sport_slug: row.sport_slug,
    recent_scores: recent.map((r) => ({
      match_id: r.match_id,
      title: r.title,
      event_time_in_millis: Number(r.event_time_ms),
      total_score: r.total_score,
    })),
  }
}
