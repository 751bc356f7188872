import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { answerFromCache, cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { codeLookupLimit } from '../../http/code-lookup'
import { idField } from '../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
import { inviteQuery, viewerOf, visibleContestFor } from './route-helpers'
import {
  CompareSchema,
  ContestInfoSchema,
  ContestSchema,
  ContestSectionSchema,
  contestParam,
  idList,
  MemberSchema,
  PrizeSchema,
} from './schemas'
import { prizesJson } from './serialize'
import { contestsJson } from './service'
import { compare, infoOf, membersPage } from './views'

/** What a leaderboard page reads (tests/api/http/cached-reads-tables.test.ts checks it). */
const MEMBERS_READS: Reads = [
  'avatars',
  'contest_likes',
  'contest_members',
  'contests',
  'matches',
  'sports',
  'user_teams',
  'users',
]

/** A read of one contest: behind the code-lookup limit, since `?invite_code=` opens a private one. */
const contestRead = <R extends object>(deps: Deps, path: string, summary: string, responses: R) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Contests'],
    summary,
    middleware: [codeLookupLimit(deps, { query: 'invite_code' })],
    request: { params: contestParam, query: inviteQuery },
    responses: { ...responses, ...errors(404, 429) },
  })

const membersRoute = (deps: Deps) =>
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
  })

const prizesAnswer = z.object({
  prizes: z.array(PrizeSchema),
  prize_amount: z.number(),
  winner_count: z.number().int(),
})
const overviewAnswer = z.object({
  overview: z.object({ contest: ContestSchema, sections: z.array(ContestSectionSchema) }),
})

/** One contest's pages: the contest, its prizes, rules, overview, leaderboard and team comparison. */
// Long: six short handlers of one contest's pages; their definitions are above.
export function contestPageRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Contests'])

  app.openapi(
    contestRead(deps, '/api/contests/{id}', 'One contest', {
      200: json(z.object({ contest: ContestSchema }), 'The contest'),
    }),
    async (c) => {
      const contest = await visibleContestFor(deps, c, c.req.valid('param').id)
      const [json] = await contestsJson(deps, [contest], viewerOf(c))
      return c.json({ contest: json as z.infer<typeof ContestSchema> }, 200)
    },
  )

  app.openapi(
    contestRead(deps, '/api/contests/{id}/prizes', 'The prize structure', {
      200: json(prizesAnswer, 'Prizes'),
    }),
    async (c) => {
      const contest = await visibleContestFor(deps, c, c.req.valid('param').id)
      const prize_amount = Number(contest.prize_pool_paise) / 100
      return c.json({ prizes: prizesJson(contest), prize_amount, winner_count: contest.winner_count }, 200)
    },
  )

  app.openapi(
    contestRead(deps, '/api/contests/{id}/info', 'The rules of a contest', {
      200: json(z.object({ info: ContestInfoSchema }), 'Info'),
    }),
    async (c) => c.json({ info: infoOf(await visibleContestFor(deps, c, c.req.valid('param').id)) }, 200),
  )

  app.openapi(
    contestRead(
      deps,
      '/api/contests/{id}/overview',
      'The contest page in sections: prizes, info, leaderboard',
      {
        200: json(overviewAnswer, 'Overview'),
      },
    ),
    async (c) => {
      const contest = await visibleContestFor(deps, c, c.req.valid('param').id)
      const [json] = await contestsJson(deps, [contest], viewerOf(c))
      const board = await membersPage(deps, contest, c.get('user')?.id ?? null, { offset: 0, per_page: 10 })
      const sections: z.infer<typeof ContestSectionSchema>[] = [
        { key: 'prizes', title: 'Prizes', prizes: prizesJson(contest) },
        { key: 'info', title: 'Info', info: infoOf(contest) },
        {
          key: 'leaderboard',
          title: 'Leaderboard',
          members: board.members,
          current_user_members: board.current_user_members,
        },
      ]
      return c.json({ overview: { contest: json as z.infer<typeof ContestSchema>, sections } }, 200)
    },
  )

  app.openapi(membersRoute(deps), async (c) => {
    const id = c.req.valid('param').id
    const page = toPage(c.req.valid('query'))
    // While the match is live the standings come from the scoreboard in memory: not kept.
    return cachedJson(c, deps, readKey(c), MEMBERS_READS, async () => {
      const contest = await visibleContestFor(deps, c, id)
      const body = await membersPage(deps, contest, c.get('user')?.id ?? null, page)
      const { members, current_user_members, version } = body
      return {
        body: { members, current_user_members, version, meta: pageMeta(page, body.total) },
        store: contest.match_status !== 'live',
      }
    })
  })

  route.get(
    '/api/contests/{id}/compare',
    {
      summary: 'Compare my team with another member’s',
      description:
        '`member_id`: the member to compare with; `member_ids`: which of my entries to use. Teams are visible once the match starts.',
      auth: true,
      params: contestParam,
      query: z.object({ member_id: idField(), member_ids: idList }),
      ok: json(CompareSchema, 'Compare data'),
      errors: [403, 404, 422],
    },
    async (c) => {
      const contest = await visibleContestFor(deps, c, c.req.valid('param').id)
      const q = c.req.valid('query')
      return c.json(await compare(deps, contest, currentUser(c).id, q.member_id, q.member_ids), 200)
    },
  )

  return app
}
