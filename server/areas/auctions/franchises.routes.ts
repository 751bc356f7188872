import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { codeLookupLimit } from '../../http/code-lookup'
import { AppError, notFound } from '../../http/errors'
import { requestDeps } from '../../http/idempotency'
import { idParam, idParams } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { addBots } from './bots'
import { AUCTION_COLORS, COLOR_IDS } from './catalog'
import { decideManager, joinAuction } from './managers'
import { type AuctionRow, colorTaken, findAuction, managerOf, updateFranchise } from './queries'
import { AuctionSchema, BotSchema, FranchiseSchema, ManagerSchema } from './schemas'
import { auctionJson, managerJson, managersOf, playerCards } from './serialize'
import { stateOf } from './state'
import { visibleAuction } from './visibility'

const managerParam = idParams('id', 'manager_id')

/** Franchises: joining with the code, bots, the owner’s decisions, names and colours. */
// Long: a route factory, one short registration per route.
export function auctionFranchiseRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Auctions'], deps)

  route.money.post(
    '/api/auctions/{id}/join',
    {
      summary: 'Join with the invite code as a franchise',
      description:
        'Pays the auction’s `charges` in coins (refunded if the owner rejects you). 404 for a wrong code; 409 `COLOR_TAKEN`, `ALREADY_JOINED`, `INSUFFICIENT_BALANCE` (coins), `AUCTION_STATE` after the start, `CONTEST_FULL` when every seat (`max_managers`) is taken.',
      auth: true,
      middleware: [codeLookupLimit(deps, { body: 'code' })],
      params: idParam,
      body: z.strictObject({
        code: z.string().trim().min(1),
        franchise_name: z.string().trim().min(2).max(40),
        color: z.enum(COLOR_IDS),
      }),
      responses: { 201: json(z.object({ manager: ManagerSchema, new_auction: AuctionSchema }), 'Joined') },
      errors: [404, 409, 422, 429],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      const d = requestDeps(c, deps)
      const manager = await joinAuction(d, me.id, id, c.req.valid('json'))
      const row = (await findAuction(d.db, id)) as AuctionRow
      const rows = await managersOf(d.db, id)
      return c.json(
        {
          manager: managerJson(
            rows.find((m) => m.id === manager.id) as (typeof rows)[number],
            stateOf(d, row),
          ),
          new_auction: await auctionJson(d, row, me.id),
        },
        201,
      )
    },
  )

  route.post(
    '/api/auctions/{id}/bots',
    {
      summary: 'Seat bots in the waiting room (owner)',
      description:
        'Bots are approved managers that bid through the same rules as people, on the server clock. `strategy`: value, star, hoarder, random, or mixed (the default: each next bot the next strategy). 409 `CONTEST_FULL` when the auction has fewer seats left than `count` (its `seats_left`).',
      auth: true,
      params: idParam,
      body: z.strictObject({
        count: z.number().int().min(1).max(AUCTION_COLORS.length).default(1),
        strategy: z.enum(['value', 'star', 'hoarder', 'random', 'mixed']).default('mixed'),
      }),
      responses: { 201: json(z.object({ bots: z.array(BotSchema) }), 'The bots') },
      errors: [403, 404, 409, 422],
    },
    async (c, me) => {
      const body = c.req.valid('json')
      const bots = await addBots(deps, me.id, c.req.valid('param').id, body.count, body.strategy)
      return c.json({ bots }, 201)
    },
  )

  route.get(
    '/api/auctions/{id}/managers',
    {
      summary: 'Managers, by status',
      auth: true,
      params: idParam,
      query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
      ok: json(z.object({ managers: z.array(ManagerSchema) }), 'Managers'),
      errors: [404],
    },
    async (c, me) => {
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      const { status } = c.req.valid('query')
      const state = stateOf(deps, row)
      const rows = (await managersOf(deps.db, row.id)).filter((m) => !status || m.status === status)
      return c.json({ managers: rows.map((m) => managerJson(m, state)) }, 200)
    },
  )

  // A rejection refunds the joining charge: both decisions are one money-moving declaration.
  for (const decision of ['approve', 'reject'] as const)
    route.money.post(
      `/api/auctions/{id}/managers/{manager_id}/${decision}`,
      {
        summary:
          decision === 'approve'
            ? 'Approve a pending manager (owner)'
            : 'Reject a pending manager (owner; refunds the charge)',
        auth: true,
        params: managerParam,
        ok: json(z.object({ manager: ManagerSchema }), 'The manager'),
        errors: [403, 404, 409],
      },
      async (c, me) => {
        const { id, manager_id } = c.req.valid('param')
        const d = requestDeps(c, deps)
        await decideManager(d, me.id, id, manager_id, decision === 'approve' ? 'approved' : 'rejected')
        const row = (await findAuction(d.db, id)) as AuctionRow
        const m = (await managersOf(d.db, id)).find((x) => x.id === manager_id)
        return c.json({ manager: managerJson(m as NonNullable<typeof m>, stateOf(d, row)) }, 200)
      },
    )

  route.get(
    '/api/auctions/{id}/franchises',
    {
      summary: 'The approved franchises with their squads',
      auth: true,
      params: idParam,
      ok: json(z.object({ franchises: z.array(FranchiseSchema) }), 'Franchises'),
      errors: [404],
    },
    async (c, me) => {
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      const state = stateOf(deps, row)
      const managers = (await managersOf(deps.db, row.id)).filter((m) => m.status === 'approved')
      const cards = await playerCards(
        deps.db,
        state.managers.flatMap((m) => m.squad.map((x) => x.playerId)),
      )
      return c.json(
        {
          franchises: managers.map((m) => ({
            ...managerJson(m, state),
            players: (state.managers.find((x) => x.id === m.id)?.squad ?? []).map((x) => ({
              ...cards.get(x.playerId),
              price: x.price,
            })),
          })),
        },
        200,
      )
    },
  )

  route.post(
    '/api/auctions/{id}/franchises',
    {
      summary: 'Rename my franchise or change its colour (before the start)',
      auth: true,
      params: idParam,
      body: z.strictObject({
        franchise_name: z.string().trim().min(2).max(40).optional(),
        color: z.enum(COLOR_IDS).optional(),
      }),
      ok: json(z.object({ franchise: ManagerSchema }), 'My franchise'),
      errors: [404, 409, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      const row = await visibleAuction(deps.db, id, me.id)
      const mine = await managerOf(deps.db, id, me.id)
      if (!mine) throw notFound('Franchise')
      if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'The auction has already started')
      const body = c.req.valid('json')
      if (body.color && body.color !== mine.color && (await colorTaken(deps.db, id, body.color)))
        throw new AppError('COLOR_TAKEN', 'Another franchise has that colour')
      await updateFranchise(deps.db, mine.id, body)
      const m = (await managersOf(deps.db, id)).find((x) => x.id === mine.id)
      return c.json({ franchise: managerJson(m as NonNullable<typeof m>, stateOf(deps, row)) }, 200)
    },
  )

  return app
}
