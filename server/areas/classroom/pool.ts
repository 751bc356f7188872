import type { Executor } from '../../db/tx'
import type { AuctionPlayer } from '../../domain/auction/rules'
import { basePriceOf } from '../auctions/catalog'

/**
 * The player pool of a class auction — the one place it is chosen (docs/classroom.md, "The
 * pool"). Today it is the cricket series with the most players (every side of every match of
 * the series: ≈180 in the demo league, 10 sides × 18), the largest pool an auction can take.
 * When a larger league pool exists (issue 16 item 4), this function is what switches to it:
 * the class's squad sizes follow from whatever it returns.
 */
export interface ClassPool {
  series_id: number
  series_name: string
  players: AuctionPlayer[]
}

export async function classAuctionPool(db: Executor): Promise<ClassPool | null> {
  const series = await db
    .selectFrom('series as s')
    .innerJoin('sports as sp', 'sp.id', 's.sport_id')
    .select(['s.id', 's.name'])
    .where('sp.slug', '=', 'cricket')
    .orderBy('s.id')
    .execute()
  let best: ClassPool | null = null
  for (const s of series) {
    const players = await seriesPlayers(db, s.id)
    if (!best || players.length > best.players.length)
      best = { series_id: s.id, series_name: s.name, players }
  }
  return best && best.players.length > 0 ? best : null
}

/** As the auction prices a series pool: base prices from credit values. */
async function seriesPlayers(db: Executor, seriesId: number): Promise<AuctionPlayer[]> {
  const sides = db
    .selectFrom('match_teams as mt')
    .innerJoin('matches as m', 'm.id', 'mt.match_id')
    .select('mt.real_team_id')
    .where('m.series_id', '=', seriesId)
  const rows = await db
    .selectFrom('players')
    .select(['id', 'style', 'value_tenths', 'is_star'])
    .where('real_team_id', 'in', sides)
    .orderBy('id')
    .execute()
  return rows.map((p) => ({
    id: p.id,
    basePrice: basePriceOf(p.value_tenths),
    style: p.style,
    star: p.is_star === 1,
  }))
}
