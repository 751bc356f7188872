import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { answerFromCache, cachedJson, readKey } from '../../http/answer-cache'
import { codeLookupLimit } from '../../http/code-lookup'
import { AppError, invalid } from '../../http/errors'
import { moneyRoute, requestDeps } from '../../http/idempotency'
import { idField } from '../../http/ids'
import { type Page, PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json, jsonBody } from '../../http/responses'
import { type AppContext, bearerSecurity, createRouter, currentUser } from '../../http/router'
import { nextMatchStartMs } from '../matches/queries'
import { requireMatch } from '../matches/service'
import { visibleUser } from '../users/visibility'
import { CONTEST_FILTERS, unknownFilterIds } from './filters'
import { type ContestQuery, queryContests } from './listing'
import { findContest } from './queries'
import { ContestSchema, contestParam, idList, listQuery, MemberSchema, PrizeSchema } from './schemas'
import { prizesJson } from './serialize'
import { contestsJson, joinContest, joiningConfirmation, requireContest, setLike } from './service'
import { compare, infoOf, membersPage } from './views'
import { visibleContest as visibleContestOf } from './visibility'

const listAnswer = json(z.object({ contests: z.array(ContestSchema), meta: PageMetaSchema }), 'Contests')
const viewer = (c: AppContext) => {
  const u = c.get('user')
  return u ? { id: u.id, slug: u.slug } : null
}

/** `?invite_code=`: opens a private contest to someone who is not (yet) a member. */
const inviteQuery = z.object({
  invite_code: z.string().max(40).optional().openapi({ description: 'Opens a private contest' }),
})

/**
 * The championship contests of a series (`type=championship`): they live in championship-contests,
 * an area above this one, which the app hands in when it mounts these routes.
 */
export interface SeriesChampionshipPort {
  schema: z.ZodTypeAny
  list(
    deps: Deps,
    seriesId: number,
    q: { sort: number; direction: number; phase_id?: number },
    page: Page,
    viewerId: number | null,
  ): Promise<{ contests: z.infer<z.ZodTypeAny>[]; total: number }>
}

export function contestRoutes(deps: Deps, championship: SeriesChampionshipPort) {
  const app = createRouter()

  /** The contest, or 404 when it is private and the caller is not its member, owner, admin or code holder. */
  async function visibleContest(c: AppContext, id: number) {
    const u = c.get('user')
    return visibleContestOf(
      deps.db,
      'contest',
      await findContest(deps.db, id),
      u ? { id: u.id, role: u.role } : null,
      c.req.query('invite_code'),
    )
  }

  async function list(
    c: AppContext,
    q: ContestQuery,
    page: { page: number; per_page: number },
    filter: string | null,
  ) {
    return (await listPage(c, q, page, filter)).body
  }

  async function listPage(
    c: AppContext,
    q: ContestQuery,
    page: { page: number; per_page: number },
    filter: string | null,
  ) {
    if (q.filter_ids?.length) {
      const unknown = unknownFilterIds(q.filter_ids)
      if (unknown.length > 0) throw invalid({ filter_ids: [`has unknown filters: ${unknown.join(', ')}`] })
    }
    const p = toPage(page)
    const { rows, total } = await queryContests(deps, q, p)
    const body = { contests: await contestsJson(deps, rows, viewer(c), filter), meta: pageMeta(p, total) }
    return { body, rows }
  }

  /**
   * A contest list from the answer cache: it holds until the next match start (contests lock,
   * lists move) or the next commit. Not kept when a contest of a live match is on the page:
   * the viewer's standing in it comes from the scoreboard in memory.
   */
  function cachedList(
    c: AppContext,
    q: ContestQuery,
    page: { page: number; per_page: number },
    filter: string | null,
  ) {
    return cachedJson(c, deps, readKey(c), async () => {
      const { body, rows } = await listPage(c, q, page, filter)
      return {
        body,
        untilMs: await nextMatchStartMs(deps.db, deps.clock.now()),
        store: !rows.some((r) => r.match_status === 'live'),
      }
    })
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/contests',
      tags: ['Contests'],
      middleware: [answerFromCache(deps)],
      summary: 'Contests, filtered and sorted',
      description:
        '`type`: upcoming (open contests of upcoming matches, the default), live, finished, feed (newest first). Sort keys 1 prize, 2 spots, 3 winners, 4 entry fee; `direction=-1` descending.',
      request: {
        query: listQuery.extend({
          type: z.enum(['upcoming', 'live', 'finished', 'feed']).default('upcoming'),
          game_id: idField().optional().openapi({ description: 'A game (sport) id from GET /api/games' }),
          sport_slug: z.string().optional(),
        }),
      },
      responses: { 200: listAnswer, ...errors(422) },
    }),
    async (c) => {
      const q = c.req.valid('query')
      return cachedList(
        c,
        { ...q, sort: q.sort as 1 | 2 | 3 | 4, direction: q.direction as 1 | -1 },
        q,
        q.type,
      )
    },
  )

  for (const [path, summary, extra] of [
    ['/api/contests/popular', 'The fullest open contests', { order: 'popular' }],
    ['/api/contests/cricket', 'Open cricket contests', { sport_slug: 'cricket' }],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['Contests'],
        middleware: [answerFromCache(deps)],
        summary,
        request: { query: listQuery },
        responses: { 200: listAnswer, ...errors(422) },
      }),
      async (c) => {
        const q = c.req.valid('query')
        const query: ContestQuery = {
          type: 'upcoming',
          ...q,
          ...extra,
          sort: q.sort as 1,
          direction: q.direction as -1,
        }
        return cachedList(c, query, q, path.split('/').at(-1) ?? null)
      },
    )
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/matches/{id}/contests',
      tags: ['Contests'],
      middleware: [answerFromCache(deps)],
      summary: 'The contests of a match',
      description: 'With the caller’s team count and how many of these contests they joined.',
      request: { params: contestParam, query: listQuery },
      responses: {
        200: json(
          z.object({
            contests: z.array(ContestSchema),
            meta: PageMetaSchema,
            teams_count: z.number().int(),
            joined_contests_count: z.number().int(),
          }),
          'Contests',
        ),
        ...errors(404, 422),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const q = c.req.valid('query')
      return cachedJson(c, deps, readKey(c), async () => {
        await requireMatch(deps.db, id)
        const { body, rows } = await listPage(
          c,
          {
            type: 'feed',
            order: 'sort',
            match_id: id,
            ...q,
            sort: q.sort as 1,
            direction: q.direction as -1,
          },
          q,
          `match:${id}`,
        )
        const me = c.get('user')
        let teams = 0
        let joined = 0
        if (me) {
          teams = (
            await deps.db
              .selectFrom('user_teams')
              .select('id')
              .where('user_id', '=', me.id)
              .where('match_id', '=', id)
              .execute()
          ).length
          joined = (
            await deps.db
              .selectFrom('contest_members as cm')
              .innerJoin('contests as ct', 'ct.id', 'cm.contest_id')
              .select('ct.id')
              .distinct()
              .where('cm.user_id', '=', me.id)
              .where('ct.match_id', '=', id)
              .execute()
          ).length
        }
        return {
          body: { ...body, teams_count: teams, joined_contests_count: joined },
          untilMs: await nextMatchStartMs(deps.db, deps.clock.now()),
          store: !rows.some((r) => r.match_status === 'live'),
        }
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/series/{id}/contests',
      tags: ['Contests'],
      middleware: [answerFromCache(deps)],
      summary: 'Open contests of a series’ upcoming matches, or its championship contests',
      description:
        '`type=championship`: the paid leagues on the series’ phases (docs/championship.md), every status, by phase then `sort`; `phase_id` narrows to one phase. The other types: daily contests of the series’ matches.',
      request: {
        params: contestParam,
        query: listQuery.extend({
          type: z.enum(['upcoming', 'live', 'finished', 'feed', 'championship']).default('upcoming'),
          phase_id: idField().optional().openapi({ description: 'type=championship only' }),
        }),
      },
      responses: {
        200: json(
          z.object({
            contests: z.union([z.array(ContestSchema), z.array(championship.schema)]),
            meta: PageMetaSchema,
          }),
          'Contests',
        ),
        ...errors(422),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { phase_id, ...q } = c.req.valid('query')
      if (q.type === 'championship' && q.filter_ids?.length)
        throw invalid({ filter_ids: ['are daily-contest filters; not for type=championship'] })
      if (q.type === 'championship')
        return cachedJson(c, deps, readKey(c), async () => {
          const page = toPage(q)
          const found = await championship.list(deps, id, { ...q, phase_id }, page, viewer(c)?.id ?? null)
          return {
            body: { contests: found.contests, meta: pageMeta(page, found.total) },
            // Joinable flips when a phase's first match starts.
            untilMs: await nextMatchStartMs(deps.db, deps.clock.now()),
          }
        })
      if (phase_id !== undefined) throw invalid({ phase_id: ['is only for type=championship'] })
      return cachedList(
        c,
        { ...q, type: q.type, series_id: id, sort: q.sort as 1, direction: q.direction as -1 },
        q,
        `series:${id}`,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/my_contests',
      tags: ['Contests'],
      summary: 'Contests I joined: upcoming, live or finished',
      security: bearerSecurity,
      request: {
        query: pagingQuery(30, 100).extend({
          type: z.enum(['upcoming', 'live', 'finished']).default('upcoming'),
        }),
      },
      responses: {
        200: json(z.object({ my_contests: z.array(ContestSchema), meta: PageMetaSchema }), 'My contests'),
        ...errors(401, 422),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const q = c.req.valid('query')
      const body = await list(
        c,
        { type: q.type, joined_by: me.id, include_private: true, order: 'sort', sort: 1, direction: -1 },
        q,
        q.type,
      )
      return c.json({ my_contests: body.contests, meta: body.meta }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/{slug}/contests',
      tags: ['Contests'],
      summary: 'A user’s contest history',
      description:
        '`type` upcoming (only your own), live or finished; `filter` is echoed on every contest. 30 per page by default.',
      request: {
        params: z.object({ slug: z.string() }),
        query: pagingQuery(30, 100).extend({
          type: z.enum(['upcoming', 'live', 'finished']).default('finished'),
          filter: z.string().max(40).optional(),
        }),
      },
      responses: { 200: listAnswer, ...errors(403, 404, 422) },
    }),
    async (c) => {
      const q = c.req.valid('query')
      const user = await visibleUser(deps.db, { slug: c.req.valid('param').slug })
      // Which contests someone joined for a match not yet started is their business only.
      if (q.type === 'upcoming' && c.get('user')?.id !== user.id)
        throw new AppError('FORBIDDEN', 'Only you can see the contests you joined for upcoming matches')
      return c.json(
        await list(
          c,
          {
            type: q.type,
            joined_by: user.id,
            include_private: c.get('user')?.id === user.id,
            order: 'sort',
            sort: 1,
            direction: -1,
          },
          q,
          q.filter ?? q.type,
        ),
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/contest_filters',
      tags: ['Contests'],
      summary: 'The filters for contest lists',
      responses: {
        200: json(
          z.object({
            contest_filters: z.array(z.object({ id: z.number().int(), group: z.string(), name: z.string() })),
          }),
          'Filters',
        ),
      },
    }),
    (c) => c.json({ contest_filters: CONTEST_FILTERS }, 200),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/contests/{id}',
      tags: ['Contests'],
      summary: 'One contest',
      middleware: [codeLookupLimit(deps, { query: 'invite_code' })],
      request: { params: contestParam, query: inviteQuery },
      responses: { 200: json(z.object({ contest: ContestSchema }), 'The contest'), ...errors(404, 429) },
    }),
    async (c) => {
      const contest = await visibleContest(c, c.req.valid('param').id)
      const [json] = await contestsJson(deps, [contest], viewer(c))
      return c.json({ contest: json as z.infer<typeof ContestSchema> }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/contests/{id}/prizes',
      tags: ['Contests'],
      summary: 'The prize structure',
      middleware: [codeLookupLimit(deps, { query: 'invite_code' })],
      request: { params: contestParam, query: inviteQuery },
      responses: {
        200: json(
          z.object({
            prizes: z.array(PrizeSchema),
            prize_amount: z.number(),
            winner_count: z.number().int(),
          }),
          'Prizes',
        ),
        ...errors(404, 429),
      },
    }),
    async (c) => {
      const contest = await visibleContest(c, c.req.valid('param').id)
      return c.json(
        {
          prizes: prizesJson(contest),
          prize_amount: Number(contest.prize_pool_paise) / 100,
          winner_count: contest.winner_count,
        },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/contests/{id}/info',
      tags: ['Contests'],
      summary: 'The rules of a contest',
      middleware: [codeLookupLimit(deps, { query: 'invite_code' })],
      request: { params: contestParam, query: inviteQuery },
      responses: {
        200: json(z.object({ info: z.record(z.string(), z.unknown()) }), 'Info'),
        ...errors(404, 429),
      },
    }),
    async (c) => c.json({ info: infoOf(await visibleContest(c, c.req.valid('param').id)) }, 200),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/contests/{id}/overview',
      tags: ['Contests'],
      summary: 'The contest page in sections: prizes, info, leaderboard',
      middleware: [codeLookupLimit(deps, { query: 'invite_code' })],
      request: { params: contestParam, query: inviteQuery },
      responses: {
        200: json(
          z.object({
            overview: z.object({
              contest: ContestSchema,
              sections: z.array(z.record(z.string(), z.unknown())),
            }),
          }),
          'Overview',
        ),
        ...errors(404, 429),
      },
    }),
    async (c) => {
      const contest = await visibleContest(c, c.req.valid('param').id)
      const [json] = await contestsJson(deps, [contest], viewer(c))
      const board = await membersPage(deps, contest, c.get('user')?.id ?? null, { offset: 0, per_page: 10 })
      return c.json(
        {
          overview: {
            contest: json as z.infer<typeof ContestSchema>,
            sections: [
              { key: 'prizes', title: 'Prizes', prizes: prizesJson(contest) },
              { key: 'info', title: 'Info', info: infoOf(contest) },
              {
                key: 'leaderboard',
                title: 'Leaderboard',
                members: board.members,
                current_user_members: board.current_user_members,
              },
            ],
          },
        },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/contests/{id}/members',
      tags: ['Contests'],
      middleware: [codeLookupLimit(deps, { query: 'invite_code' }), answerFromCache(deps)],
      summary: 'The leaderboard',
      description:
        'Best rank first while the match is live or finished; joining order before it starts. Also the caller’s own entries.',
      request: { params: contestParam, query: pagingQuery(50, 200).extend(inviteQuery.shape) },
      responses: {
        200: json(
          z.object({
            members: z.array(MemberSchema),
            current_user_members: z.array(MemberSchema),
            version: z.number().int().nullable(),
            meta: PageMetaSchema,
          }),
          'Members',
        ),
        ...errors(404, 422, 429),
      },
    }),
    async (c) => {
      const id = c.req.valid('param').id
      const page = toPage(c.req.valid('query'))
      // While the match is live the standings come from the scoreboard in memory: not kept.
      return cachedJson(c, deps, readKey(c), async () => {
        const contest = await visibleContest(c, id)
        const body = await membersPage(deps, contest, c.get('user')?.id ?? null, page)
        return {
          body: {
            members: body.members,
            current_user_members: body.current_user_members,
            version: body.version,
            meta: pageMeta(page, body.total),
          },
          store: contest.match_status !== 'live',
        }
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/contests/{id}/joining_confirmation',
      tags: ['Contests'],
      summary: 'Before joining: which dialog to show',
      description: '`popup`: join_league, event_locked, add_funds, already_joined or create_team.',
      security: bearerSecurity,
      request: { params: contestParam },
      responses: {
        200: json(z.record(z.string(), z.unknown()), 'The pre-flight answer'),
        ...errors(401, 404),
      },
    }),
    async (c) => {
      await visibleContest(c, c.req.valid('param').id)
      return c.json(await joiningConfirmation(deps, currentUser(c).id, c.req.valid('param').id), 200)
    },
  )

  app.openapi(
    moneyRoute(deps, {
      method: 'post',
      path: '/api/contests/{id}/join',
      tags: ['Contests'],
      summary: 'Join with one of my teams',
      description:
        'Debits the entry fee (unused balance first, then winnings) in the same transaction that takes the seat. 409 when the match has started, the contest is full, the team already joined, the entry limit is reached or the balance is too low.',
      security: bearerSecurity,
      middleware: [codeLookupLimit(deps, { body: 'invite_code' })],
      request: {
        params: contestParam,
        body: jsonBody(
          z.strictObject({
            team_id: idField(),
            invite_code: z.string().max(40).optional().openapi({
              description: 'Required for a private contest (unless you are its owner or a member)',
            }),
            fields: z.string().optional(),
          }),
        ),
      },
      responses: {
        200: json(z.object({ contest: ContestSchema, member_id: z.number().int() }), 'Joined'),
        ...errors(401, 404, 409, 422, 429),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const body = c.req.valid('json')
      const d = requestDeps(c, deps)
      const result = await joinContest(d, me.id, c.req.valid('param').id, body.team_id, body.invite_code)
      const [json] = await contestsJson(d, [result.contest], viewer(c))
      return c.json({ contest: json as z.infer<typeof ContestSchema>, member_id: result.member_id }, 200)
    },
  )

  for (const action of ['like', 'unlike'] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `/api/contests/{id}/${action}`,
        tags: ['Contests'],
        summary: action === 'like' ? 'Like a contest' : 'Take a like back',
        security: bearerSecurity,
        request: { params: contestParam },
        responses: { 200: json(z.object({ contest: ContestSchema }), 'The contest'), ...errors(401, 404) },
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        await visibleContest(c, id)
        await setLike(deps, currentUser(c).id, id, action === 'like')
        const [json] = await contestsJson(deps, [await requireContest(deps.db, id)], viewer(c))
        return c.json({ contest: json as z.infer<typeof ContestSchema> }, 200)
      },
    )
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/contests/{id}/compare',
      tags: ['Contests'],
      summary: 'Compare my team with another member’s',
      description:
        '`member_id`: the member to compare with; `member_ids`: which of my entries to use. Teams are visible once the match starts.',
      security: bearerSecurity,
      request: {
        params: contestParam,
        query: z.object({ member_id: idField(), member_ids: idList }),
      },
      responses: {
        200: json(z.record(z.string(), z.unknown()), 'Compare data'),
        ...errors(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const contest = await visibleContest(c, c.req.valid('param').id)
      const q = c.req.valid('query')
      return c.json(await compare(deps, contest, currentUser(c).id, q.member_id, q.member_ids), 200)
    },
  )

  return app
}
