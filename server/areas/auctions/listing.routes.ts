import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { codeLookupLimit } from '../../http/code-lookup'
import { notFound } from '../../http/errors'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
import { visibleGroup } from '../groups'
import { findAuctionByCode, groupAuctions } from './queries'
import { AuctionSchema } from './schemas'
import { auctionJson } from './serialize'
import { countVisibleAuctions, visibleAuctions } from './visible'

/** Finding auctions: mine and open public ones, by invite code, by group. */
// Long: a route factory, one short registration per route.
export function auctionListRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Auctions'])

  route.get(
    '/api/auctions',
    {
      summary: 'My auctions and open public ones, or one found by invite code',
      description:
        'Newest first, 30 a page (`page`, `per_page` up to 100; `meta` has the total). With `code`: the auction with that invite code (404 if none), as `new_auctions: [it]`.',
      auth: true,
      middleware: [codeLookupLimit(deps, { query: 'code' })],
      query: pagingQuery(30, 100).extend({ code: z.string().trim().min(1).optional() }),
      ok: json(
        z.object({ new_auctions: z.array(AuctionSchema), meta: PageMetaSchema.optional() }),
        'Auctions',
      ),
      errors: [404, 422, 429],
    },
    async (c) => {
      const me = currentUser(c)
      const { code, ...paging } = c.req.valid('query')
      if (code) {
        const row = await findAuctionByCode(deps.db, code)
        if (!row) throw notFound('Auction')
        // The code is the key to a private auction: show it, with its code.
        const json = await auctionJson(deps, row, me.id)
        return c.json({ new_auctions: [{ ...json, code: row.code }] }, 200)
      }
      const page = toPage(paging)
      const rows = await visibleAuctions(deps.db, me.id, page)
      return c.json(
        {
          new_auctions: await Promise.all(rows.map((r) => auctionJson(deps, r, me.id))),
          meta: pageMeta(page, await countVisibleAuctions(deps.db, me.id)),
        },
        200,
      )
    },
  )

  route.get(
    '/api/auctions/by_group',
    {
      summary: 'My auctions grouped: waiting, live, completed',
      description:
        'With `group_uuid_id`: the auctions created from that group (members only, else 404), in the same buckets, plus all of them newest first in `new_auctions`.',
      auth: true,
      query: z.object({ group_uuid_id: z.string().min(1).max(64).optional() }),
      ok: json(
        z.object({
          groups: z.object({
            waiting: z.array(AuctionSchema),
            live: z.array(AuctionSchema),
            completed: z.array(AuctionSchema),
            open_to_join: z.array(AuctionSchema),
          }),
          new_auctions: z.array(AuctionSchema).optional(),
        }),
        'Groups',
      ),
      errors: [404, 422],
    },
    async (c) => {
      const me = currentUser(c)
      const { group_uuid_id } = c.req.valid('query')
      // With a group: the auctions created from it (members only, as the group itself).
      const group =
        group_uuid_id === undefined ? null : (await visibleGroup(deps.db, group_uuid_id, me.id)).group
      // The newest hundred, as this page has always shown.
      const rows = group
        ? await groupAuctions(deps.db, group.id)
        : await visibleAuctions(deps.db, me.id, { offset: 0, per_page: 100 })
      const all = await Promise.all(rows.map((r) => auctionJson(deps, r, me.id)))
      const mineOnly = all.filter((a) => a.is_owner || a.current_manager)
      return c.json(
        {
          groups: {
            waiting: mineOnly.filter((a) => a.phase === 'waiting'),
            live: mineOnly.filter((a) => a.phase !== 'waiting' && a.phase !== 'completed'),
            completed: mineOnly.filter((a) => a.phase === 'completed'),
            open_to_join: all.filter((a) => !a.is_owner && !a.current_manager && a.phase === 'waiting'),
          },
          ...(group ? { new_auctions: all } : {}),
        },
        200,
      )
    },
  )

  return app
}
