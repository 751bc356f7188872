import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Deps } from '../../core/deps'
import { codeLookupLimit } from '../../http/code-lookup'
import { forbidden, notFound } from '../../http/errors'
import { idParams } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { type AppContext, type AppEnv, type AuthUser, createRouter } from '../../http/router'
import { answerRequest, createGang, joinByCode, leaveGang, normaliseCode, removeMember } from './membership'
import { findGang, findGangByCode, type GangScope, gangsOfUser, requestsOf } from './queries'
import { CodeRequest, GangMemberSchema, GangSchema, JoinRequestSchema, NewGangRequest } from './schemas'
import { gangPage, gangsJson } from './views'
import { visibleGang } from './visibility'

/**
 * Gangs (docs/gangs.md), the original's "leagues": the same calls under a series (daily mode)
 * and under a championship phase, plus join by code, which names its gang whatever its scope.
 */
const SCOPES = [
  {
    prefix: '/api/series/{series_id}/leagues',
    param: 'series_id',
    where: 'a series (daily mode)',
    scope: (id: number): GangScope => ({ kind: 'series', seriesId: id }),
  },
  {
    prefix: '/api/championship/series_phases/{phase_id}/leagues',
    param: 'phase_id',
    where: 'a championship phase',
    scope: (id: number): GangScope => ({ kind: 'phase', phaseId: id }),
  },
] as const

const gangAnswer = json(z.object({ gang: GangSchema }), 'The gang')
const viewerId = (c: AppContext) => c.get('user')?.id ?? null

// Long: a route factory, one short registration per route.
export function gangRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Gangs'])

  async function oneGang(id: number, viewer: number | null) {
    const row = await findGang(deps.db, id)
    if (!row) throw notFound('Gang')
    const [gang] = await gangsJson(deps.db, [row], viewer)
    return { gang: gang as z.infer<typeof GangSchema> }
  }

  for (const s of SCOPES) {
    const scopeParams = idParams(s.param)
    const gangParams = idParams(s.param, 'id')
    const userParams = idParams(s.param, 'id', 'user_id')
    const scopeOf = (p: Record<string, number>) => s.scope(p[s.param] as number)
    /** A member's or the manager's action on a gang: the answer is the gang as it now is. */
    const gangAct =
      <P extends { id: number }>(act: (p: P, me: AuthUser) => Promise<unknown>) =>
      async (c: Context<AppEnv, string, { out: { param: P } }>, me: AuthUser) => {
        const p = c.req.valid('param')
        await act(p, me)
        return c.json(await oneGang(p.id, me.id), 200)
      }

    route.get(
      `${s.prefix}/my_leagues`,
      {
        summary: `My gangs in ${s.where}`,
        description:
          'Gangs I am in or asked to join, newest first, each with my rank (`current_user_data.rank`) and its manager (`user`).',
        auth: true,
        params: scopeParams,
        ok: json(z.object({ gangs: z.array(GangSchema) }), 'My gangs'),
        errors: [422],
      },
      async (c, me) => {
        const rows = await gangsOfUser(deps.db, scopeOf(c.req.valid('param')), me.id)
        return c.json({ gangs: await gangsJson(deps.db, rows, me.id) }, 200)
      },
    )

    route.post(
      s.prefix,
      {
        summary: `Create a gang in ${s.where}`,
        description:
          'The creator is its manager and first member. A public gang takes anyone with its code; a private one takes join requests that the manager approves.',
        auth: true,
        params: scopeParams,
        body: NewGangRequest,
        responses: { 201: gangAnswer },
        errors: [404, 422],
      },
      async (c, me) => {
        const id = await createGang(deps, me.id, scopeOf(c.req.valid('param')), c.req.valid('json'))
        return c.json(await oneGang(id, me.id), 201)
      },
    )

    route.get(
      `${s.prefix}/{id}`,
      {
        summary: 'One gang with its members, ranked',
        description:
          'Members with their score and rank (1, 2, 2, 4). A private gang is visible to its members only (404 to anyone else).',
        params: gangParams,
        ok: json(z.object({ gang: GangSchema, members: z.array(GangMemberSchema) }), 'The gang'),
        errors: [404, 422],
      },
      async (c) => {
        const p = c.req.valid('param')
        return c.json(await gangPage(deps, scopeOf(p), p.id, viewerId(c)), 200)
      },
    )

    route.get(
      `${s.prefix}/{id}/requests`,
      {
        summary: 'Pending join requests (the manager only)',
        auth: true,
        params: gangParams,
        ok: json(z.object({ join_requests: z.array(JoinRequestSchema) }), 'Requests, oldest first'),
        errors: [403, 404, 422],
      },
      async (c, me) => {
        const p = c.req.valid('param')
        const { gang } = await visibleGang(deps.db, p.id, me.id, scopeOf(p))
        if (gang.created_by_id !== me.id) throw forbidden('Only the gang’s manager sees its join requests')
        const rows = await requestsOf(deps.db, gang.id)
        return c.json(
          {
            join_requests: rows.map((r) => ({
              id: r.id,
              user: {
                id: r.user_id,
                team_name: r.team_name,
                display_name: r.full_name || r.username,
                image: r.image_url ?? r.avatar_url,
              },
              requested_at_in_millis: Number(r.requested_at_ms),
            })),
          },
          200,
        )
      },
    )

    for (const action of ['approve', 'decline'] as const)
      route.post(
        `${s.prefix}/{id}/requests/{user_id}/${action}`,
        {
          summary: action === 'approve' ? 'Approve a join request' : 'Decline a join request',
          description:
            action === 'approve'
              ? 'The manager only. 409 when the gang is full.'
              : 'The manager only. The request is forgotten: the player may ask again.',
          auth: true,
          params: userParams,
          ok: gangAnswer,
          errors: [403, 404, 409, 422],
        },
        gangAct((p, me) => answerRequest(deps, scopeOf(p), p.id, me.id, p.user_id, action === 'approve')),
      )

    route.post(
      `${s.prefix}/{id}/leave`,
      {
        summary: 'Leave a gang, or withdraw my join request',
        description: 'The manager cannot leave (409).',
        auth: true,
        params: gangParams,
        ok: gangAnswer,
        errors: [404, 409, 422],
      },
      gangAct((p, me) => leaveGang(deps, scopeOf(p), p.id, me.id)),
    )

    route.delete(
      `${s.prefix}/{id}/members/{user_id}`,
      {
        summary: 'Remove a member (the manager only)',
        auth: true,
        params: userParams,
        ok: gangAnswer,
        errors: [403, 404, 409, 422],
      },
      gangAct((p, me) => removeMember(deps, scopeOf(p), p.id, me.id, p.user_id)),
    )
  }

  route.get(
    '/api/leagues/code/{code}',
    {
      summary: 'The gang a code names',
      description:
        'Its card (no members), so a player can see what they join or ask to join. 404 for an unknown code.',
      auth: true,
      middleware: [codeLookupLimit(deps, { param: 'code' })],
      params: z.object({ code: z.string().max(32) }),
      ok: gangAnswer,
      errors: [404, 422, 429],
    },
    async (c, me) => {
      const row = await findGangByCode(deps.db, normaliseCode(c.req.valid('param').code))
      if (!row) throw notFound('Gang')
      const [gang] = await gangsJson(deps.db, [row], me.id)
      return c.json({ gang: gang as z.infer<typeof GangSchema> }, 200)
    },
  )

  for (const [path, ask] of [
    ['/api/leagues/join', false],
    ['/api/leagues/join_request', true],
  ] as const)
    route.post(
      path,
      {
        summary: ask ? 'Ask to join a gang by its code' : 'Join a public gang by its code',
        description: ask
          ? 'A private gang records the request for its manager; a public gang takes the caller at once. 404 for an unknown code, 409 ALREADY_JOINED when already in it or already asked.'
          : 'Codes are case-insensitive. 404 for an unknown code; 403 for a private gang (ask instead, and the manager approves); 409 ALREADY_JOINED when already a member; 409 when the gang is full.',
        auth: true,
        middleware: [codeLookupLimit(deps, { body: 'code' })],
        body: CodeRequest,
        ok: gangAnswer,
        errors: [403, 404, 409, 422, 429],
      },
      async (c, me) => {
        const id = await joinByCode(deps, me.id, c.req.valid('json').code, ask)
        return c.json(await oneGang(id, me.id), 200)
      },
    )

  return app
}
