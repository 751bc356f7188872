import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { BIDDING_INTERVALS } from '../../domain/auction/rules'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { AUCTION_CHARGES, AUCTION_COLORS } from './catalog'
import { BiddingIntervalSchema, ColorSchema } from './schemas'

/** What an owner chooses from: franchise colours, bid increments, joining charges. */
export function auctionCatalogRoutes(_deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Auctions'])

  route.get(
    '/api/auctions/colors',
    {
      summary: 'Franchise colours',
      ok: json(z.object({ colors: z.array(ColorSchema) }), 'Colours'),
    },
    (c) => c.json({ colors: AUCTION_COLORS.map((x) => ({ ...x })) }, 200),
  )

  route.get(
    '/api/auctions/bidding_intervals',
    {
      summary: 'Bid increment presets',
      description:
        'Each preset: bands `{ from, step }` — from a high bid of `from` upwards, the next bid adds `step`.',
      ok: json(z.object({ bidding_intervals: z.array(BiddingIntervalSchema) }), 'Presets'),
    },
    (c) =>
      c.json(
        {
          bidding_intervals: Object.entries(BIDDING_INTERVALS).map(([id, p]) => ({
            id,
            name: p.name,
            bands: p.bands,
          })),
        },
        200,
      ),
  )

  route.get(
    '/api/auctions/charges',
    {
      summary: 'Joining charges an owner may set (coins)',
      ok: json(z.object({ charges: z.array(z.number()) }), 'Charges'),
    },
    (c) => c.json({ charges: [...AUCTION_CHARGES] }, 200),
  )

  return app
}
