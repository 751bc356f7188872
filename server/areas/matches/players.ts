import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { type Page, pageMeta } from '../../http/paging'
import {
  type CatalogPlayerRow,
  findCatalogPlayer,
  recentScores,
  searchPlayersPage,
  seriesPlayersPage,
} from './players.queries'
import { playerJson } from './serialize'

/** A catalogue player as a squad player: outside a match nobody is in a lineup. */
export const asSquad = (p: CatalogPlayerRow) => ({ ...p, in_lineup: null })

export async function seriesPlayers(deps: Deps, seriesId: number, page: Page) {
  const { rows, total } = await seriesPlayersPage(deps.db, seriesId, page)
  return { players: rows.map((p) => playerJson(asSquad(p))), meta: pageMeta(page, total) }
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
