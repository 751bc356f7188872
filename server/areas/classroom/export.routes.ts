import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { EXPORT_KINDS } from '../../domain/exports'
import { idParam } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { auctionExport, classExport, contestExport } from './export'

const int = () => z.number().int()

const ExportSchema = z.object({
  rows: z.array(
    z.object({
      kind: z.enum(EXPORT_KINDS),
      at_ms: int(),
      at: z.string(),
      auction_id: int().nullable(),
      contest_id: int().nullable(),
      user_id: int(),
      username: z.string(),
      franchise: z.string().nullable(),
      player_id: int().nullable(),
      player: z.string().nullable(),
      amount: int(),
      unit: z.enum(['coins', 'paise']),
    }),
  ),
})

const ok = json(ExportSchema, 'Every bid, pick, transfer, entry, payout and refund, in time order')

/** Exports (docs/classroom.md, "Exports"): what `fanspole export … --csv` writes. */
export function exportRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Classroom'])
  const description = 'For its owner and admins (404 to anyone else).'

  route.get(
    '/api/auctions/{id}/export',
    {
      summary: 'An auction’s bids, picks and transfers',
      description,
      auth: true,
      params: idParam,
      ok,
      errors: [404],
    },
    async (c, me) => c.json({ rows: await auctionExport(deps, c.req.valid('param').id, me) }, 200),
  )
  route.get(
    '/api/contests/{id}/export',
    {
      summary: 'A contest’s entries, payouts and refunds',
      description,
      auth: true,
      params: idParam,
      ok,
      errors: [404],
    },
    async (c, me) => c.json({ rows: await contestExport(deps, c.req.valid('param').id, me) }, 200),
  )
  route.get(
    '/api/classrooms/{id}/export',
    {
      summary: 'A class’s students’ rows in its auction and its contest',
      description: 'For the instructor who made the class and admins (404 to anyone else).',
      auth: true,
      params: idParam,
      ok,
      errors: [404],
    },
    async (c, me) => c.json({ rows: await classExport(deps, c.req.valid('param').id, me) }, 200),
  )
  return app
}
