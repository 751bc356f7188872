import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { AppError } from '../../http/errors'
import { requestDeps } from '../../http/idempotency'
import { idField, idParam } from '../../http/ids'
import { instantField, requireFuture } from '../../http/instants'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { sendMessage, visibleGroup } from '../groups'
import { AUCTION_CHARGES, AUCTION_COLORS, INTERVAL_IDS } from './catalog'
import { createAuction } from './lifecycle'
import { AUCTION_POOLS } from './pools'
import { type AuctionRow, findAuction, updateAuctionSettings } from './queries'
import { LONG_LOT_MAX_SECONDS, QuietHoursInput, SHORT_LOT_MAX_SECONDS } from './quiet'
import { AuctionAnswer } from './schemas'
import { auctionJson } from './serialize'
import { requireOwnedAuction, visibleAuction } from './visibility'

const settings = z
  .strictObject({
    name: z.string().trim().min(3).max(60),
    sport: z.literal('cricket').default('cricket'),
    series_id: idField().optional(),
    match_id: idField().optional(),
    purse: z.number().int().min(100).max(1_000_000).default(10_000),
    squad_min: z.number().int().min(1).max(25).default(11),
    squad_max: z.number().int().min(1).max(25).default(15),
    max_stars: z.number().int().min(0).max(25).nullable().default(null),
    balanced: z.boolean().default(true),
    lot_seconds: z
      .number()
      .int()
      .min(5)
      .max(LONG_LOT_MAX_SECONDS)
      .default(15)
      .openapi({ description: 'A lot’s timer: 5–120 s, or up to 86,400 (a day) with `quiet_hours`' }),
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
      description: 'Create it from a group: its members are invited with an `auction_invite` message',
    }),
    quiet_hours: QuietHoursInput.nullable().default(null),
    stand_in: z.boolean().default(false).openapi({
      description:
        'When a lot opens, a bot plays for each absent student (value buyer, within their purse and squad rules) until they bid again',
    }),
  })
  .superRefine((body, ctx) => {
    if (body.lot_seconds > SHORT_LOT_MAX_SECONDS && body.quiet_hours === null)
      ctx.addIssue({
        code: 'custom',
        path: ['lot_seconds'],
        message: `must be at most ${SHORT_LOT_MAX_SECONDS}; up to ${LONG_LOT_MAX_SECONDS} (a day) in an auction that runs over days, with quiet_hours`,
      })
  })

/** Creating an auction, reading it, and changing its settings before the start. */
// Long: a route factory, one short registration per route.
export function auctionLifecycleRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Auctions'], deps)
  const now = () => deps.clock.now()

  route.money.post(
    '/api/auctions',
    {
      summary: 'Create an auction (you own it)',
      description:
        'Needs `name` and `series_id` or `match_id`; everything else has a default (purse 10,000, squads 11–15 balanced, 15 s lots, standard intervals, free, the match’s or series’ pool). 422 when the pool cannot give two managers — or `max_managers` — a full squad, with how many it can take. The answer carries the invite `code` and `capacity` (`max_managers`: how many managers may join).',
      auth: true,
      body: settings,
      responses: { 201: AuctionAnswer },
      errors: [404, 422],
    },
    async (c, me) => {
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
        quiet_hours: body.quiet_hours,
        stand_in: body.stand_in,
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

  route.get(
    '/api/auctions/{id}',
    {
      summary: 'One auction',
      auth: true,
      params: idParam,
      ok: AuctionAnswer,
      errors: [404],
    },
    async (c, me) => {
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      return c.json({ new_auction: await auctionJson(deps, row, me.id) }, 200)
    },
  )

  route.put(
    '/api/auctions/{id}',
    {
      summary: 'Rename, reschedule or make private (owner, before the start)',
      auth: true,
      params: idParam,
      body: z.strictObject({
        name: z.string().trim().min(3).max(60).optional(),
        starts_at_in_millis: instantField().nullable().optional(),
        private: z.boolean().optional(),
        bot_takeover_seconds: z.number().int().min(10).max(3600).nullable().optional(),
      }),
      ok: AuctionAnswer,
      errors: [403, 404, 409, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      const row = await requireOwnedAuction(deps.db, id, me.id)
      if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'The auction has already started')
      const body = c.req.valid('json')
      requireFuture(now(), { starts_at_in_millis: body.starts_at_in_millis })
      await updateAuctionSettings(deps.db, id, body, now())
      return c.json(
        { new_auction: await auctionJson(deps, (await findAuction(deps.db, id)) as AuctionRow, me.id) },
        200,
      )
    },
  )

  return app
}
