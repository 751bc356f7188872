import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { TOURNAMENT_SQUAD_NAME_MAX } from '../../domain/esports/tournaments'
import { codeLookupLimit } from '../../http/code-lookup'
import { type FieldErrors, invalid } from '../../http/errors'
import { idParam } from '../../http/ids'
import { errors, json, jsonBody, orNull } from '../../http/responses'
import { type AppContext, bearerSecurity, createRouter, currentAdmin, currentUser } from '../../http/router'
import {
  CreateBody,
  kindEnum,
  RoundSchema,
  resolveInstant,
  SlotSchema,
  StandingSchema,
  statusEnum,
  TournamentSchema,
} from './tournaments.schemas'
import {
  createTournament,
  joinSquad,
  leaveTournament,
  registerSquad,
  seedRoundByHand,
} from './tournaments.service'
import {
  currentRoundId,
  listTournaments,
  roundSlots,
  tournamentJson,
  tournamentRounds,
  tournamentStandings,
} from './tournaments.views'

const viewer = (c: AppContext) => c.get('user')?.id ?? null

// A route factory: one short registration per route, so its length is the number of its routes.
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
        200: json(z.object({ slots: z.array(SlotSchema), round: orNull(RoundSchema) }), 'Slots'),
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
