import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { ESPORTS_GAME_SLUGS, ESPORTS_KIND_SLUGS, type EsportsKind } from '../../domain/esports/rules'
import { codeLookupLimit } from '../../http/code-lookup'
import { notFound } from '../../http/errors'
import { requestDeps } from '../../http/idempotency'
import { idField } from '../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { json, optionalJsonBody } from '../../http/responses'
import { routesOn } from '../../http/route'
import { type AppContext, createRouter, currentUser } from '../../http/router'
import { boolField, normalizeCode, visibleContest } from '../contests'
import { esportsAccess, requestHostAccess } from './contests.access'
import type { EsportsContestInput } from './contests.input'
import { listEsportsContests } from './contests.list'
import { CreateBody, EditBody, EsportsAccessSchema, EsportsContestSchema } from './contests.schemas'
import { cancelEsportsContestByHost, createEsportsContest, editEsportsContest } from './contests.service'
import { contestJson } from './contests.views'
import type { Caller, EsportsContestRow } from './core'
import { contestByCode } from './queries'

/**
 * Esports contests of each kind and who may host them (docs/esports.md, "Creating a contest,
 * and who may host").
 */
const Answer = z.object({ esports_contest: EsportsContestSchema })
const AccessAnswer = z.object({ esports_access: EsportsAccessSchema })
const IdParam = z.object({ id: idField() })

const callerOf = (c: AppContext): Caller | null => {
  const u = c.get('user')
  return u ? { id: u.id, role: u.role } : null
}
const meOf = (c: AppContext): Caller => {
  const u = currentUser(c)
  return { id: u.id, role: u.role }
}

/** The spec's per-game edit routes: each takes only its own game's contests. */
const ALIASES = [
  { path: '/api/pubgs/{id}', game: 'pubg', name: 'PUBG' },
  { path: '/api/free_fires/{id}', game: 'free-fire', name: 'Free Fire' },
  { path: '/api/call_of_duties/{id}', game: 'call-of-duty', name: 'Call of Duty' },
] as const

// Long: a route factory, one short registration per route.
export function esportsContestRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Esports'], deps)
  /** A host's change, through the request's deps (money moves), answered with the contest as the host sees it. */
  const hostChange = async (c: AppContext, change: (d: Deps, me: Caller) => Promise<EsportsContestRow>) => {
    const me = meOf(c)
    const d = requestDeps(c, deps)
    return { esports_contest: await contestJson(d.db, await change(d, me), me) }
  }

  route.money.post(
    '/api/esports/contests',
    {
      summary: 'Host an esports contest (a custom room; docs/esports.md)',
      description:
        'Field rules give 422 with field names; a host lacking a requirement gets 403 naming the first missing one (GET /api/esports/access lists them). A new contest is open with no squads; the host joins like anyone else.',
      auth: true,
      body: CreateBody,
      responses: { 201: json(Answer, 'Created') },
      errors: [403, 422],
    },
    async (c) => {
      const input = c.req.valid('json') as EsportsContestInput
      return c.json(await hostChange(c, (d, me) => createEsportsContest(d, me, input)), 201)
    },
  )

  route.get(
    '/api/esports/contests',
    {
      summary: 'Esports contests: the public ones and the private ones I host or joined',
      description:
        '`status`: open, locked, completed, cancelled, active (open + locked, the default) or all. `mine=true`: only the ones I host or joined. Sorted by start time.',
      query: pagingQuery(20, 100).extend({
        game: z.enum(ESPORTS_GAME_SLUGS as [string, ...string[]]).optional(),
        kind: z.enum(ESPORTS_KIND_SLUGS as [string, ...string[]]).optional(),
        status: z.enum(['open', 'locked', 'completed', 'cancelled', 'active', 'all']).optional(),
        mine: boolField().optional(),
      }),
      ok: json(
        z.object({ esports_contests: z.array(EsportsContestSchema), meta: PageMetaSchema }),
        'Contests',
      ),
      errors: [422],
    },
    async (c) => {
      const q = c.req.valid('query')
      const page = toPage(q)
      const { contests, total } = await listEsportsContests(deps.db, callerOf(c), {
        game: q.game,
        kind: q.kind,
        status: q.status,
        mine: q.mine === true && c.get('user') !== null,
        offset: page.offset,
        per_page: page.per_page,
      })
      return c.json({ esports_contests: contests, meta: pageMeta(page, total) }, 200)
    },
  )

  route.get(
    '/api/esports/contests/by_code/{invite_code}',
    {
      summary: 'The esports contest an invite code opens (private contests are found this way)',
      description:
        'Case does not matter. A wrong code is 404; lookups are rate limited per player and address (429).',
      auth: true,
      middleware: [codeLookupLimit(deps, { param: 'invite_code' })],
      params: z.object({ invite_code: z.string().max(40) }),
      ok: json(Answer, 'The contest'),
      errors: [404, 429],
    },
    async (c) => {
      const code = normalizeCode(c.req.valid('param').invite_code)
      const row = await contestByCode(deps.db, code)
      if (!row) throw notFound('Contest')
      return c.json({ esports_contest: await contestJson(deps.db, row, meOf(c)) }, 200)
    },
  )

  route.get(
    '/api/esports/contests/{id}',
    {
      summary: 'One esports contest',
      description:
        'Private contests: only their host, admins and members (404 for everyone else). Room details only to the host and admins, and to members once revealed.',
      params: IdParam,
      ok: json(Answer, 'The contest'),
      errors: [404, 422],
    },
    async (c) => {
      const caller = callerOf(c)
      const row = await visibleContest(
        deps.db,
        'esports_contest',
        c.req.valid('param').id,
        caller ?? { id: 0, role: 'guest' },
      )
      return c.json({ esports_contest: await contestJson(deps.db, row, caller) }, 200)
    },
  )

  // A fee edit changes what entering costs: declared money-moving like the daily contests' edit.
  const edits: Array<{ path: string; summary: string; only?: { game: string } }> = [
    { path: '/api/esports/contests/{id}', summary: 'Edit an esports contest before the lock' },
    ...ALIASES.map((alias) => ({
      path: alias.path,
      summary: `Edit a ${alias.name} contest before the lock (spec alias; other games 404)`,
      only: { game: alias.game },
    })),
  ]
  for (const edit of edits)
    route.money.put(
      edit.path,
      {
        summary: edit.summary,
        description:
          'Host or admin, before the lock (409 after). Name, description, map, start, reveal and minimum level always; the prize table, per-kill prize and slots only while no squad but the host’s own has joined, the entry fee only while nobody has paid (409).',
        auth: true,
        params: IdParam,
        body: EditBody,
        ok: json(Answer, 'Edited'),
        errors: [403, 404, 409, 422],
      },
      async (c) => {
        const { id } = c.req.valid('param')
        const changes = c.req.valid('json')
        return c.json(await hostChange(c, (d, me) => editEsportsContest(d, me, id, changes, edit.only)), 200)
      },
    )

  route.money.delete(
    '/api/esports/contests/{id}',
    {
      summary: 'Cancel an esports contest before the lock (host or admin): every entry refunded',
      auth: true,
      params: IdParam,
      ok: json(Answer, 'Cancelled'),
      errors: [403, 404, 409, 422],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      return c.json(await hostChange(c, (d, me) => cancelEsportsContestByHost(d, me, id)), 200)
    },
  )

  route.get(
    '/api/esports/access',
    {
      summary: 'May I host contests of this kind, and what is missing',
      description:
        '`allowed`/`free_allowed`: a free private contest may be hosted; `paid_allowed`: a paid or public one too. `missing`: what stands between the caller and a paid or public contest, the first one first.',
      auth: true,
      query: z.object({ kind: z.enum(ESPORTS_KIND_SLUGS as [string, ...string[]]).default('pubg') }),
      ok: json(AccessAnswer, 'Access'),
      errors: [422],
    },
    async (c) => {
      const access = await esportsAccess(deps.db, currentUser(c).id, c.req.valid('query').kind as EsportsKind)
      return c.json({ esports_access: access }, 200)
    },
  )

  route.post(
    '/api/pubgs/access',
    {
      summary: 'Ask the admins for esports host access (spec "PUBG access POST")',
      description:
        'Every admin is notified with a link to the player. 409 if the player may host paid contests already; 429 if they asked within the last 24 hours.',
      auth: true,
      requestBody: optionalJsonBody(
        z.strictObject({
          kind: z.enum(ESPORTS_KIND_SLUGS as [string, ...string[]]).optional(),
          message: z.string().max(500).nullable().optional(),
        }),
      ),
      responses: { 202: json(AccessAnswer, 'Asked') },
      errors: [409, 422, 429],
    },
    async (c) => {
      const body = (c.req.valid('json') ?? {}) as { kind?: EsportsKind; message?: string | null }
      const access = await requestHostAccess(deps, meOf(c), body)
      return c.json({ esports_access: access }, 202)
    },
  )

  return app
}
