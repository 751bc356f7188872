import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import type { UserRow } from '../../db/schema'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { multilineText } from '../../http/text'
import { follow, followList, unfollow } from './follows'
import { rateUser, ratingSummary, ratingsOf } from './people'
import { PublicUserSchema } from './schemas'
import { serializePublicUser } from './service'
import { visibleUser } from './visibility'

const slugParam = z.object({ slug: z.string().min(1).max(100) })

const RatingSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    review: z.string().nullable(),
    created_at_in_millis: z.number().int(),
    updated_at_in_millis: z.number().int(),
    rater: z.object({
      id: z.number().int(),
      slug: z.string(),
      username: z.string(),
      display_name: z.string(),
      image: z.string().nullable(),
    }),
  })
  .openapi('UserRating')

/** Followers, followings, follow/unfollow and ratings of a user by slug (docs/social.md). */
// Long: a route factory, one short registration per route.
export function peopleRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Users'])
  const serializeAll = (rows: UserRow[], viewerId: number | null) =>
    Promise.all(rows.map((u) => serializePublicUser(deps.db, u, viewerId)))

  for (const side of ['followers', 'followings'] as const) {
    route.get(
      `/api/users/{slug}/${side}`,
      {
        summary: side === 'followers' ? 'Who follows a user' : 'Whom a user follows',
        description:
          'Newest follow first. `is_current_user_following` is the caller’s own view of each user.',
        params: slugParam,
        query: pagingQuery(20, 100),
        ok: json(z.object({ users: z.array(PublicUserSchema), meta: PageMetaSchema }), 'One page'),
        errors: [404, 422],
      },
      async (c) => {
        const user = await visibleUser(deps.db, { slug: c.req.valid('param').slug })
        const page = toPage(c.req.valid('query'))
        const { users, total } = await followList(deps.db, user.id, side, page)
        const viewer = c.get('user')?.id ?? null
        return c.json({ users: await serializeAll(users, viewer), meta: pageMeta(page, total) }, 200)
      },
    )
  }

  for (const action of ['follow', 'unfollow'] as const) {
    route.post(
      `/api/users/{slug}/${action}`,
      {
        summary: action === 'follow' ? 'Follow a user' : 'Stop following a user',
        description:
          'Idempotent: following someone already followed (or unfollowing someone not followed) answers 200 and changes no count. Following yourself is a 422.',
        auth: true,
        params: slugParam,
        ok: json(z.object({ user: PublicUserSchema }), 'The user, as the caller now sees them'),
        errors: [404, 422],
      },
      async (c, me) => {
        const user = await visibleUser(deps.db, { slug: c.req.valid('param').slug })
        if (action === 'follow') await follow(deps, me.id, user)
        else await unfollow(deps, me.id, user)
        // Read again: the counts just changed.
        const fresh = await visibleUser(deps.db, { slug: user.slug })
        return c.json({ user: await serializePublicUser(deps.db, fresh, me.id) }, 200)
      },
    )
  }

  route.get(
    '/api/users/{slug}/ratings',
    {
      summary: 'Ratings and reviews of a user',
      params: slugParam,
      query: pagingQuery(20, 100),
      ok: json(
        z.object({
          ratings: z.array(RatingSchema),
          average_rating: z.number().nullable(),
          ratings_count: z.number().int(),
          meta: PageMetaSchema,
        }),
        'One page, latest first',
      ),
      errors: [404, 422],
    },
    async (c) => {
      const user = await visibleUser(deps.db, { slug: c.req.valid('param').slug })
      const page = toPage(c.req.valid('query'))
      const summary = await ratingSummary(deps.db, user.id)
      const ratings = await ratingsOf(deps.db, user.id, page)
      return c.json({ ratings, ...summary, meta: pageMeta(page, summary.ratings_count) }, 200)
    },
  )

  route.post(
    '/api/users/{slug}/ratings',
    {
      summary: 'Rate a user (1–5, optional review)',
      description:
        'One rating per rater: posting again edits it. Rating yourself, or a rating outside 1–5, is a 422.',
      auth: true,
      params: slugParam,
      body: z
        .strictObject({
          rating: z.number().int().min(1).max(5),
          review: multilineText().trim().max(1000).nullable().optional(),
        })
        .openapi('RateUserRequest'),
      ok: json(
        z.object({
          rating: z.object({
            id: z.number().int(),
            rating: z.number().int(),
            review: z.string().nullable(),
          }),
          user: PublicUserSchema,
        }),
        'The rating and the user’s new average',
      ),
      errors: [404, 413, 422],
    },
    async (c, me) => {
      const user = await visibleUser(deps.db, { slug: c.req.valid('param').slug })
      const row = await rateUser(deps, me.id, user, c.req.valid('json'))
      return c.json(
        {
          rating: { id: row.id, rating: row.rating, review: row.review },
          user: await serializePublicUser(deps.db, user, me.id),
        },
        200,
      )
    },
  )

  return app
}
