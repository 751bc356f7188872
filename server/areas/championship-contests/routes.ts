import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { rupeesToPaise } from '../../domain/money'
import { codeLookupLimit } from '../../http/code-lookup'
import { invalid } from '../../http/errors'
import { moneyRoute, requestDeps } from '../../http/idempotency'
import { idField, idParam } from '../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json, jsonBody, optionalJsonBody, orNull } from '../../http/responses'
import { bearerSecurity, createRouter, currentAdmin, currentUser } from '../../http/router'
import { OwnerFieldsShape, SeatFieldsShape, visibleContest } from '../contests'
import { createChampionshipContest, joinChampionshipContest } from './service'
import { championshipContestView } from './views'

const PrizeSchema = z.object({
  id: z.number().int(),
  rank_text: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  amount: z.number(),
})

export const ChampionshipContestSchema = z
  .object({
    id: z.number().int(),
    type: z.literal('championship'),
    series_id: z.number().int(),
    series_name: z.string(),
    phase_id: z.number().int(),
    phase_name: z.string(),
    name: z.string(),
    ...SeatFieldsShape,
    guaranteed: z.boolean(),
    first_prize: z.number(),
    prizes: z.array(PrizeSchema),
    event_time_in_millis: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The phase's first match start: joining closes then" }),
    status_reason: z.string().nullable(),
    my_entry: z
      .object({
        member_id: z.number().int(),
        classic_team_id: z.number().int(),
        rank: z.number().int().nullable(),
        score: z.number(),
        prize: z.number(),
        refunded: z.boolean(),
      })
      .nullable(),
    created_at_in_millis: z.number().int(),
    ...OwnerFieldsShape,
  })
  .openapi('ChampionshipContest')

const MemberSchema = z
  .object({
    id: z.number().int(),
    rank: z.number().int().nullable(),
    score: z.number(),
    prize: z.number(),
    refunded: z.boolean(),
    classic_team: z.object({ id: z.number().int() }),
    user: z.object({
      id: z.number().int(),
      slug: z.string(),
      username: z.string(),
      team_name: z.string().nullable(),
      display_name: z.string(),
      image: z.string().nullable(),
    }),
    is_current_user: z.boolean(),
  })
  .openapi('ChampionshipContestMember')

const ContestAnswer = z.object({ contest: ChampionshipContestSchema })

const getChampionshipContestsByIdRoute = (deps: Deps) =>
  createRoute({
    method: 'get',
    path: '/api/championship/contests/{id}',
    tags: ['Championship'],
    summary: 'A championship contest with its members ranked on the phase total',
    description:
      'Members are ranked on their classic teams’ phase totals (ties share a rank); final ranks and prizes once the phase has ended.',
    middleware: [codeLookupLimit(deps, { query: 'invite_code' })],
    request: {
      params: idParam,
      query: pagingQuery(50, 200).extend({
        invite_code: z.string().max(40).optional().openapi({ description: 'Opens a private contest' }),
      }),
    },
    responses: {
      200: json(
        z.object({
          contest: ChampionshipContestSchema,
          members: z.array(MemberSchema),
          current_user_member: orNull(MemberSchema),
          meta: PageMetaSchema,
        }),
        'The contest',
      ),
      ...errors(404, 422, 429),
    },
  })

const postChampionshipContestsByIdJoinRoute = (deps: Deps) =>
  moneyRoute(deps, {
    method: 'post',
    path: '/api/championship/contests/{id}/join',
    tags: ['Championship'],
    summary: 'Join with my classic team of the contest’s phase',
    description:
      'Debits the entry fee (unused balance first, then winnings) in the transaction that takes the seat. `classic_team_id` is optional (one team per phase). 409 when the phase has started, the contest is full or closed, the team already joined or the balance is too low; 422 without a classic team in the phase.',
    security: bearerSecurity,
    middleware: [codeLookupLimit(deps, { body: 'invite_code' })],
    request: {
      params: idParam,
      body: optionalJsonBody(
        z.strictObject({
          classic_team_id: idField().optional(),
          invite_code: z
            .string()
            .max(40)
            .optional()
            .openapi({ description: 'Required for a private contest' }),
        }),
      ),
    },
    responses: {
      200: json(ContestAnswer.extend({ member_id: z.number().int() }), 'Joined'),
      ...errors(401, 404, 409, 422, 429),
    },
  })

const postAdminSeriesPhasesByIdContestsRoute = (deps: Deps) =>
  moneyRoute(deps, {
    method: 'post',
    path: '/api/admin/series_phases/{id}/contests',
    tags: ['Admin'],
    summary: 'Create a championship contest on a phase (admin)',
    description:
      'Prize pool = entry fee × members_limit less the rake (15% by default), split over `winner_count` ranks (default 30% of the spots). 409 once the phase has started; 422 for a phase without matches.',
    security: bearerSecurity,
    request: {
      params: idParam,
      body: jsonBody(
        z.strictObject({
          name: z.string().trim().min(1).max(80),
          entry_fee: z.union([z.number(), z.string()]).openapi({ description: 'Rupees, ≤ 2 decimals' }),
          members_limit: z.number().int().min(2).max(100_000),
          winner_count: z.number().int().min(1).max(100_000).optional(),
          guaranteed: z.boolean().optional(),
        }),
      ),
    },
    responses: { 201: json(ContestAnswer, 'Created'), ...errors(401, 403, 404, 409, 422) },
  })

export function championshipContestRoutes(deps: Deps) {
  const app = createRouter()
  const contestJson = async (id: number, viewerId: number | null, d: Deps = deps) =>
    (await championshipContestView(d, id, toPage({ page: 1, per_page: 1 }), viewerId)).contest

  app.openapi(getChampionshipContestsByIdRoute(deps), async (c) => {
    const q = c.req.valid('query')
    const page = toPage(q)
    const u = c.get('user')
    const viewer = u ? { id: u.id, role: u.role } : null
    await visibleContest(deps.db, 'championship_contest', c.req.valid('param').id, viewer, q.invite_code)
    const view = await championshipContestView(deps, c.req.valid('param').id, page, c.get('user')?.id ?? null)
    return c.json(
      {
        contest: view.contest,
        members: view.members,
        current_user_member: view.current_user_member,
        meta: pageMeta(page, view.total),
      },
      200,
    )
  })

  app.openapi(postChampionshipContestsByIdJoinRoute(deps), async (c) => {
    const me = currentUser(c)
    const { id } = c.req.valid('param')
    const body = (c.req.valid('json') ?? {}) as { classic_team_id?: number; invite_code?: string }
    const d = requestDeps(c, deps)
    const memberId = await joinChampionshipContest(d, me.id, id, body.classic_team_id, body.invite_code)
    return c.json({ contest: await contestJson(id, me.id, d), member_id: memberId }, 200)
  })

  app.openapi(postAdminSeriesPhasesByIdContestsRoute(deps), async (c) => {
    const admin = currentAdmin(c)
    const body = c.req.valid('json')
    const fee = rupeesToPaise(body.entry_fee)
    if (fee === null || fee < 0 || fee > 10_000_00)
      throw invalid({ entry_fee: ['must be rupees from 0 to 10,000 with at most 2 decimals'] })
    const d = requestDeps(c, deps)
    const id = await createChampionshipContest(d, c.req.valid('param').id, {
      name: body.name,
      entry_fee_paise: fee,
      members_limit: body.members_limit,
      winner_count: body.winner_count,
      guaranteed: body.guaranteed,
    })
    return c.json({ contest: await contestJson(id, admin.id, d) }, 201)
  })

  return app
}
