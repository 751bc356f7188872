import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idParam } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
import { actingManager } from './managers'
import { managerOf } from './queries'
import { SealedBidSchema } from './schemas'
import { placeSealedBid } from './sealed'
import { BidBody, playerCards } from './serialize'
import { stateOf } from './state'
import { visibleAuction } from './visibility'

/** Sealed rounds: my sealed bids and placing one. */
// Long: a route factory, one short registration per route.
export function auctionSealedRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Auctions'])
  const _now = () => deps.clock.now()

  route.get(
    '/api/auctions/{id}/secondary_bids',
    {
      summary: 'Sealed bids: my own while the round runs',
      auth: true,
      params: idParam,
      ok: json(
        z.object({ secondary_bids: z.array(SealedBidSchema), closes_at_in_millis: z.number().nullable() }),
        'Bids',
      ),
      errors: [404],
    },
    async (c) => {
      const me = currentUser(c)
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      const mine = await managerOf(deps.db, row.id, me.id)
      const state = stateOf(deps, row)
      const bids = (state.sealed?.bids ?? []).filter((b) => mine && b.managerId === mine.id)
      const cards = await playerCards(
        deps.db,
        bids.map((b) => b.playerId),
      )
      return c.json(
        {
          secondary_bids: bids.map((b) => ({
            player: cards.get(b.playerId) ?? null,
            player_id: b.playerId,
            bid_amount: b.amount,
            at_in_millis: b.atMs,
          })),
          closes_at_in_millis: state.sealed?.closesAtMs ?? null,
        },
        200,
      )
    },
  )

  route.post(
    '/api/auctions/{id}/secondary_bids',
    {
      summary: 'Place or change a sealed bid',
      description:
        '≥ the base price (else 422); a new bid on the same player replaces your previous one. Amounts stay hidden until the round closes.',
      auth: true,
      params: idParam,
      body: BidBody,
      responses: {
        201: json(
          z.object({
            secondary_bid: z.object({
              player_id: z.number().int(),
              bid_amount: z.number(),
              manager_id: z.number().int(),
            }),
          }),
          'The bid',
        ),
      },
      errors: [404, 409, 422],
    },
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      const mine = await actingManager(deps.db, id, me.id)
      const body = c.req.valid('json')
      await placeSealedBid(deps, id, mine.id, body)
      return c.json(
        { secondary_bid: { player_id: body.player_id, bid_amount: body.bid_amount, manager_id: mine.id } },
        201,
      )
    },
  )

  return app
}
