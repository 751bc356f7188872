import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { pagingQuery, toPage } from '../../http/paging'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { type AppContext, createRouter } from '../../http/router'
import { ContestSchema } from '../contests'
import { searchAll } from './discover'
import { discoverList, discoverPage, feedPage } from './feed'
import { FeedItemSchema, olderQuery, PostSchema } from './schemas'

/** What a feed page reads (tests/api/http/cached-reads-tables.test.ts checks it). */
const FEED_READS: Reads = [
  'avatars',
  'comment_likes',
  'comments',
  'contest_likes',
  'contest_members',
  'contests',
  'follows',
  'matches',
  'mentions',
  'post_likes',
  'posts',
  'topics',
  'users',
]

const TYPES = ['trending', 'new', 'big_prizes', 'friends'] as const
const SEARCH_MAX = 100

const viewer = (c: AppContext) => {
  const u = c.get('user')
  return u ? { id: u.id, slug: u.slug } : null
}

const SearchHitsSchema = z.object({
  users: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      username: z.string(),
      full_name: z.string().nullable(),
      image_url: z.string().nullable(),
    }),
  ),
  contests: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      prize_amount: z.number(),
      members_count: z.number().int(),
    }),
  ),
  series: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      short_name: z.string(),
      status: z.string(),
    }),
  ),
})

// Long: a route factory, one short registration per route.
export function feedRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Feeds'])

  route.get(
    '/api/feeds',
    {
      summary: 'My feed: posts, contest shares and contest results of people I follow and mine, newest first',
      description:
        'Cursor-paged by post id: pass `before_id` = the previous page’s `next_before_id`. Prizes won (`contest_result`) come with the page of posts whose time span holds their settlement (at most 50 a page). New posts arrive live as `feed_item` messages on NotificationsChannel. Posts and results of private contests show only to their author here.',
      auth: true,
      query: olderQuery,
      ok: json(
        z.object({ items: z.array(FeedItemSchema), next_before_id: z.number().int().nullable() }),
        'The feed',
      ),
      errors: [422],
    },
    // Kept per viewer and page until a table it reads changes (http/answer-cache.ts): a feed is
    // read far more often than anyone it follows posts.
    async (c, me) =>
      cachedJson(c, deps, readKey(c), FEED_READS, async () => ({
        body: await feedPage(deps, me.id, c.req.valid('query')),
      })),
  )

  route.get(
    '/api/discover/contests',
    {
      summary: 'Contests to discover',
      description:
        'Public contests open to join. `trending`: most liked, then fullest; `new`: newest; `big_prizes`: largest prize pool; `friends`: created or joined by people I follow (empty when signed out).',
      query: pagingQuery(20, 50).extend({ type: z.enum(TYPES).default('trending') }),
      ok: json(z.object({ type: z.enum(TYPES), contests: z.array(ContestSchema) }), 'Contests'),
      errors: [422],
    },
    async (c) => {
      const q = c.req.valid('query')
      const page = toPage(q)
      const contests = await discoverList(deps, q.type, viewer(c), {
        limit: page.per_page,
        offset: page.offset,
      })
      return c.json({ type: q.type, contests }, 200)
    },
  )

  route.get(
    '/api/discover',
    {
      summary: 'The discover page: trending and new contests, popular posts',
      ok: json(
        z.object({
          trending: z.array(ContestSchema),
          new: z.array(ContestSchema),
          big_prizes: z.array(ContestSchema),
          posts: z.array(PostSchema).openapi({ description: 'Most liked recent public posts' }),
        }),
        'Discover',
      ),
    },
    async (c) => c.json(await discoverPage(deps, viewer(c)), 200),
  )

  route.get(
    '/api/discover/search',
    {
      summary: 'Search users, contests and series',
      description: `Case-insensitive "contains" over usernames and names, contest names and series names; exact, then prefix matches first. \`q\` is 1–${SEARCH_MAX} characters (422 otherwise).`,
      query: z.object({
        q: z.string().trim().min(1, 'can’t be blank').max(SEARCH_MAX),
        per_page: z.coerce.number().int().min(1).max(50).default(10),
      }),
      ok: json(SearchHitsSchema, 'Matches'),
      errors: [422],
    },
    async (c) => {
      const q = c.req.valid('query')
      return c.json(await searchAll(deps.db, q.q, q.per_page), 200)
    },
  )

  return app
}
