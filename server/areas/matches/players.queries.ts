import { sql } from 'kysely'
import { containsText, countRows } from '../../db/query'
import type { Executor } from '../../db/tx'
import type { Page } from '../../http/paging'

/** A player's own fields, in every list of players (`p` is the players table). */
export const PLAYER_FIELDS = [
  'p.id',
  'p.name',
  'p.display_name',
  'p.style',
  'p.is_star',
  'p.last_series_score',
  'p.country',
] as const

/** A player's side beside them (`t` is the real_teams table). */
export const SIDE_FIELDS = ['t.name as team_name', 't.name_attr as team_name_attr', 't.team_color'] as const

/** A player with their latest credit value and side. */
export const VALUED_PLAYER_FIELDS = [
  ...PLAYER_FIELDS,
  'p.value_tenths',
  'p.real_team_id',
  ...SIDE_FIELDS,
] as const

/** Players with their latest credit value and side, for series, phase, search and detail views. */
function playerBase(db: Executor) {
  return db
    .selectFrom('players as p')
    .innerJoin('real_teams as t', 't.id', 'p.real_team_id')
    .innerJoin('sports as s', 's.id', 'p.sport_id')
    .select([...VALUED_PLAYER_FIELDS, 's.slug as sport_slug'])
}

export type CatalogPlayerRow = Awaited<ReturnType<ReturnType<typeof playerBase>['execute']>>[number]

/** Every player of the sides that play in a series, dearest first. */
export async function seriesPlayersPage(db: Executor, seriesId: number, page: Page) {
  const teams = db
    .selectFrom('match_teams as mt')
    .innerJoin('matches as m', 'm.id', 'mt.match_id')
    .select('mt.real_team_id')
    .where('m.series_id', '=', seriesId)
  const base = playerBase(db).where('p.real_team_id', 'in', teams)
  const total = await countRows(base)
  const rows = await base
    .orderBy('p.value_tenths', 'desc')
    .orderBy('p.id')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  return { rows, total }
}

/** The players of these sides, dearest first. */
export async function playersOfTeams(db: Executor, teamIds: number[]) {
  if (teamIds.length === 0) return []
  return playerBase(db)
    .where('p.real_team_id', 'in', teamIds)
    .orderBy('p.value_tenths', 'desc')
    .orderBy('p.id')
    .execute()
}

/** Players whose name contains the text, by name. */
export async function searchPlayersPage(db: Executor, q: { text: string; sport_slug?: string }, page: Page) {
  let base = playerBase(db).where((eb) =>
    eb.or([containsText('p.name', q.text), containsText('p.display_name', q.text)]),
  )
  if (q.sport_slug) base = base.where('s.slug', '=', q.sport_slug)
  const total = await countRows(base)
  const rows = await base
    // lower(): the same order on both databases, whatever PostgreSQL's collation is.
    .orderBy(sql`lower(${sql.ref('p.name')})`)
    .orderBy('p.id')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  return { rows, total }
}

export function findCatalogPlayer(db: Executor, id: number) {
  return playerBase(db).where('p.id', '=', id).executeTakeFirst()
}

/** A player's points in their ten latest matches. */
export function recentScores(db: Executor, playerId: number) {
  return db
    .selectFrom('player_match_scores as ps')
    .innerJoin('matches as m', 'm.id', 'ps.match_id')
    .select(['ps.match_id', 'm.title', 'm.event_time_ms', 'ps.total_score'])
    .where('ps.player_id', '=', playerId)
    .orderBy('m.event_time_ms', 'desc')
    .limit(10)
    .execute()
}
