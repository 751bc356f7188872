import type { Executor } from '../../db/tx'
import type { AuctionPlayer } from '../../domain/auction/rules'
import { poolOf } from '../auctions'

/**
 * The player pool of a class auction — the one place it is chosen (docs/classroom.md, "The
 * pool"): the league pool (every cricket player of the league, docs/auctions.md "Pools and
 * capacity": 368 players in the demo league, squads of 11 for 33 franchises), scored on the
 * cricket series whose matches hold the most players. The class's squad sizes follow from it.
 */
export interface ClassPool {
  series_id: number
  series_name: string
  pool: 'league'
  players: AuctionPlayer[]
}

export async function classAuctionPool(db: Executor): Promise<ClassPool | null> {
  const sport = await db.selectFrom('sports').select('id').where('slug', '=', 'cricket').executeTakeFirst()
  if (!sport) return null
  const series = await db
    .selectFrom('series')
    .select(['id', 'name'])
    .where('sport_id', '=', sport.id)
    .orderBy('id')
    .execute()
  let scored: { id: number; name: string; size: number } | null = null
  for (const s of series) {
    const size = (await poolOf(db, sport.id, { series_id: s.id, pool: 'series' })).length
    if (!scored || size > scored.size) scored = { ...s, size }
  }
  if (!scored || scored.size === 0) return null
  const players = await poolOf(db, sport.id, { series_id: scored.id, pool: 'league' })
  return { series_id: scored.id, series_name: scored.name, pool: 'league', players }
}
