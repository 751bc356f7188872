import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { codeLookupLimit } from '../../http/code-lookup'
import { AppError, notFound } from '../../http/errors'
import { idField, idParam } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
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
  const route = routesOn(app, ['Auction tournaments'])

  async function tournament(id: number, userId: number): Promise<AuctionRow> {
    const row = await visibleAuction(deps.db, id, userId)
    if (row.kind !== 'tournament') throw notFound('Tournament')
    return row
  }

  route.get(
    '/api/auction/tournaments',
    {
      summary: 'My tournaments and public ones open to join',
      auth: true,
      ok: json(z.object({ tournaments: z.array(TournamentSchema) }), 'Tournaments'),
    },
    async (c) => {
      const me = currentUser(c)
      const rows = await tournamentsFor(deps.db, me.id)
      return c.json({ tournaments: await Promise.all(rows.map((r) => tournamentJson(deps, r, me.id))) }, 200)
    },
  )

  route.post(
    '/api/auction/tournaments',
    {
      summary: 'Create a tournament for a series (you join it)',
      description:
        '170,000 credits, ≤15 players, ≤4 stars; windows of 6, 8, 12 or 24 hours; starts when the 4th manager joins. At most 5 tournaments per series per user (409).',
      auth: true,
      body: z.strictObject({
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
      responses: { 201: json(z.object({ tournament: TournamentSchema }), 'The tournament') },
      errors: [409, 422],
    },
    async (c) => {
      const me = currentUser(c)
      const row = await createTournament(deps, me.id, c.req.valid('json'))
      return c.json({ tournament: await tournamentJson(deps, row, me.id) }, 201)
    },
  )

  route.post(
    '/api/auction/tournaments/{id}/join',
    {
      summary: 'Join a tournament (a private one needs its code)',
      auth: true,
      middleware: [codeLookupLimit(deps, { body: 'code' })],
      params: idParam,
      body: z.strictObject({
        code: z.string().trim().optional(),
        franchise_name: z.string().trim().min(2).max(40).optional(),
      }),
      responses: { 201: json(z.object({ manager: TournamentManagerOrEmpty }), 'Joined') },
      errors: [404, 409, 422, 429],
    },
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

  route.get(
    '/api/auction/tournaments/{id}',
    {
      summary: 'The tournament with my manager, my squad (success_bids) and my active bids',
      auth: true,
      params: idParam,
      ok: json(TournamentPageSchema, 'The tournament'),
      errors: [404],
    },
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

  route.get(
    '/api/auction/tournaments/{id}/bidding',
    {
      summary: 'The bidding view: my bid block and active bids, and the unsold players',
      auth: true,
      params: idParam,
      ok: json(TournamentBiddingSchema, 'Bidding'),
      errors: [404],
    },
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

  route.post(
    '/api/auction/tournaments/{id}/bid_player',
    {
      summary: 'Bid (or change my bid) on an unsold player in the current window',
      description:
        '≥ the base value (422 otherwise); hidden until the window closes; the highest bid that fits wins.',
      auth: true,
      params: idParam,
      body: BidBody,
      ok: json(z.object({ manager: TournamentManagerOrEmpty }), 'My bids'),
      errors: [404, 409, 422],
    },
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      const { mine } = await acting(id, me.id)
      const body = c.req.valid('json')
      await placeSealedBid(deps, id, mine.id, body)
      return c.json({ manager: await myManager(id, me.id) }, 200)
    },
  )

  route.post(
    '/api/auction/tournaments/{id}/release',
    {
      summary:
        'Release a player I bought (`bid_id` from success_bids): the price returns; no buying him back for 2 days',
      auth: true,
      params: idParam,
      body: z.strictObject({ bid_id: idField() }),
      ok: json(z.object({ manager: TournamentManagerOrEmpty }), 'My manager'),
      errors: [404, 409, 422],
    },
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

  route.get(
    '/api/auction/tournaments/{id}/players',
    {
      summary: 'Every player of the tournament: owner and price, or unsold',
      auth: true,
      params: idParam,
      ok: json(z.object({ players: z.array(AuctionPlayerSchema) }), 'Players'),
      errors: [404],
    },
    async (c) => {
      const me = currentUser(c)
      const row = await tournament(c.req.valid('param').id, me.id)
      const players = await playersJson(deps, stateOf(deps, row))
      return c.json({ players }, 200)
    },
  )

  route.get(
    '/api/auction/tournaments/{id}/activities',
    {
      summary: 'What happened: joins, purchases, releases, windows (newest first)',
      auth: true,
      params: idParam,
      ok: json(z.object({ activities: z.array(ActivitySchema) }), 'Activities'),
      errors: [404],
    },
    async (c) => {
      const me = currentUser(c)
      const row = await tournament(c.req.valid('param').id, me.id)
      return c.json({ activities: await activities(deps, row) }, 200)
    },
  )

  return app
}
