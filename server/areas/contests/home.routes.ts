import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { answerFromCache, cachedJson, readKey } from '../../http/answer-cache'
import { json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { listMatches, nextMatchStartMs } from '../matches/queries'
import { MatchSchema } from '../matches/schemas'
import { matchesJson } from '../matches/service'
import { queryContests } from './listing'
import { ContestSchema } from './schemas'
import { contestsJson } from './service'

const GameSchema = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), team_size: z.number().int() })
  .openapi('Game')

/** Promotional banners of the home screen: static, with links into the product. */
const BANNERS = [
  {
    id: 1,
    title: 'Mega contests on every match',
    text: 'Guaranteed prizes, up to four teams each.',
    link: '/contests',
  },
  {
    id: 2,
    title: 'Know the points',
    text: 'How every run, wicket, goal and kill scores.',
    link: '/point-system',
  },
  { id: 3, title: 'Head to head', text: 'One rival, winner takes the pool.', link: '/popular/contests' },
]

/** The sport slugs a player picked at sign-up (or later in settings). */
async function interestsOf(deps: Deps, userId: number): Promise<string[]> {
  const row = await deps.db
    .selectFrom('users')
    .select('interests')
    .where('id', '=', userId)
    .executeTakeFirst()
  const interests = row ? (JSON.parse(row.interests) as unknown) : []
  return Array.isArray(interests) ? interests.filter((s): s is string => typeof s === 'string') : []
}

export function homeRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/games',
      tags: ['Contests'],
      summary: 'The games (one per sport): the `game_id` of contest lists',
      responses: { 200: json(z.object({ games: z.array(GameSchema) }), 'Games') },
    }),
    async (c) => {
      const games = await deps.db
        .selectFrom('sports')
        .select(['id', 'slug', 'name', 'team_size'])
        .orderBy('sort')
        .execute()
      return c.json({ games }, 200)
    },
  )

  app.openapi(
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
    }),
    async (c) => {
      const sport = c.req.valid('query').sport_slug
      const me = c.get('user')
      // Everything on it comes from the database (live matches' scores too) and moves by the
      // clock only at a match start: kept until the next one or the next commit.
      return cachedJson(c, deps, readKey(c), async () => {
        const now = deps.clock.now()
        // The sports a player picked at sign-up come first: in the games, and in the lists
        // unless one sport is asked for.
        const interests = me ? await interestsOf(deps, me.id) : []
        const prefer = sport ? [] : interests
        const upcoming = await listMatches(
          deps.db,
          { sport_slug: sport, status: ['upcoming'], from_ms: now, prefer_sports: prefer },
          { offset: 0, per_page: 12 },
        )
        const live = await listMatches(
          deps.db,
          { sport_slug: sport, status: ['live'] },
          { offset: 0, per_page: 12 },
        )
        const featured = await queryContests(
          deps,
          { type: 'upcoming', sport_slug: sport, sort: 1, direction: -1, prefer_sports: prefer },
          { offset: 0, per_page: 8 },
        )
        const games = (
          await deps.db
            .selectFrom('sports')
            .select(['id', 'slug', 'name', 'team_size'])
            .orderBy('sort')
            .execute()
        ).sort((a, b) => Number(!interests.includes(a.slug)) - Number(!interests.includes(b.slug)))
        const mine = me
          ? Number(
              (
                await deps.db
                  .selectFrom('contest_members')
                  .select((eb) => eb.fn.count<number>('contest_id').distinct().as('n'))
                  .where('user_id', '=', me.id)
                  .executeTakeFirstOrThrow()
              ).n,
            )
          : 0
        return {
          body: {
            matches: await matchesJson(deps, upcoming.rows, me?.id ?? null),
            live_matches: await matchesJson(deps, live.rows, me?.id ?? null),
            contests: await contestsJson(
              deps,
              featured.rows,
              me ? { id: me.id, slug: me.slug } : null,
              'home',
            ),
            games,
            new_banners: BANNERS,
            my_contests_count: mine,
          },
          untilMs: await nextMatchStartMs(deps.db, now),
        }
      })
    },
  )

  return app
}
