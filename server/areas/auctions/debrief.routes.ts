import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idParam } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { auctionDebrief } from './debrief'

const int = () => z.number().int()

/** `?anonymous=1`: names left out, managers as "Manager 1", "Manager 2"… (also `true`/`0`/`false`). */
export const DebriefQuery = z.strictObject({
  anonymous: z
    .enum(['1', '0', 'true', 'false'], { error: 'expected 1, 0, true or false' })
    .prefault('0')
    .transform((v) => v === '1' || v === 'true'),
})

const SpendPointSchema = z.object({
  at_in_millis: int(),
  lot_index: int(),
  player_id: int(),
  price: int(),
  spent: int(),
})

const DebriefManagerSchema = z
  .object({
    id: int(),
    anonymous_id: z.string().openapi({ description: '"Manager 7": its place among the managers by id' }),
    franchise_name: z.string().openapi({ description: 'The anonymous id with `anonymous=1`' }),
    username: z.string().nullable(),
    color_hex: z.string().nullable(),
    is_bot: z.boolean(),
    players_count: int(),
    spent: int().openapi({ description: 'Prices paid, in all' }),
    value: z.number().openapi({ description: 'The squad’s value under `value_basis`' }),
    value_per_100: z.number().nullable().openapi({ description: 'Value per 100 coins paid' }),
    spend_curve: z.array(SpendPointSchema),
  })
  .openapi('AuctionDebriefManager')

const DebriefLotSchema = z
  .object({
    index: int(),
    round: z.enum(['open', 'sealed']),
    player_id: int(),
    player_name: z.string(),
    role: z.string(),
    team: z.string().nullable(),
    base_price: int(),
    opened_at_in_millis: int(),
    closed_at_in_millis: int(),
    result: z.enum(['sold', 'unsold']),
    manager_id: int().nullable(),
    price: int().nullable(),
    price_to_base: z.number().nullable(),
    value: z.number(),
    bids: z.array(z.object({ at_in_millis: int(), manager_id: int(), amount: int() })),
  })
  .openapi('AuctionDebriefLot')

export const DebriefSchema = z
  .object({
    auction: z.object({
      id: int(),
      name: z.string(),
      kind: z.enum(['live', 'tournament']),
      match_id: int().nullable(),
      series_id: int().nullable(),
      purse: int(),
      lot_seconds: int(),
      started_at_in_millis: int().nullable(),
      ended_at_in_millis: int().nullable(),
      players_count: int(),
    }),
    anonymous: z.boolean(),
    value_basis: z.enum(['points', 'credits']),
    value_note: z.string(),
    revenue: int(),
    bids_count: int(),
    realised_value: z.number(),
    best_value: z.number(),
    sold_count: int(),
    efficiency: z.number().nullable(),
    managers: z.array(DebriefManagerSchema),
    lots: z.array(DebriefLotSchema),
  })
  .openapi('AuctionDebrief')

/** The debrief of a finished auction (docs/auctions.md, "The debrief"). */
export function auctionDebriefRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Auctions'])
  route.get(
    '/api/auctions/{id}/debrief',
    {
      summary: 'A finished auction replayed: lots, bids, spend curves, revenue and efficiency',
      description:
        'Every lot in order with its bids (who, when, how much) from the stored events, each manager’s cumulative spend, per-lot price against base price, the revenue (prices paid) and the efficiency: the squads’ value under the auction’s scorer (`value_basis` points, or credits before any match is played) against the best the pool could give. `anonymous=1` names managers "Manager 1", "Manager 2"… and leaves names and colours out. 404 as the auction; 409 `AUCTION_STATE` until it has finished.',
      auth: true,
      params: idParam,
      query: DebriefQuery,
      ok: json(z.object({ debrief: DebriefSchema }), 'The debrief'),
      errors: [404, 409, 422],
    },
    async (c, me) => {
      const debrief = await auctionDebrief(deps, c.req.valid('param').id, me.id, c.req.valid('query'))
      return c.json({ debrief }, 200)
    },
  )
  return app
}
