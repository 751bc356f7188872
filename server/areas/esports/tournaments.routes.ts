import { createRoute, z } from '@hono/zod-openapi'
import type { EsportsKind } from '../../db/schema'
import type { Deps } from '../../deps'
import { ESPORTS_KIND_SLUGS, ESPORTS_MODES } from '../../domain/esports/rules'
import {
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_ROUNDS_MAX,
  TOURNAMENT_SQUAD_NAME_MAX,
} from '../../domain/esports/tournaments'
import { codeLookupLimit } from '../../http/code-lookup'
import { type FieldErrors, invalid } from '../../http/errors'
import { idParam } from '../../http/ids'
import { MAX_INSTANT_MS } from '../../http/instants'
import { errors, json, jsonBody } from '../../http/responses'
import { type AppContext, bearerSecurity, createRouter, currentAdmin, currentUser } from '../../http/router'
import {
  createTournament,
  currentRoundId,
  joinSquad,
  leaveTournament,
  listTournaments,
  registerSquad,
  roundSlots,
  seedRoundByHand,
  tournamentJson,
  tournamentRounds,
  tournamentStandings,
} from './tournaments.service'

/**
 * Tournaments, rounds and slots (docs/esports.md). `/api/esports/…` and the spec's own words
 * (`/api/tournaments…`, `/api/rounds/{id}/slots`: no other area uses them — auction
 * tournaments live under `/api/auction/tournaments`).
 */
const kindEnum = z.enum(ESPORTS_KIND_SLUGS as [EsportsKind, ...EsportsKind[]])
const statusEnum = z.enum(['registration', 'running', 'completed', 'cancelled'])
const userSchema = z.object({ id: z.number().int(), slug: z.string(), username: z.string() })
const millis = z.number().int()

const LobbySchema = z.object({
  lobby_no: z.number().int(),
  contest_id: z.number().int(),
  squads_count: z.number().int(),
  status: z.string(),
  results_version: z.number().int(),
})

const RoundSchema = z
  .object({
    id: z.number().int(),
    tournament_id: z.number().int(),
    number: z.number().int(),
    name: z.string(),
    lobby_size: z.number().int(),
    lobbies_count: z.number().int(),
    qualify_rule: z.enum(['top_per_lobby', 'top_overall']),
    qualify_count: z.number().int(),
    status: z.enum(['pending', 'seeded', 'completed']),
    starts_at_in_millis: millis,
    seeded_at_in_millis: millis.nullable(),
    completed_at_in_millis: millis.nullable(),
    lobbies: z.array(LobbySchema),
  })
  .openapi('EsportsRound')

const TournamentSquadSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    captain: userSchema.nullable(),
    members: z.array(z.object({ id: z.number().int(), user: userSchema, in_game_name: z.string() })),
    members_count: z.number().int(),
    invite_code: z.string().nullable().openapi({ description: 'Only to its members' }),
    eliminated_in_round: z.number().int().nullable(),
  })
  .openapi('EsportsTournamentSquad')

const TournamentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: kindEnum,
    kind_name: z.string(),
    game: z.string(),
    game_name: z.string(),
    mode: z.enum(['solo', 'duo', 'squad']),
    team_size: z.number().int(),
    description: z.string().nullable(),
    status: statusEnum,
    squads_limit: z.number().int(),
    squads_count: z.number().int(),
    rounds_count: z.number().int(),
    current_round: z.number().int(),
    registration_closes_at_in_millis: millis,
    registration_open: z.boolean(),
    created_by: userSchema,
    created_at_in_millis: millis,
    completed_at_in_millis: millis.nullable(),
    my_squad: TournamentSquadSchema.nullable(),
    rounds: z.array(RoundSchema).openapi({ description: 'Empty in lists' }),
  })
  .openapi('EsportsTournament')

const SlotSchema = z
  .object({
    lobby_no: z.number().int(),
    slot_no: z.number().int(),
    seed_no: z.number().int(),
    squad: z.object({ id: z.number().int(), name: z.string() }),
    contest_id: z.number().int(),
    placement: z.number().int().nullable(),
    kills: z.number().int().nullable(),
    points: z.number().int().nullable(),
    rank: z.number().int().nullable(),
    qualified: z.boolean(),
  })
  .openapi('EsportsSlot')

const StandingSchema = z.object({
  position: z.number().int(),
  squad: z.object({ id: z.number().int(), name: z.string() }),
  reached_round: z.number().int(),
  eliminated_in_round: z.number().int().nullable(),
  rank_in_round: z.number().int().nullable(),
  seed_in_round: z.number().int().nullable(),
  points: z.number().int().nullable(),
  kills: z.number().int().nullable(),
  total_points: z.number().int(),
  total_kills: z.number().int(),
})

/** An instant as epoch ms or an ISO 8601 string. */
const instantInput = z
  .union([z.number().int().min(0).max(MAX_INSTANT_MS), z.string().trim().min(1).max(40)])
  .openapi({ description: 'Epoch milliseconds or ISO 8601' })

/**
 * The definition's instants: each given as `<field>` (epoch ms or ISO 8601) or as
 * `<…_in_minutes>` from now on the server's clock — what the CLI sends, since the league clock
 * is not the caller's. Exactly one of each pair; every problem is gathered into `errors`.
 */
function resolveInstant(
  at: number | string | undefined,
  inMinutes: number | undefined,
  [field, minutesField]: [string, string],
  nowMs: number,
  errors: FieldErrors,
): number {
  const fail = (key: string, message: string) => {
    errors[key] = [message]
    return nowMs
  }
  if (at !== undefined && inMinutes !== undefined)
    return fail(minutesField, `give ${field.split('.').pop()} or ${minutesField.split('.').pop()}, not both`)
  if (inMinutes !== undefined) return nowMs + inMinutes * 60_000
  if (at === undefined) return fail(field, 'is required')
  if (typeof at === 'number') return at
  const ms = /^\d{4}-\d{2}-\d{2}/.test(at) ? Date.parse(at) : Number.NaN
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_INSTANT_MS)
    return fail(field, 'must be epoch milliseconds or an ISO 8601 time')
  return ms
}

/** Minutes from now on the server's clock. */
const minutesInput = z
  .number()
  .int()
  .min(0)
  .max(60 * 24 * 365)

const CreateBody = z.strictObject({
  name: z.string().trim().min(3).max(TOURNAMENT_NAME_MAX),
  kind: kindEnum.default('pubg'),
  mode: z.enum(ESPORTS_MODES as ['solo', 'duo', 'squad']),
  description: z.string().trim().max(500).nullable().optional(),
  squads_limit: z.number().int().min(2).max(10_000),
  registration_closes_at: instantInput.optional(),
  registration_closes_in_minutes: minutesInput.optional(),
  rounds: z
    .array(
      z.strictObject({
        name: z.string().trim().max(40).optional(),
        lobby_size: z.number().int().min(2).max(100),
        qualify_rule: z.enum(['top_per_lobby', 'top_overall']),
        qualify_count: z.number().int().min(0).max(10_000),
        starts_at: instantInput.optional(),
        starts_in_minutes: minutesInput.optional(),
      }),
    )
    .min(1)
    .max(TOURNAMENT_ROUNDS_MAX),
})

const viewer = (c: AppContext) => c.get('user')?.id ?? null

export function esportsTournamentRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/esports/tournaments',
      tags: ['Esports'],
      summary: 'Create a tournament of rounds (admin)',
      description:
        'Rounds play in lobbies of `lobby_size` squads; each round but the last sends on its top `qualify_count` (per lobby or overall). 422 with `rounds.i.*` field messages when the numbers do not fit (docs/esports.md).',
      security: bearerSecurity,
      request: { body: jsonBody(CreateBody) },
      responses: {
        201: json(z.object({ esports_tournament: TournamentSchema }), 'Created'),
        ...errors(401, 403, 422),
      },
    }),
    async (c) => {
      const admin = currentAdmin(c)
      const body = c.req.valid('json')
      const now = deps.clock.now()
      const times: FieldErrors = {}
      const closesAtMs = resolveInstant(
        body.registration_closes_at,
        body.registration_closes_in_minutes,
        ['registration_closes_at', 'registration_closes_in_minutes'],
        now,
        times,
      )
      const rounds = body.rounds.map((r, i) => ({
        name: r.name,
        lobby_size: r.lobby_size,
        qualify_rule: r.qualify_rule,
        qualify_count: r.qualify_count,
        starts_at_ms: resolveInstant(
          r.starts_at,
          r.starts_in_minutes,
          [`rounds.${i}.starts_at`, `rounds.${i}.starts_in_minutes`],
          now,
          times,
        ),
      }))
      if (Object.keys(times).length > 0) throw invalid(times)
      const id = await createTournament(deps, admin, {
        name: body.name,
        kind: body.kind,
        mode: body.mode,
        description: body.description ?? null,
        squads_limit: body.squads_limit,
        registration_closes_at_ms: closesAtMs,
        rounds,
      })
      return c.json({ esports_tournament: await tournamentJson(deps.db, id, admin.id) }, 201)
    },
  )

  for (const path of ['/api/esports/tournaments', '/api/tournaments'] as const)
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['Esports'],
        summary: 'Tournaments, newest first (at most 100)',
        request: { query: z.object({ kind: kindEnum.optional(), status: statusEnum.optional() }) },
        responses: {
          200: json(z.object({ esports_tournaments: z.array(TournamentSchema) }), 'Tournaments'),
          ...errors(422),
        },
      }),
      async (c) => {
        const q = c.req.valid('query')
        return c.json({ esports_tournaments: await listTournaments(deps.db, q) }, 200)
      },
    )

  for (const path of ['/api/esports/tournaments/{id}', '/api/tournaments/{id}'] as const)
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['Esports'],
        summary: 'A tournament with its rounds, their lobbies, and my squad',
        request: { params: idParam },
        responses: {
          200: json(z.object({ esports_tournament: TournamentSchema }), 'The tournament'),
          ...errors(404, 422),
        },
      }),
      async (c) =>
        c.json(
          { esports_tournament: await tournamentJson(deps.db, c.req.valid('param').id, viewer(c)) },
          200,
        ),
    )

  for (const path of ['/api/esports/tournaments/{id}/rounds', '/api/tournaments/{id}/rounds'] as const)
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['Esports'],
        summary: 'A tournament’s rounds with their lobbies',
        request: { params: idParam },
        responses: {
          200: json(z.object({ rounds: z.array(RoundSchema) }), 'Rounds'),
          ...errors(404, 422),
        },
      }),
      async (c) => c.json({ rounds: await tournamentRounds(deps.db, c.req.valid('param').id) }, 200),
    )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/esports/rounds/current/slots',
      tags: ['Esports'],
      summary: 'The slots of the newest running tournament’s current round',
      description: '`{slots: [], round: null}` when no tournament is running.',
      responses: {
        200: json(z.object({ slots: z.array(SlotSchema), round: RoundSchema.nullable() }), 'Slots'),
      },
    }),
    async (c) => {
      const id = await currentRoundId(deps.db)
      if (id === undefined) return c.json({ slots: [], round: null }, 200)
      return c.json(await roundSlots(deps.db, id), 200)
    },
  )

  for (const path of ['/api/esports/rounds/{id}/slots', '/api/rounds/{id}/slots'] as const)
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['Esports'],
        summary: 'A round’s slots: lobby, slot, seed, squad and how it did',
        request: { params: idParam },
        responses: {
          200: json(z.object({ slots: z.array(SlotSchema), round: RoundSchema }), 'Slots'),
          ...errors(404, 422),
        },
      }),
      async (c) => c.json(await roundSlots(deps.db, c.req.valid('param').id), 200),
    )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/esports/tournaments/{id}/standings',
      tags: ['Esports'],
      summary: 'Squads by the furthest round reached, then their rank in it',
      request: { params: idParam },
      responses: {
        200: json(
          z.object({
            standings: z.array(StandingSchema),
            status: statusEnum,
            current_round: z.number().int(),
          }),
          'Standings',
        ),
        ...errors(404, 422),
      },
    }),
    async (c) => c.json(await tournamentStandings(deps.db, c.req.valid('param').id), 200),
  )

  const myTournament = async (c: AppContext, id: number) => ({
    esports_tournament: await tournamentJson(deps.db, id, currentUser(c).id),
  })

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/esports/tournaments/{id}/squads',
      tags: ['Esports'],
      summary: 'Register a squad (the caller is its captain) until registration closes',
      description:
        '403 without a verified game account for the tournament’s game; 409 when registration has closed, the tournament is full, or the caller is already in a squad; 422 for a name taken in the tournament.',
      security: bearerSecurity,
      request: {
        params: idParam,
        body: jsonBody(z.strictObject({ name: z.string().trim().min(2).max(TOURNAMENT_SQUAD_NAME_MAX) })),
      },
      responses: {
        201: json(z.object({ esports_tournament: TournamentSchema }), 'Registered'),
        ...errors(401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await registerSquad(deps, currentUser(c), id, c.req.valid('json').name)
      return c.json(await myTournament(c, id), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/esports/tournaments/{id}/squads/join',
      tags: ['Esports'],
      summary: 'Join a registered squad by its invite code',
      description:
        '404 for a code not of this tournament; 403 without a verified game account; 409 when the squad is full (the mode’s team size), registration has closed, or the caller is already in a squad.',
      security: bearerSecurity,
      middleware: [codeLookupLimit(deps, { body: 'invite_code' })],
      request: {
        params: idParam,
        body: jsonBody(z.strictObject({ invite_code: z.string().trim().min(1).max(20) })),
      },
      responses: {
        201: json(z.object({ esports_tournament: TournamentSchema }), 'Joined'),
        ...errors(401, 403, 404, 409, 422, 429),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await joinSquad(deps, currentUser(c), id, c.req.valid('json').invite_code)
      return c.json(await myTournament(c, id), 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/esports/tournaments/{id}/membership',
      tags: ['Esports'],
      summary: 'Leave my squad before registration closes',
      description:
        'A leaving captain hands over to the next member; the last member leaving removes the squad.',
      security: bearerSecurity,
      request: { params: idParam },
      responses: {
        200: json(z.object({ esports_tournament: TournamentSchema }), 'Left'),
        ...errors(401, 404, 409, 422),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await leaveTournament(deps, currentUser(c), id)
      return c.json(await myTournament(c, id), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/esports/rounds/{id}/seed',
      tags: ['Esports'],
      summary: 'Seed a round into lobbies now (admin)',
      description:
        'Round 1 by the tournament’s seeded shuffle (and registration closes), later rounds by snake on the previous round’s standing. 409 when the round is not pending, the previous round is not completed, or fewer than 2 squads would play.',
      security: bearerSecurity,
      request: { params: idParam },
      responses: {
        200: json(z.object({ slots: z.array(SlotSchema), round: RoundSchema }), 'Seeded'),
        ...errors(401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      currentAdmin(c)
      const { id } = c.req.valid('param')
      await seedRoundByHand(deps, id)
      return c.json(await roundSlots(deps.db, id), 200)
    },
  )

  return app
}
