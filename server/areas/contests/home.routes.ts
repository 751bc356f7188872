import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { answerFromCache, cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { MatchSchema } from '../matches'
import { games, homeScreen } from './home'
import { ContestSchema } from './schemas'

/** What the home screen reads (live matches' scores too) (tests/api/http/cached-reads-tables.test.ts checks it). */
const HOME_READS: Reads = [
  'contest_likes',
  'contest_members',
  'contests',
  'data_versions',
  'match_simulations',
  'match_teams',
  'matches',
  'matches.score',
  'real_teams',
  'series',
  'sports',
  'user_teams',
  'users',
]

const GameSchema = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), team_size: z.number().int() })
  .openapi('Game')

const getGamesRoute = createRoute({
  method: 'get',
  path: '/api/games',
  tags: ['Contests'],
  summary: 'The games (one per sport): the `game_id` of contest lists',
  responses: { 200: json(z.object({ games: z.array(GameSchema) }), 'Games') },
})

const getContestsHomeRoute = (deps: Deps) =>
  createRoute({
    method: 'get',
    path: '/api/contests/home',
    tags: ['Contests'],
    middleware: [answerFromCache(deps)],
    summary: 'The home screen: upcoming and live matches, featured contests, banners, games',
    request: { query: z.object({ sport_slug: z.string().optional() }) },
    responses: {
      200: json(
        z.object({
          matches: z.array(MatchSchema),
          live_matches: z.array(MatchSchema),
          contests: z.array(ContestSchema),
          games: z.array(GameSchema),
          new_banners: z.array(
            z.object({ id: z.number().int(), title: z.string(), text: z.string(), link: z.string() }),
          ),
          my_contests_count: z.number().int(),
        }),
        'Home',
      ),
    },
  })

export function homeRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(getGamesRoute, async (c) => c.json({ games: await games(deps) }, 200))

  app.openapi(getContestsHomeRoute(deps), async (c) => {
    const sport = c.req.valid('query').sport_slug
    const me = c.get('user')
    // Everything on it comes from the database (live matches' scores too) and moves by the
    // clock only at a match start: kept until the next one or the next commit.
    return cachedJson(c, deps, readKey(c), HOME_READS, () =>
      homeScreen(deps, me ? { id: me.id, slug: me.slug } : null, sport),
    )
  })

  return app
}
