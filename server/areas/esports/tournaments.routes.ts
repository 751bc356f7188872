import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Deps } from '../../core/deps'
import { TOURNAMENT_SQUAD_NAME_MAX } from '../../domain/esports/tournaments'
import { codeLookupLimit } from '../../http/code-lookup'
import { type FieldErrors, invalid } from '../../http/errors'
import { idParam } from '../../http/ids'
import { json, orNull } from '../../http/responses'
import { routesOn } from '../../http/route'
import {
  type AppContext,
  type AppEnv,
  type AuthUser,
  createRouter,
  currentAdmin,
  currentUser,
} from '../../http/router'
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

// Long: a route factory, one short registration per route.
export function esportsTournamentRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Esports'])

  route.post(
    '/api/esports/tournaments',
    {
      summary: 'Create a tournament of rounds (admin)',
      description:
        'Rounds play in lobbies of `lobby_size` squads; each round but the last sends on its top `qualify_count` (per lobby or overall). 422 with `rounds.i.*` field messages when the numbers do not fit (docs/esports.md).',
      auth: true,
      body: CreateBody,
      responses: { 201: json(z.object({ esports_tournament: TournamentSchema }), 'Created') },
      errors: [403, 422],
    },
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
    route.get(
      path,
      {
        summary: 'Tournaments, newest first (at most 100)',
        query: z.object({ kind: kindEnum.optional(), status: statusEnum.optional() }),
        ok: json(z.object({ esports_tournaments: z.array(TournamentSchema) }), 'Tournaments'),
        errors: [422],
      },
      async (c) => {
        const q = c.req.valid('query')
        return c.json({ esports_tournaments: await listTournaments(deps.db, q) }, 200)
      },
    )

  for (const path of ['/api/esports/tournaments/{id}', '/api/tournaments/{id}'] as const)
    route.get(
      path,
      {
        summary: 'A tournament with its rounds, their lobbies, and my squad',
        params: idParam,
        ok: json(z.object({ esports_tournament: TournamentSchema }), 'The tournament'),
        errors: [404, 422],
      },
      async (c) =>
        c.json(
          { esports_tournament: await tournamentJson(deps.db, c.req.valid('param').id, viewer(c)) },
          200,
        ),
    )

  for (const path of ['/api/esports/tournaments/{id}/rounds', '/api/tournaments/{id}/rounds'] as const)
    route.get(
      path,
      {
        summary: 'A tournament’s rounds with their lobbies',
        params: idParam,
        ok: json(z.object({ rounds: z.array(RoundSchema) }), 'Rounds'),
        errors: [404, 422],
      },
      async (c) => c.json({ rounds: await tournamentRounds(deps.db, c.req.valid('param').id) }, 200),
    )

  route.get(
    '/api/esports/rounds/current/slots',
    {
      summary: 'The slots of the newest running tournament’s current round',
      description: '`{slots: [], round: null}` when no tournament is running.',
      ok: json(z.object({ slots: z.array(SlotSchema), round: orNull(RoundSchema) }), 'Slots'),
    },
    async (c) => {
      const id = await currentRoundId(deps.db)
      if (id === undefined) return c.json({ slots: [], round: null }, 200)
      return c.json(await roundSlots(deps.db, id), 200)
    },
  )

  for (const path of ['/api/esports/rounds/{id}/slots', '/api/rounds/{id}/slots'] as const)
    route.get(
      path,
      {
        summary: 'A round’s slots: lobby, slot, seed, squad and how it did',
        params: idParam,
        ok: json(z.object({ slots: z.array(SlotSchema), round: RoundSchema }), 'Slots'),
        errors: [404, 422],
      },
      async (c) => c.json(await roundSlots(deps.db, c.req.valid('param').id), 200),
    )

  route.get(
    '/api/esports/tournaments/{id}/standings',
    {
      summary: 'Squads by the furthest round reached, then their rank in it',
      params: idParam,
      ok: json(
        z.object({
          standings: z.array(StandingSchema),
          status: statusEnum,
          current_round: z.number().int(),
        }),
        'Standings',
      ),
      errors: [404, 422],
    },
    async (c) => c.json(await tournamentStandings(deps.db, c.req.valid('param').id), 200),
  )

  const myTournament = async (c: AppContext, id: number) => ({
    esports_tournament: await tournamentJson(deps.db, id, currentUser(c).id),
  })
  /** Registering or joining a squad of tournament `{id}`: 201 with the tournament as the caller now sees it. */
  const squadEntry =
    <B>(enter: (me: AuthUser, id: number, body: B) => Promise<unknown>) =>
    async (c: Context<AppEnv, string, { out: { param: { id: number }; json: B } }>) => {
      const { id } = c.req.valid('param')
      await enter(currentUser(c), id, c.req.valid('json'))
      return c.json(await myTournament(c, id), 201)
    }

  route.post(
    '/api/esports/tournaments/{id}/squads',
    {
      summary: 'Register a squad (the caller is its captain) until registration closes',
      description:
        '403 without a verified game account for the tournament’s game; 409 when registration has closed, the tournament is full, or the caller is already in a squad; 422 for a name taken in the tournament.',
      auth: true,
      params: idParam,
      body: z.strictObject({ name: z.string().trim().min(2).max(TOURNAMENT_SQUAD_NAME_MAX) }),
      responses: { 201: json(z.object({ esports_tournament: TournamentSchema }), 'Registered') },
      errors: [403, 404, 409, 422],
    },
    squadEntry((me, id, body) => registerSquad(deps, me, id, body.name)),
  )

  route.post(
    '/api/esports/tournaments/{id}/squads/join',
    {
      summary: 'Join a registered squad by its invite code',
      description:
        '404 for a code not of this tournament; 403 without a verified game account; 409 when the squad is full (the mode’s team size), registration has closed, or the caller is already in a squad.',
      auth: true,
      middleware: [codeLookupLimit(deps, { body: 'invite_code' })],
      params: idParam,
      body: z.strictObject({ invite_code: z.string().trim().min(1).max(20) }),
      responses: { 201: json(z.object({ esports_tournament: TournamentSchema }), 'Joined') },
      errors: [403, 404, 409, 422, 429],
    },
    squadEntry((me, id, body) => joinSquad(deps, me, id, body.invite_code)),
  )

  route.delete(
    '/api/esports/tournaments/{id}/membership',
    {
      summary: 'Leave my squad before registration closes',
      description:
        'A leaving captain hands over to the next member; the last member leaving removes the squad.',
      auth: true,
      params: idParam,
      ok: json(z.object({ esports_tournament: TournamentSchema }), 'Left'),
      errors: [404, 409, 422],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      await leaveTournament(deps, currentUser(c), id)
      return c.json(await myTournament(c, id), 200)
    },
  )

  route.post(
    '/api/esports/rounds/{id}/seed',
    {
      summary: 'Seed a round into lobbies now (admin)',
      description:
        'Round 1 by the tournament’s seeded shuffle (and registration closes), later rounds by snake on the previous round’s standing. 409 when the round is not pending, the previous round is not completed, or fewer than 2 squads would play.',
      auth: true,
      params: idParam,
      ok: json(z.object({ slots: z.array(SlotSchema), round: RoundSchema }), 'Seeded'),
      errors: [403, 404, 409, 422],
    },
    async (c) => {
      currentAdmin(c)
      const { id } = c.req.valid('param')
      await seedRoundByHand(deps, id)
      return c.json(await roundSlots(deps.db, id), 200)
    },
  )

  return app
}
