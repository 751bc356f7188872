import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import type { MatchStatus } from '../../db/schema'
import { answerFromCache, cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { idField } from '../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { listMatches, matchEventLog } from './queries'
import { idParam, MatchSchema, MatchStatusSchema, PlayerScoreSchema, ScoreSummarySchema } from './schemas'
import { MatchScoreSchema, matchScore } from './score'
import { matchesJson, matchStatistics, playerScores, requireMatch } from './service'

/** What GET /api/matches/{id} reads (its score too) (tests/api/http/cached-reads-tables.test.ts checks it). */
const MATCH_READS: Reads = [
  'contest_members',
  'contests',
  'match_simulations',
  'match_teams',
  'matches',
  'matches.score',
  'real_teams',
  'series',
  'sports',
  'user_teams',
]

const STATUSES = ['upcoming', 'live', 'completed', 'abandoned'] as const

/** `status=upcoming,live` → a validated list. */
const statusList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined
    const parts = v.split(',').map((s) => s.trim())
    const bad = parts.filter((p) => !(STATUSES as readonly string[]).includes(p))
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must be some of: ${STATUSES.join(', ')}` })
      return z.NEVER
    }
    return parts as MatchStatus[]
  })
  .openapi({
    description: 'Comma-joined statuses: upcoming, live, completed, abandoned',
    example: 'upcoming,live',
  })

const getMatchesRoute = createRoute({
  method: 'get',
  path: '/api/matches',
  tags: ['Matches'],
  summary: 'Matches by sport and status',
  description: 'Upcoming and live soonest first; completed and abandoned newest first.',
  request: {
    query: pagingQuery(20, 100).extend({
      sport_slug: z.string().optional(),
      status: statusList,
      series_id: idField().optional(),
      phase_id: idField().optional(),
    }),
  },
  responses: {
    200: json(z.object({ matches: z.array(MatchSchema), meta: PageMetaSchema }), 'Matches'),
    ...errors(422),
  },
})

const getMatchesByIdRoute = (deps: Deps) =>
  createRoute({
    method: 'get',
    path: '/api/matches/{id}',
    tags: ['Matches'],
    middleware: [answerFromCache(deps)],
    summary: 'One match',
    request: { params: idParam },
    responses: { 200: json(z.object({ match: MatchSchema }), 'The match'), ...errors(404) },
  })

const getMatchesByIdPlayerScoresRoute = createRoute({
  method: 'get',
  path: '/api/matches/{id}/player_scores',
  tags: ['Matches'],
  summary: 'Points of every player in this match, with the breakdown by rule',
  request: { params: idParam },
  responses: {
    200: json(z.object({ player_scores: z.array(PlayerScoreSchema) }), 'Player scores'),
    ...errors(404),
  },
})

const getMatchesByIdStatisticsRoute = createRoute({
  method: 'get',
  path: '/api/matches/{id}/statistics',
  tags: ['Matches'],
  summary: 'The live score and every player’s points and stats',
  request: { params: idParam },
  responses: {
    200: json(
      z.object({
        statistics: z.object({
          match_status: MatchStatusSchema,
          summary: ScoreSummarySchema,
          events_count: z.number().int(),
          player_scores: z.array(
            PlayerScoreSchema.extend({
              name: z.string(),
              team_id: z.number().int(),
              style: z.number().int(),
            }),
          ),
        }),
      }),
      'Statistics',
    ),
    ...errors(404),
  },
})

const getMatchesByIdScoreRoute = createRoute({
  method: 'get',
  path: '/api/matches/{id}/score',
  tags: ['Matches'],
  summary: 'The score as a strip shows it',
  description:
    'State and result, the live summary, the latest deliveries (cricket) and the squad’s short names. ' +
    'MatchChannel pushes keep it current.',
  request: { params: idParam },
  responses: { 200: json(z.object({ score: MatchScoreSchema }), 'The score'), ...errors(404) },
})

const getMatchesByIdEventsRoute = createRoute({
  method: 'get',
  path: '/api/matches/{id}/events',
  tags: ['Matches'],
  summary: 'Every scoring event of the match so far, in seq order',
  description:
    'The events scoring read (docs/events.md), each with its `seq`; a corrected seq shows its latest version. Public like the match itself: the same events its MatchChannel broadcast. `fanspole match export` writes a cricket match from them as Cricsheet JSON.',
  request: { params: idParam },
  responses: {
    200: json(
      z.object({
        events: z.array(
          z
            .looseObject({ seq: z.number().int(), type: z.string() })
            .openapi({ description: 'One event of docs/events.md' }),
        ),
      }),
      'The events',
    ),
    ...errors(404),
  },
})

export function matchRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(getMatchesRoute, async (c) => {
    const q = c.req.valid('query')
    const page = toPage(q)
    const { rows, total } = await listMatches(deps.db, { ...q, status: q.status }, page)
    return c.json(
      { matches: await matchesJson(deps, rows, c.get('user')?.id ?? null), meta: pageMeta(page, total) },
      200,
    )
  })

  app.openapi(getMatchesByIdRoute(deps), async (c) => {
    const id = c.req.valid('param').id
    return cachedJson(c, deps, readKey(c), MATCH_READS, async () => {
      const match = await requireMatch(deps.db, id)
      const [json] = await matchesJson(deps, [match], c.get('user')?.id ?? null)
      // An upcoming match locks at its start: the answer holds until then, or for good.
      const startMs = Number(match.event_time_ms)
      const untilMs = match.status === 'upcoming' && startMs > deps.clock.now() ? startMs : undefined
      return { body: { match: json as z.infer<typeof MatchSchema> }, untilMs }
    })
  })

  app.openapi(getMatchesByIdPlayerScoresRoute, async (c) => {
    const match = await requireMatch(deps.db, c.req.valid('param').id)
    return c.json({ player_scores: await playerScores(deps, match.id) }, 200)
  })

  app.openapi(getMatchesByIdScoreRoute, async (c) => {
    const match = await requireMatch(deps.db, c.req.valid('param').id)
    return c.json({ score: await matchScore(deps, match) }, 200)
  })

  app.openapi(getMatchesByIdEventsRoute, async (c) => {
    const match = await requireMatch(deps.db, c.req.valid('param').id)
    const rows = await matchEventLog(deps.db, match.id)
    const events = rows.map((r) => ({ ...(JSON.parse(r.payload) as { type: string }), seq: r.seq }))
    return c.json({ events }, 200)
  })

  app.openapi(getMatchesByIdStatisticsRoute, async (c) => {
    const match = await requireMatch(deps.db, c.req.valid('param').id)
    return c.json({ statistics: await matchStatistics(deps, match) }, 200)
  })

  return app
}
