import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import type { AuctionCommand } from '../../domain/auction/engine'
import { BIDDING_INTERVALS } from '../../domain/auction/rules'
import { codeLookupLimit } from '../../http/code-lookup'
import { AppError, notFound } from '../../http/errors'
import { moneyRoute, requestDeps } from '../../http/idempotency'
import { idField, idParam, idParams } from '../../http/ids'
import { instantField, requireFuture } from '../../http/instants'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
import { sendMessage } from '../groups/messages'
import { visibleGroup } from '../groups/visibility'
import { addBots } from './bots'
import { AUCTION_CHARGES, AUCTION_COLORS, COLOR_IDS, INTERVAL_IDS } from './catalog'
import { AUCTION_POOLS } from './pools'
import {
  auctionJson,
  BidBody,
  biddingPlayerJson,
  managerJson,
  managersOf,
  playerCards,
  playersJson,
} from './serialize'
import {
  type AuctionRow,
  createAuction,
  decideManager,
  findAuction,
  joinAuction,
  managerOf,
  refusedBid,
  requireOwnedAuction,
  runCommand,
  startAuction,
  stateOf,
  violationError,
} from './service'
import { scheduleTakeovers } from './takeover'
import { visibleAuction } from './visibility'
import { countVisibleAuctions, visibleAuctions } from './visible'

const Any = z.record(z.string(), z.unknown())
const managerParam = idParams('id', 'manager_id')
const AuctionAnswer = json(z.object({ new_auction: Any }), 'The auction')

const settings = z.strictObject({
  name: z.string().trim().min(3).max(60),
  sport: z.literal('cricket').default('cricket'),
  series_id: idField().optional(),
  match_id: idField().optional(),
  purse: z.number().int().min(100).max(1_000_000).default(10_000),
  squad_min: z.number().int().min(1).max(25).default(11),
  squad_max: z.number().int().min(1).max(25).default(15),
  max_stars: z.number().int().min(0).max(25).nullable().default(null),
  balanced: z.boolean().default(true),
  lot_seconds: z.number().int().min(5).max(120).default(15),
  bidding_interval: z.enum(INTERVAL_IDS).default('standard'),
  charges: z
    .number()
    .int()
    .refine((n) => (AUCTION_CHARGES as readonly number[]).includes(n), {
      message: `must be one of ${AUCTION_CHARGES.join(', ')}`,
    })
    .default(0),
  starts_at_in_millis: instantField().nullable().default(null),
  private: z.boolean().default(false),
  bot_takeover_seconds: z.number().int().min(10).max(3600).nullable().default(null),
  pool: z.enum(AUCTION_POOLS).optional().openapi({
    description:
      'Which players it offers: `match` (both squads of `match_id`, the default with a match), `series` (every side of the series — of `series_id`, or of the match’s series; the default with a series) or `league` (every cricket player of the league). The auction still scores its match or series.',
  }),
  max_managers: z.number().int().min(2).max(AUCTION_COLORS.length).nullable().default(null).openapi({
    description:
      'At most this many managers (owner and bots included); null: as many as the pool gives a full squad each. 422 when the pool cannot give this many a squad of `squad_min` (at least 11 when balanced); the message says how many it can.',
  }),
  group_uuid_id: z.string().min(1).max(64).optional().openapi({
    description:
      'Create it from a group (issue 15): its members are invited with an `auction_invite` message',
  }),
})

export function auctionRoutes(deps: Deps) {
  const app = createRouter()
  const now = () => deps.clock.now()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/colors',
      tags: ['Auctions'],
      summary: 'Franchise colours',
      responses: { 200: json(z.object({ colors: z.array(Any) }), 'Colours') },
    }),
    (c) => c.json({ colors: AUCTION_COLORS.map((x) => ({ ...x })) }, 200),
  )
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/bidding_intervals',
      tags: ['Auctions'],
      summary: 'Bid increment presets',
      description:
        'Each preset: bands `{ from, step }` — from a high bid of `from` upwards, the next bid adds `step`.',
      responses: { 200: json(z.object({ bidding_intervals: z.array(Any) }), 'Presets') },
    }),
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
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/charges',
      tags: ['Auctions'],
      summary: 'Joining charges an owner may set (coins)',
      responses: { 200: json(z.object({ charges: z.array(z.number()) }), 'Charges') },
    }),
    (c) => c.json({ charges: [...AUCTION_CHARGES] }, 200),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions',
      tags: ['Auctions'],
      summary: 'My auctions and open public ones, or one found by invite code',
      description:
        'Newest first, 30 a page (`page`, `per_page` up to 100; `meta` has the total). With `code`: the auction with that invite code (404 if none), as `new_auctions: [it]`.',
      security: bearerSecurity,
      middleware: [codeLookupLimit(deps, { query: 'code' })],
      request: {
        query: pagingQuery(30, 100).extend({ code: z.string().trim().min(1).optional() }),
      },
      responses: {
        200: json(z.object({ new_auctions: z.array(Any), meta: PageMetaSchema.optional() }), 'Auctions'),
        ...errors(401, 404, 422, 429),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const { code, ...paging } = c.req.valid('query')
      if (code) {
        const row = await deps.db
          .selectFrom('auctions')
          .selectAll()
          .where('code', '=', code.toUpperCase())
          .executeTakeFirst()
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

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/by_group',
      tags: ['Auctions'],
      summary: 'My auctions grouped: waiting, live, completed',
      description:
        'With `group_uuid_id`: the auctions created from that group (members only, else 404), in the same buckets, plus all of them newest first in `new_auctions`.',
      security: bearerSecurity,
      request: { query: z.object({ group_uuid_id: z.string().min(1).max(64).optional() }) },
      responses: {
        200: json(z.object({ groups: Any, new_auctions: z.array(Any).optional() }), 'Groups'),
        ...errors(401, 404, 422),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const { group_uuid_id } = c.req.valid('query')
      // With a group: the auctions created from it (members only, as the group itself).
      const group =
        group_uuid_id === undefined ? null : (await visibleGroup(deps.db, group_uuid_id, me.id)).group
      // The newest hundred, as this page has always shown.
      const rows = group
        ? await deps.db
            .selectFrom('auctions')
            .selectAll()
            .where('group_id', '=', group.id)
            .orderBy('id', 'desc')
            .limit(100)
            .execute()
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

  app.openapi(
    moneyRoute(deps, {
      method: 'post',
      path: '/api/auctions',
      tags: ['Auctions'],
      summary: 'Create an auction (you own it)',
      description:
        'Needs `name` and `series_id` or `match_id`; everything else has a default (purse 10,000, squads 11–15 balanced, 15 s lots, standard intervals, free, the match’s or series’ pool). 422 when the pool cannot give two managers — or `max_managers` — a full squad, with how many it can take. The answer carries the invite `code` and `capacity` (`max_managers`: how many managers may join).',
      security: bearerSecurity,
      request: { body: jsonBody(settings) },
      responses: { 201: AuctionAnswer, ...errors(401, 404, 422) },
    }),
    async (c) => {
      const me = currentUser(c)
      const body = c.req.valid('json')
      if ((body.series_id === undefined) === (body.match_id === undefined))
        throw new AppError('VALIDATION_FAILED', 'Choose a series or a match', {
          series_id: ['give series_id or match_id, not both'],
        })
      const { group_uuid_id, ...settings } = body
      const d = requestDeps(c, deps)
      const group =
        group_uuid_id === undefined ? null : (await visibleGroup(d.db, group_uuid_id, me.id)).group
      const row = await createAuction(d, me.id, {
        ...settings,
        sport_slug: body.sport,
        starts_at_ms: body.starts_at_in_millis,
        takeover_seconds: body.bot_takeover_seconds,
        group_id: group?.id ?? null,
        // Still a member when it is written (the group row locked, as every group write).
        before:
          group_uuid_id === undefined
            ? undefined
            : (tx) => visibleGroup(tx, group_uuid_id, me.id, true).then(() => {}),
      })
      if (group_uuid_id !== undefined)
        await sendMessage(
          d,
          me.id,
          group_uuid_id,
          {
            identifier_key: `auction-${row.id}`,
            message: `Join my auction ${row.name}`,
            message_type: 'auction_invite',
            card_id: row.id,
          },
          { invite: true },
        )
      return c.json({ new_auction: await auctionJson(d, row, me.id) }, 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/{id}',
      tags: ['Auctions'],
      summary: 'One auction',
      security: bearerSecurity,
      request: { params: idParam },
      responses: { 200: AuctionAnswer, ...errors(401, 404) },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      return c.json({ new_auction: await auctionJson(deps, row, me.id) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/auctions/{id}',
      tags: ['Auctions'],
      summary: 'Rename, reschedule or make private (owner, before the start)',
      security: bearerSecurity,
      request: {
        params: idParam,
        body: jsonBody(
          z.strictObject({
            name: z.string().trim().min(3).max(60).optional(),
            starts_at_in_millis: instantField().nullable().optional(),
            private: z.boolean().optional(),
            bot_takeover_seconds: z.number().int().min(10).max(3600).nullable().optional(),
          }),
        ),
      },
      responses: { 200: AuctionAnswer, ...errors(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      const row = await requireOwnedAuction(deps.db, id, me.id)
      if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'The auction has already started')
      const body = c.req.valid('json')
      requireFuture(now(), { starts_at_in_millis: body.starts_at_in_millis })
      await deps.db
        .updateTable('auctions')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.starts_at_in_millis !== undefined ? { starts_at_ms: body.starts_at_in_millis } : {}),
          ...(body.private !== undefined ? { is_private: body.private ? 1 : 0 } : {}),
          ...(body.bot_takeover_seconds !== undefined ? { takeover_seconds: body.bot_takeover_seconds } : {}),
          updated_at_ms: now(),
        })
        .where('id', '=', id)
        .execute()
      return c.json(
        { new_auction: await auctionJson(deps, (await findAuction(deps.db, id)) as AuctionRow, me.id) },
        200,
      )
    },
  )

  app.openapi(
    moneyRoute(deps, {
      method: 'post',
      path: '/api/auctions/{id}/join',
      tags: ['Auctions'],
      summary: 'Join with the invite code as a franchise',
      description:
        'Pays the auction’s `charges` in coins (refunded if the owner rejects you). 404 for a wrong code; 409 `COLOR_TAKEN`, `ALREADY_JOINED`, `INSUFFICIENT_BALANCE` (coins), `AUCTION_STATE` after the start, `CONTEST_FULL` when every seat (`max_managers`) is taken.',
      security: bearerSecurity,
      middleware: [codeLookupLimit(deps, { body: 'code' })],
      request: {
        params: idParam,
        body: jsonBody(
          z.strictObject({
            code: z.string().trim().min(1),
            franchise_name: z.string().trim().min(2).max(40),
            color: z.enum(COLOR_IDS),
          }),
        ),
      },
      responses: {
        201: json(z.object({ manager: Any, new_auction: Any }), 'Joined'),
        ...errors(401, 404, 409, 422, 429),
      },
    }),
    async (c) => {
      const me = currentUser(c)
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

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auctions/{id}/bots',
      tags: ['Auctions'],
      summary: 'Seat bots in the waiting room (owner)',
      description:
        'Bots are approved managers that bid through the same rules as people, on the server clock. `strategy`: value, star, hoarder, random, or mixed (the default: each next bot the next strategy). 409 `CONTEST_FULL` when the auction has fewer seats left than `count` (its `seats_left`).',
      security: bearerSecurity,
      request: {
        params: idParam,
        body: jsonBody(
          z.strictObject({
            count: z.number().int().min(1).max(AUCTION_COLORS.length).default(1),
            strategy: z.enum(['value', 'star', 'hoarder', 'random', 'mixed']).default('mixed'),
          }),
        ),
      },
      responses: {
        201: json(z.object({ bots: z.array(Any) }), 'The bots'),
        ...errors(401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const body = c.req.valid('json')
      const bots = await addBots(deps, me.id, c.req.valid('param').id, body.count, body.strategy)
      return c.json({ bots }, 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/{id}/managers',
      tags: ['Auctions'],
      summary: 'Managers, by status',
      security: bearerSecurity,
      request: {
        params: idParam,
        query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
      },
      responses: { 200: json(z.object({ managers: z.array(Any) }), 'Managers'), ...errors(401, 404) },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      const { status } = c.req.valid('query')
      const state = stateOf(deps, row)
      const rows = (await managersOf(deps.db, row.id)).filter((m) => !status || m.status === status)
      return c.json({ managers: rows.map((m) => managerJson(m, state)) }, 200)
    },
  )

  // A rejection refunds the joining charge: both decisions are one money-moving declaration.
  for (const decision of ['approve', 'reject'] as const)
    app.openapi(
      moneyRoute(deps, {
        method: 'post',
        path: `/api/auctions/{id}/managers/{manager_id}/${decision}`,
        tags: ['Auctions'],
        summary:
          decision === 'approve'
            ? 'Approve a pending manager (owner)'
            : 'Reject a pending manager (owner; refunds the charge)',
        security: bearerSecurity,
        request: { params: managerParam },
        responses: { 200: json(z.object({ manager: Any }), 'The manager'), ...errors(401, 403, 404, 409) },
      }),
      async (c) => {
        const me = currentUser(c)
        const { id, manager_id } = c.req.valid('param')
        const d = requestDeps(c, deps)
        await decideManager(d, me.id, id, manager_id, decision === 'approve' ? 'approved' : 'rejected')
        const row = (await findAuction(d.db, id)) as AuctionRow
        const m = (await managersOf(d.db, id)).find((x) => x.id === manager_id)
        return c.json({ manager: managerJson(m as NonNullable<typeof m>, stateOf(d, row)) }, 200)
      },
    )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/{id}/franchises',
      tags: ['Auctions'],
      summary: 'The approved franchises with their squads',
      security: bearerSecurity,
      request: { params: idParam },
      responses: { 200: json(z.object({ franchises: z.array(Any) }), 'Franchises'), ...errors(401, 404) },
    }),
    async (c) => {
      const me = currentUser(c)
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

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auctions/{id}/franchises',
      tags: ['Auctions'],
      summary: 'Rename my franchise or change its colour (before the start)',
      security: bearerSecurity,
      request: {
        params: idParam,
        body: jsonBody(
          z.strictObject({
            franchise_name: z.string().trim().min(2).max(40).optional(),
            color: z.enum(COLOR_IDS).optional(),
          }),
        ),
      },
      responses: { 200: json(z.object({ franchise: Any }), 'My franchise'), ...errors(401, 404, 409, 422) },
    }),
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      const row = await visibleAuction(deps.db, id, me.id)
      const mine = await managerOf(deps.db, id, me.id)
      if (!mine) throw notFound('Franchise')
      if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'The auction has already started')
      const body = c.req.valid('json')
      if (body.color && body.color !== mine.color) {
        const taken = await deps.db
          .selectFrom('auction_managers')
          .select('id')
          .where('auction_id', '=', id)
          .where('color', '=', body.color)
          .where('status', '!=', 'rejected')
          .executeTakeFirst()
        if (taken) throw new AppError('COLOR_TAKEN', 'Another franchise has that colour')
      }
      await deps.db
        .updateTable('auction_managers')
        .set({
          ...(body.franchise_name ? { franchise_name: body.franchise_name } : {}),
          ...(body.color ? { color: body.color } : {}),
        })
        .where('id', '=', mine.id)
        .execute()
      const m = (await managersOf(deps.db, id)).find((x) => x.id === mine.id)
      return c.json({ franchise: managerJson(m as NonNullable<typeof m>, stateOf(deps, row)) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/{id}/players',
      tags: ['Auctions'],
      summary: 'The auction’s players: upcoming, on the block, sold (to whom, for how much) or unsold',
      security: bearerSecurity,
      request: {
        params: idParam,
        query: z.object({ status: z.enum(['upcoming', 'bidding', 'sold', 'unsold']).optional() }),
      },
      responses: { 200: json(z.object({ players: z.array(Any) }), 'Players'), ...errors(401, 404) },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      const { status } = c.req.valid('query')
      const players = (await playersJson(deps, stateOf(deps, row))).filter(
        (p) => !status || p.status === status,
      )
      return c.json({ players }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/{id}/bids',
      tags: ['Auctions'],
      summary: 'Assigned bids: every sale so far, in order',
      security: bearerSecurity,
      request: { params: idParam },
      responses: { 200: json(z.object({ assigned_bids: z.array(Any) }), 'Sales'), ...errors(401, 404) },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      const events = await deps.db
        .selectFrom('auction_events')
        .select(['seq', 'type', 'payload'])
        .where('auction_id', '=', row.id)
        .where('type', 'in', ['lot_closed', 'sealed_assigned'])
        .orderBy('seq')
        .execute()
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

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/{id}/bidding_player',
      tags: ['Auctions'],
      summary: 'The current lot',
      description:
        '`bidding_player`, `player_bids` (newest first), `current_user_last_bid`, `next_bid_amount`, `ends_at_in_millis` and `server_time_in_millis` (draw countdowns from these, not a local timer).',
      security: bearerSecurity,
      request: { params: idParam },
      responses: { 200: json(Any, 'The lot'), ...errors(401, 404) },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      return c.json(await biddingPlayerJson(deps, row, me.id), 200)
    },
  )

  /** The caller's approved manager in an auction (pending or rejected managers cannot act). */
  async function actingManager(auctionId: number, userId: number) {
    await visibleAuction(deps.db, auctionId, userId)
    const mine = await managerOf(deps.db, auctionId, userId)
    if (!mine) throw new AppError('BID_REFUSED', 'You are not a manager of this auction')
    if (mine.status !== 'approved')
      throw new AppError(
        'BID_REFUSED',
        mine.status === 'pending' ? 'The owner has not approved you yet' : 'The owner declined your request',
      )
    return mine
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auctions/{id}/bid_player',
      tags: ['Auctions'],
      summary: 'Bid on the current lot',
      description:
        '`bid_amount` must equal `next_bid_amount`. 409 `BID_REFUSED` names the rule (wrong amount, lot closed, beyond your reservation, squad full, star or balance cap, not approved); `AUCTION_STATE` when paused or no open round.',
      security: bearerSecurity,
      request: {
        params: idParam,
        body: jsonBody(BidBody),
      },
      responses: { 200: json(Any, 'The lot after the bid'), ...errors(401, 404, 409, 422) },
    }),
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      const mine = await actingManager(id, me.id)
      const body = c.req.valid('json')
      const bid = {
        type: 'bid' as const,
        managerId: mine.id,
        playerId: body.player_id,
        amount: body.bid_amount,
      }
      const refused = await refusedBid(deps, id, { ...bid, atMs: now() })
      if (refused) throw violationError(refused)
      await runCommand(deps, id, () => ({ ...bid, atMs: now() }))
      return c.json(await biddingPlayerJson(deps, (await findAuction(deps.db, id)) as AuctionRow, me.id), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auctions/{id}/secondary_bids',
      tags: ['Auctions'],
      summary: 'Sealed bids: my own while the round runs',
      security: bearerSecurity,
      request: { params: idParam },
      responses: {
        200: json(
          z.object({ secondary_bids: z.array(Any), closes_at_in_millis: z.number().nullable() }),
          'Bids',
        ),
        ...errors(401, 404),
      },
    }),
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

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auctions/{id}/secondary_bids',
      tags: ['Auctions'],
      summary: 'Place or change a sealed bid',
      description:
        '≥ the base price (else 422); a new bid on the same player replaces your previous one. Amounts stay hidden until the round closes.',
      security: bearerSecurity,
      request: {
        params: idParam,
        body: jsonBody(BidBody),
      },
      responses: { 201: json(z.object({ secondary_bid: Any }), 'The bid'), ...errors(401, 404, 409, 422) },
    }),
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      const mine = await actingManager(id, me.id)
      const body = c.req.valid('json')
      await runCommand(deps, id, () => ({
        type: 'sealed_bid',
        managerId: mine.id,
        playerId: body.player_id,
        amount: body.bid_amount,
        atMs: now(),
      }))
      return c.json(
        { secondary_bid: { player_id: body.player_id, bid_amount: body.bid_amount, manager_id: mine.id } },
        201,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auctions/{id}/release',
      tags: ['Auctions'],
      summary: 'Release one of my players (between rounds): back to the pool, price back to my purse',
      security: bearerSecurity,
      request: { params: idParam, body: jsonBody(z.strictObject({ player_id: idField() })) },
      responses: { 200: json(Any, 'Released'), ...errors(401, 404, 409, 422) },
    }),
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      const mine = await actingManager(id, me.id)
      const { player_id } = c.req.valid('json')
      const r = await runCommand(deps, id, () => ({
        type: 'release',
        managerId: mine.id,
        playerId: player_id,
        atMs: now(),
      }))
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

  // Owner controls.
  const control = (
    path: string,
    summary: string,
    build: (body: Record<string, unknown>) => AuctionCommand | null,
  ) =>
    app.openapi(
      createRoute({
        method: 'post',
        path: `/api/auctions/{id}/${path}`,
        tags: ['Auctions'],
        summary,
        security: bearerSecurity,
        request: {
          params: idParam,
          // Optional: only a sealed round takes a closing time.
          body: {
            ...jsonBody(z.strictObject({ closes_at_in_millis: instantField().nullable().optional() })),
            required: false,
          },
        },
        responses: { 200: AuctionAnswer, ...errors(401, 403, 404, 409, 422) },
      }),
      async (c) => {
        const me = currentUser(c)
        const { id } = c.req.valid('param')
        await requireOwnedAuction(deps.db, id, me.id)
        const body = (c.req.valid('json') as { closes_at_in_millis?: number | null } | undefined) ?? {}
        requireFuture(now(), { closes_at_in_millis: body.closes_at_in_millis })
        const command = build(body)
        if (command) await runCommand(deps, id, () => command)
        else {
          await startAuction(deps, me.id, id)
          // Whoever is not in the room as it starts is away from the start.
          await scheduleTakeovers(deps, id)
        }
        return c.json(
          { new_auction: await auctionJson(deps, (await findAuction(deps.db, id)) as AuctionRow, me.id) },
          200,
        )
      },
    )
  control('start', 'Start the open round with the approved managers (owner)', () => null)
  control('pause', 'Pause: the lot’s timer freezes (owner)', () => ({ type: 'pause', atMs: now() }))
  control('resume', 'Resume: the lot ends after the time it had left (owner)', () => ({
    type: 'resume',
    atMs: now(),
  }))
  control('complete', 'End the auction (owner): a running lot or sealed round closes first', () => ({
    type: 'complete',
    atMs: now(),
  }))
  control('secondary_round', 'Start a sealed round of the unsold and released players (owner)', (body) => ({
    type: 'start_sealed',
    atMs: now(),
    closesAtMs: (body.closes_at_in_millis as number | null | undefined) ?? null,
  }))
  control('secondary_round/close', 'Close the sealed round now and assign its players (owner)', () => ({
    type: 'close_sealed',
    atMs: now(),
  }))

  return app
}
