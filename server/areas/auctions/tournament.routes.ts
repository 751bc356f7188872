import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { codeLookupLimit } from '../../http/code-lookup'
import { AppError, notFound } from '../../http/errors'
import { idField, idParam } from '../../http/ids'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
import { type AuctionRow, findAuction, managerOf, tournamentsFor } from './queries'
import {
  ActivitySchema,
  AuctionPlayerSchema,
  TournamentBiddingSchema,
  TournamentManagerOrEmpty,
  TournamentPageSchema,
  TournamentSchema,
} from './schemas'
import { placeSealedBid, releasePlayer } from './sealed'
import { BidBody, playerCards, playersJson } from './serialize'
import { stateOf } from './state'
import {
  activities,
  createTournament,
  joinTournament,
  managerView,
  tournamentJson,
  WINDOW_HOURS,
} from './tournaments'
import { visibleAuction } from './visibility'

/**
 * Auction tournaments, the v1 calls of spec §7 (`…/tournaments/{id}.json` and the rest: API
 * paths ignore a trailing `.json`).
 */
// Long: a route factory, one short registration per route.
export function tournamentRoutes(deps: Deps) {
  const app = createRouter()

  async function tournament(id: number, userId: number): Promise<AuctionRow> {
    const row = await visibleAuction(deps.db, id, userId)
    if (row.kind !== 'tournament') throw notFound('Tournament')
    return row
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auction/tournaments',
      tags: ['Auction tournaments'],
      summary: 'My tournaments and public ones open to join',
      security: bearerSecurity,
      responses: {
        200: json(z.object({ tournaments: z.array(TournamentSchema) }), 'Tournaments'),
        ...errors(401),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const rows = await tournamentsFor(deps.db, me.id)
      return c.json({ tournaments: await Promise.all(rows.map((r) => tournamentJson(deps, r, me.id))) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auction/tournaments',
      tags: ['Auction tournaments'],
      summary: 'Create a tournament for a series (you join it)',
      description:
        '170,000 credits, ≤15 players, ≤4 stars; windows of 6, 8, 12 or 24 hours; starts when the 4th manager joins. At most 5 tournaments per series per user (409).',
      security: bearerSecurity,
      request: {
        body: jsonBody(
          z.strictObject({
            name: z.string().trim().min(3).max(60),
            series_id: idField(),
            window_hours: z
              .union(
                WINDOW_HOURS.map((h) => z.literal(h)) as [
                  z.ZodLiteral<6>,
                  z.ZodLiteral<8>,
                  z.ZodLiteral<12>,
                  z.ZodLiteral<24>,
                ],
              )
              .default(24),
            max_managers: z.number().int().min(4).max(12).default(8),
            private: z.boolean().default(false),
          }),
        ),
      },
      responses: {
        201: json(z.object({ tournament: TournamentSchema }), 'The tournament'),
        ...errors(401, 409, 422),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await createTournament(deps, me.id, c.req.valid('json'))
      return c.json({ tournament: await tournamentJson(deps, row, me.id) }, 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auction/tournaments/{id}/join',
      tags: ['Auction tournaments'],
      summary: 'Join a tournament (a private one needs its code)',
      security: bearerSecurity,
      middleware: [codeLookupLimit(deps, { body: 'code' })],
      request: {
        params: idParam,
        body: jsonBody(
          z.strictObject({
            code: z.string().trim().optional(),
            franchise_name: z.string().trim().min(2).max(40).optional(),
          }),
        ),
      },
      responses: {
        201: json(z.object({ manager: TournamentManagerOrEmpty }), 'Joined'),
        ...errors(401, 404, 409, 422, 429),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      await joinTournament(deps, me.id, id, c.req.valid('json'))
      return c.json(
        { manager: (await managerView(deps, (await findAuction(deps.db, id)) as AuctionRow, me.id)) ?? {} },
        201,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auction/tournaments/{id}',
      tags: ['Auction tournaments'],
      summary: 'The tournament with my manager, my squad (success_bids) and my active bids',
      security: bearerSecurity,
      request: { params: idParam },
      responses: { 200: json(TournamentPageSchema, 'The tournament'), ...errors(401, 404) },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await tournament(c.req.valid('param').id, me.id)
      const manager = await managerView(deps, row, me.id)
      return c.json(
        {
          tournament: await tournamentJson(deps, row, me.id),
          manager,
          success_bids: manager?.success_bids ?? [],
          active_bids: manager?.active_bids_info ?? [],
        },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auction/tournaments/{id}/bidding',
      tags: ['Auction tournaments'],
      summary: 'The bidding view: my bid block and active bids, and the unsold players',
      security: bearerSecurity,
      request: { params: idParam },
      responses: { 200: json(TournamentBiddingSchema, 'Bidding'), ...errors(401, 404) },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await tournament(c.req.valid('param').id, me.id)
      const state = stateOf(deps, row)
      // Before the first window every player of the pool is still to be bought.
      const listed = state.phase === 'waiting' ? state.players.map((p) => p.id) : state.unsold
      const cards = await playerCards(deps.db, listed)
      const mine = await managerOf(deps.db, row.id, me.id)
      const now = deps.clock.now()
      return c.json(
        {
          manager: await managerView(deps, row, me.id),
          unsold_players: listed.map((id) => {
            const lock = state.locks.find(
              (l) => l.playerId === id && l.managerId === mine?.id && l.untilMs > now,
            )
            return {
              ...cards.get(id),
              base_price: state.players.find((p) => p.id === id)?.basePrice ?? 0,
              locked_until_in_millis: lock?.untilMs ?? null,
            }
          }),
        },
        200,
      )
    },
  )

  /** The caller's manager view after a command (read again: the command moved the state). */
  async function myManager(id: number, userId: number) {
    return (await managerView(deps, (await findAuction(deps.db, id)) as AuctionRow, userId)) ?? {}
  }

  async function acting(id: number, userId: number) {
    const row = await tournament(id, userId)
    const mine = await managerOf(deps.db, id, userId)
    if (!mine) throw new AppError('BID_REFUSED', 'You are not in this tournament')
    return { row, mine }
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auction/tournaments/{id}/bid_player',
      tags: ['Auction tournaments'],
      summary: 'Bid (or change my bid) on an unsold player in the current window',
      description:
        '≥ the base value (422 otherwise); hidden until the window closes; the highest bid that fits wins.',
      security: bearerSecurity,
      request: {
        params: idParam,
        body: jsonBody(BidBody),
      },
      responses: {
        200: json(z.object({ manager: TournamentManagerOrEmpty }), 'My bids'),
        ...errors(401, 404, 409, 422),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      const { mine } = await acting(id, me.id)
      const body = c.req.valid('json')
      await placeSealedBid(deps, id, mine.id, body)
      return c.json({ manager: await myManager(id, me.id) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auction/tournaments/{id}/release',
      tags: ['Auction tournaments'],
      summary:
        'Release a player I bought (`bid_id` from success_bids): the price returns; no buying him back for 2 days',
      security: bearerSecurity,
      request: { params: idParam, body: jsonBody(z.strictObject({ bid_id: idField() })) },
      responses: {
        200: json(z.object({ manager: TournamentManagerOrEmpty }), 'My manager'),
        ...errors(401, 404, 409, 422),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      const { row, mine } = await acting(id, me.id)
      const view = await managerView(deps, row, me.id)
      const bid = view?.success_bids.find((b) => b.bid_id === c.req.valid('json').bid_id)
      if (!bid) throw notFound('Bid')
      await releasePlayer(deps, id, mine.id, bid.player_id)
      return c.json({ manager: await myManager(id, me.id) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auction/tournaments/{id}/players',
      tags: ['Auction tournaments'],
      summary: 'Every player of the tournament: owner and price, or unsold',
      security: bearerSecurity,
      request: { params: idParam },
      responses: {
        200: json(z.object({ players: z.array(AuctionPlayerSchema) }), 'Players'),
        ...errors(401, 404),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await tournament(c.req.valid('param').id, me.id)
      const players = await playersJson(deps, stateOf(deps, row))
      return c.json({ players }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auction/tournaments/{id}/activities',
      tags: ['Auction tournaments'],
      summary: 'What happened: joins, purchases, releases, windows (newest first)',
      security: bearerSecurity,
      request: { params: idParam },
      responses: {
        200: json(z.object({ activities: z.array(ActivitySchema) }), 'Activities'),
        ...errors(401, 404),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await tournament(c.req.valid('param').id, me.id)
      return c.json({ activities: await activities(deps, row) }, 200)
    },
  )

  return app
}
