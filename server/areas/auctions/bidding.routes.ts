import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idField, idParam } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { runCommand, violationError } from './commands'
import { actingManager } from './managers'
import { type AuctionRow, findAuction, saleEvents } from './queries'
import { AuctionPlayerSchema, BiddingPlayerSchema, SaleSchema } from './schemas'
import { releasePlayer } from './sealed'
import { BidBody, biddingPlayerJson, managersOf, playerCards, playersJson } from './serialize'
import { refusedBid, stateOf } from './state'
import { handBack } from './takeover'
import { visibleAuction } from './visibility'

/** The open round: players, sales, the current lot, bids and releases. */
// Long: a route factory, one short registration per route.
export function auctionBiddingRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Auctions'])
  const now = () => deps.clock.now()

  route.get(
    '/api/auctions/{id}/players',
    {
      summary: 'The auction’s players: upcoming, on the block, sold (to whom, for how much) or unsold',
      auth: true,
      params: idParam,
      query: z.object({ status: z.enum(['upcoming', 'bidding', 'sold', 'unsold']).optional() }),
      ok: json(z.object({ players: z.array(AuctionPlayerSchema) }), 'Players'),
      errors: [404],
    },
    async (c, me) => {
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      const { status } = c.req.valid('query')
      const players = (await playersJson(deps, stateOf(deps, row))).filter(
        (p) => !status || p.status === status,
      )
      return c.json({ players }, 200)
    },
  )

  route.get(
    '/api/auctions/{id}/bids',
    {
      summary: 'Assigned bids: every sale so far, in order',
      auth: true,
      params: idParam,
      ok: json(z.object({ assigned_bids: z.array(SaleSchema) }), 'Sales'),
      errors: [404],
    },
    async (c, me) => {
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      const events = await saleEvents(deps.db, row.id)
      const sales = events
        .map((e) => ({
          seq: e.seq,
          ...(JSON.parse(e.payload) as {
            playerId: number
            managerId: number | null
            price: number | null
            result?: string
            atMs: number
          }),
        }))
        .filter((e) => e.managerId !== null && e.result !== 'unsold')
      const cards = await playerCards(
        deps.db,
        sales.map((s) => s.playerId),
      )
      const managers = await managersOf(deps.db, row.id)
      return c.json(
        {
          assigned_bids: sales.map((s) => ({
            seq: s.seq,
            player: cards.get(s.playerId) ?? null,
            manager_id: s.managerId,
            franchise_name: managers.find((m) => m.id === s.managerId)?.franchise_name ?? null,
            amount: s.price,
            at_in_millis: s.atMs,
          })),
        },
        200,
      )
    },
  )

  route.get(
    '/api/auctions/{id}/bidding_player',
    {
      summary: 'The current lot',
      description:
        '`bidding_player`, `player_bids` (newest first), `current_user_last_bid`, `next_bid_amount`, `ends_at_in_millis` and `server_time_in_millis` (draw countdowns from these, not a local timer).',
      auth: true,
      params: idParam,
      ok: json(BiddingPlayerSchema, 'The lot'),
      errors: [404],
    },
    async (c, me) => {
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      return c.json(await biddingPlayerJson(deps, row, me.id), 200)
    },
  )

  route.post(
    '/api/auctions/{id}/bid_player',
    {
      summary: 'Bid on the current lot',
      description:
        '`bid_amount` must equal `next_bid_amount`. 409 `BID_REFUSED` names the rule (wrong amount, lot closed, beyond your reservation, squad full, star or balance cap, not approved); `AUCTION_STATE` when paused or no open round.',
      auth: true,
      params: idParam,
      body: BidBody,
      ok: json(BiddingPlayerSchema, 'The lot after the bid'),
      errors: [404, 409, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      const mine = await actingManager(deps.db, id, me.id)
      const body = c.req.valid('json')
      const bid = {
        type: 'bid' as const,
        managerId: mine.id,
        playerId: body.player_id,
        amount: body.bid_amount,
      }
      // Bidding themselves takes the seat back from a stand-in (or a takeover's autopilot), even
      // a bid that is refused: the lead their stand-in holds is theirs, and so is the next bid.
      if (mine.autopilot !== null) await handBack(deps, id, mine.id)
      const refused = await refusedBid(deps, id, { ...bid, atMs: now() })
      if (refused) throw violationError(refused)
      await runCommand(deps, id, () => ({ ...bid, atMs: now() }))
      return c.json(await biddingPlayerJson(deps, (await findAuction(deps.db, id)) as AuctionRow, me.id), 200)
    },
  )

  route.post(
    '/api/auctions/{id}/release',
    {
      summary: 'Release one of my players (between rounds): back to the pool, price back to my purse',
      auth: true,
      params: idParam,
      body: z.strictObject({ player_id: idField() }),
      ok: json(
        z.object({
          released: z
            .object({ player_id: z.number().int(), locked_until_in_millis: z.number().int() })
            .nullable(),
        }),
        'Released',
      ),
      errors: [404, 409, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      const mine = await actingManager(deps.db, id, me.id)
      const { player_id } = c.req.valid('json')
      const r = await releasePlayer(deps, id, mine.id, player_id)
      const released = r.events.find((e) => e.type === 'released')
      return c.json(
        {
          released: released
            ? { player_id, locked_until_in_millis: (released as { lockedUntilMs: number }).lockedUntilMs }
            : null,
        },
        200,
      )
    },
  )

  return app
}
