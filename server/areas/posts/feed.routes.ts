import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { pagingQuery, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { type AppContext, bearerSecurity, createRouter, currentUser } from '../../http/router'
import { ContestSchema, contestsJson } from '../contests'
import { type DiscoverType, discoverContests, searchAll } from './discover'
import { FeedResultSchema, feedResults } from './feed-results'
import { olderQuery, PostSchema } from './schemas'
import { postRowsByIds, postsJson } from './views'

const FeedItemSchema = z
  .union([
    z.object({
      kind: z
        .enum(['post', 'contest_share'])
        .openapi({ description: '`contest_share`: a post on a contest' }),
      post: PostSchema,
    }),
    z.object({ kind: z.literal('contest_result'), result: FeedResultSchema }),
  ])
  .openapi('FeedItem')

type FeedItem = z.infer<typeof FeedItemSchema>
const itemMs = (item: FeedItem) =>
  'post' in item ? item.post.created_at_in_millis : item.result.settled_at_in_millis

const TYPES = ['trending', 'new', 'big_prizes', 'friends'] as const
const SEARCH_MAX = 100

const viewer = (c: AppContext) => {
  const u = c.get('user')
  return u ? { id: u.id, slug: u.slug } : null
}

/**
 * When the post a cursor names was written: the upper end of the next page's results. A post
 * deleted since is replaced by the next surviving one after it (null: none, no upper end).
 */
async function postInstant(deps: Deps, postId: number): Promise<number | null> {
  const row = await deps.db
    .selectFrom('posts')
    .select('created_at_ms')
    .where('id', '>=', postId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row ? Number(row.created_at_ms) : null
}

export function feedRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/feeds',
      tags: ['Feeds'],
      summary: 'My feed: posts, contest shares and contest results of people I follow and mine, newest first',
      description:
        'Cursor-paged by post id: pass `before_id` = the previous page’s `next_before_id`. Prizes won (`contest_result`) come with the page of posts whose time span holds their settlement (at most 50 a page). New posts arrive live as `feed_item` messages on NotificationsChannel. Posts and results of private contests show only to their author here.',
      security: bearerSecurity,
      request: { query: olderQuery },
      responses: {
        200: json(
          z.object({ items: z.array(FeedItemSchema), next_before_id: z.number().int().nullable() }),
          'The feed',
        ),
        ...errors(401, 422),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const q = c.req.valid('query')
      let query = deps.db
        .selectFrom('posts as p')
        .innerJoin('topics as t', 't.id', 'p.topic_id')
        .leftJoin('contests as c', 'c.id', 't.contest_id')
        .select('p.id')
        .where('p.hidden', '=', 0)
        .where((eb) =>
          eb.or([
            eb('p.user_id', '=', me.id),
            eb(
              'p.user_id',
              'in',
              eb.selectFrom('follows').select('followee_id').where('follower_id', '=', me.id),
            ),
          ]),
        )
        .where((eb) =>
          eb.or([eb('c.id', 'is', null), eb('c.is_private', '=', 0), eb('p.user_id', '=', me.id)]),
        )
        .orderBy('p.id', 'desc')
        .limit(q.per_page)
      if (q.before_id !== undefined) query = query.where('p.id', '<', q.before_id)
      const ids = (await query.execute()).map((r) => Number(r.id))
      const posts = await postsJson(deps.db, await postRowsByIds(deps.db, ids), me.id)
      const more = ids.length === q.per_page
      const results = await feedResults(deps.db, me.id, {
        fromMs: more ? (posts.at(-1)?.created_at_in_millis ?? null) : null,
        toMs: q.before_id === undefined ? null : await postInstant(deps, q.before_id),
      })
      const items: FeedItem[] = [
        ...posts.map((post) => ({
          kind: post.contest ? ('contest_share' as const) : ('post' as const),
          post,
        })),
        ...results.map((result) => ({ kind: 'contest_result' as const, result })),
      ]
      // Newest first; a result settled in the same instant as a post comes after it.
      items.sort((a, b) => itemMs(b) - itemMs(a))
      return c.json({ items, next_before_id: more ? (ids.at(-1) ?? null) : null }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/discover/contests',
      tags: ['Feeds'],
      summary: 'Contests to discover',
      description:
        'Public contests open to join. `trending`: most liked, then fullest; `new`: newest; `big_prizes`: largest prize pool; `friends`: created or joined by people I follow (empty when signed out).',
      request: { query: pagingQuery(20, 50).extend({ type: z.enum(TYPES).default('trending') }) },
      responses: {
        200: json(z.object({ type: z.enum(TYPES), contests: z.array(ContestSchema) }), 'Contests'),
        ...errors(422),
      },
    }),
    async (c) => {
      const q = c.req.valid('query')
      const page = toPage(q)
      const rows = await discoverContests(deps.db, q.type, viewer(c)?.id ?? null, {
        limit: page.per_page,
        offset: page.offset,
      })
      const contests = (await contestsJson(deps, rows, viewer(c))) as Array<z.infer<typeof ContestSchema>>
      return c.json({ type: q.type, contests }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/discover',
      tags: ['Feeds'],
      summary: 'The discover page: trending and new contests, popular posts',
      responses: {
        200: json(
          z.object({
            trending: z.array(ContestSchema),
            new: z.array(ContestSchema),
            big_prizes: z.array(ContestSchema),
            posts: z.array(PostSchema).openapi({ description: 'Most liked recent public posts' }),
          }),
          'Discover',
        ),
      },
    }),
    async (c) => {
      const v = viewer(c)
      const list = async (type: DiscoverType) =>
        (await contestsJson(
          deps,
          await discoverContests(deps.db, type, v?.id ?? null, { limit: 5, offset: 0 }),
          v,
        )) as Array<z.infer<typeof ContestSchema>>
      const popular = await deps.db
        .selectFrom('posts as p')
        .innerJoin('topics as t', 't.id', 'p.topic_id')
        .leftJoin('contests as c', 'c.id', 't.contest_id')
        .select('p.id')
        .where('p.hidden', '=', 0)
        .where((eb) => eb.or([eb('c.id', 'is', null), eb('c.is_private', '=', 0)]))
        .where('p.created_at_ms', '>=', deps.clock.now() - 7 * 24 * 3600_000)
        .orderBy('p.likes_count', 'desc')
        .orderBy('p.id', 'desc')
        .limit(10)
        .execute()
      const posts = await postsJson(
        deps.db,
        await postRowsByIds(
          deps.db,
          popular.map((r) => Number(r.id)),
        ),
        v?.id ?? null,
      )
      return c.json(
        {
          trending: await list('trending'),
          new: await list('new'),
          big_prizes: await list('big_prizes'),
          posts,
        },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/discover/search',
      tags: ['Feeds'],
      summary: 'Search users, contests and series',
      description: `Case-insensitive "contains" over usernames and names, contest names and series names; exact, then prefix matches first. \`q\` is 1–${SEARCH_MAX} characters (422 otherwise).`,
      request: {
        query: z.object({
          q: z.string().trim().min(1, 'can’t be blank').max(SEARCH_MAX),
          per_page: z.coerce.number().int().min(1).max(50).default(10),
        }),
      },
      responses: {
        200: json(
          z.object({
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
          }),
          'Matches',
        ),
        ...errors(422),
      },
    }),
    async (c) => {
      const q = c.req.valid('query')
      return c.json(await searchAll(deps.db, q.q, q.per_page), 200)
    },
  )

  return app
}
