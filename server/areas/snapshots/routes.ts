import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { json, optionalJsonBody, orNull } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import type { NetworkPasswords } from '../auth'
import { resetLeague } from './reset'
import { type LiveConnections, restoreSnapshot } from './service'
import { checkName, listSnapshots, saveSnapshot } from './store'

const ClockStateSchema = z.object({
  now_in_millis: z.number().int(),
  speed: z.number(),
  paused: z.boolean(),
})

const SnapshotSchema = z
  .object({
    name: z.string(),
    size_bytes: z.number().int(),
    created_at_in_millis: z.number().int(),
    clock: orNull(ClockStateSchema).openapi({ description: 'The game clock when it was saved' }),
  })
  .openapi('Snapshot')

const NewPasswordsSchema = z
  .object({
    admin: z.string().nullable(),
    demo: z.string().nullable(),
    demo_users: z.string().nullable(),
    other_admins: z.array(z.object({ email: z.string(), username: z.string(), password: z.string() })),
  })
  .openapi('NewPasswords', {
    description:
      'A server listening on a network gives no account a README password: passwords it had to make up because the data brought such accounts back (shown this once; docs/classroom.md). All null and empty on 127.0.0.1, or when the passwords settled on at start were used.',
  })

const newPasswords = (p: NetworkPasswords) => ({
  admin: p.admin,
  demo: p.demo,
  demo_users: p.demoUsers,
  other_admins: p.others,
})

// Checked by hand (not by the schema) so a bad name answers the one 422 field message.
const NameParam = z.object({ name: z.string().max(200) })

/** Admin: save, list and restore whole-database snapshots of the running server (docs/snapshots.md). */
/** What a fresh demo league holds (seeds/demo-league.ts SeedSummary). */
const SeedSummarySchema = z
  .object({
    seed: z.number().int(),
    now_in_millis: z.number().int(),
    users: z.number().int(),
    demo_users: z.number().int(),
    sports: z.number().int(),
    teams: z.number().int(),
    players: z.number().int(),
    series: z.number().int(),
    phases: z.number().int(),
    matches: z.number().int(),
    completed_matches: z.number().int(),
    upcoming_matches: z.number().int(),
    starting_soon: z.number().int(),
    match_players: z.number().int(),
    follows: z.number().int(),
    ledger_transactions: z.number().int(),
    contests: z.number().int(),
    user_teams: z.number().int(),
    contest_entries: z.number().int(),
    player_contests: z.number().int(),
    saved_prizes: z.number().int(),
    gangs: z.number().int(),
    classic_teams: z.number().int(),
    classic_team_scores: z.number().int(),
    posts: z.number().int(),
    comments: z.number().int(),
    likes: z.number().int(),
    ratings: z.number().int(),
    xp_awards: z.number().int(),
    groups: z.number().int(),
    group_messages: z.number().int(),
    game_accounts: z.number().int(),
    esports_contests: z.number().int(),
    private_contest_code: z.string().nullable(),
  })
  .openapi('SeedSummary')

// Long: a route factory, one short registration per route.
export function snapshotRoutes(deps: Deps, cable?: LiveConnections) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'])

  route.get(
    '/api/admin/snapshots',
    {
      summary: 'Saved snapshots of the database, oldest first',
      auth: true,
      ok: json(z.object({ snapshots: z.array(SnapshotSchema) }), 'Snapshots'),
      errors: [403],
    },
    (c) => c.json({ snapshots: listSnapshots(deps) }, 200),
  )

  route.post(
    '/api/admin/snapshots',
    {
      summary: 'Save the running database as a snapshot (online: nothing stops)',
      auth: true,
      body: z
        .object({
          name: z.string().max(200),
          replace: z.boolean().default(false).openapi({ description: 'Overwrite a snapshot of that name' }),
        })
        .strict(),
      responses: { 201: json(z.object({ snapshot: SnapshotSchema }), 'Saved') },
      errors: [403, 409, 422],
    },
    async (c) => {
      const body = c.req.valid('json')
      return c.json({ snapshot: await saveSnapshot(deps, checkName(body.name), body.replace) }, 201)
    },
  )

  route.post(
    '/api/admin/snapshots/{name}/restore',
    {
      summary: 'Put the running server back to a snapshot',
      description:
        'Everyone on /cable is disconnected (reason `maintenance`, reconnect true); requests during the swap answer 503 with Retry-After; the game clock goes back to where it was when the snapshot was saved. 409 `DATABASE_IN_USE` (naming them) while other server processes share the PostgreSQL database.',
      auth: true,
      params: NameParam,
      ok: json(
        z.object({ snapshot: z.string(), clock: ClockStateSchema, new_passwords: NewPasswordsSchema }),
        'Restored',
      ),
      errors: [403, 404, 409, 422, 503],
    },
    async (c) => {
      const name = checkName(c.req.valid('param').name)
      const { clock, passwords } = await restoreSnapshot(deps, name, { cable, ownRequests: 1 })
      return c.json({ snapshot: name, clock, new_passwords: newPasswords(passwords) }, 200)
    },
  )

  route.post(
    '/api/admin/league/reset',
    {
      summary: 'Replace the running league by a freshly seeded demo league',
      description:
        'Built first while the server keeps serving, then swapped in as a snapshot restore is: everyone on /cable is disconnected (reason `maintenance`, reconnect true), requests during the swap answer 503, the clock restarts at real speed. Every account and token goes; the configured admin and demo accounts are created anew. 409 `DATABASE_IN_USE` (naming them) while other server processes share the PostgreSQL database.',
      auth: true,
      requestBody: optionalJsonBody(
        z
          .object({
            seed: z
              .number()
              .int()
              .min(0)
              .max(2 ** 31 - 1)
              .optional(),
            users: z.number().int().min(0).max(500).optional(),
          })
          .strict(),
      ),
      ok: json(
        z.object({
          seed: z.number().int(),
          clock: ClockStateSchema,
          league: SeedSummarySchema,
          new_passwords: NewPasswordsSchema,
        }),
        'The new league',
      ),
      errors: [403, 409, 422, 503],
    },
    async (c) => {
      const body = c.req.valid('json') ?? {}
      const result = await resetLeague(deps, { ...body, cable, ownRequests: 1 })
      return c.json(
        {
          seed: result.seed,
          clock: result.clock,
          league: { ...result.league },
          new_passwords: newPasswords(result.passwords),
        },
        200,
      )
    },
  )

  return app
}
