import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { cachedJson, readKey } from '../../http/answer-cache'
import { codeLookupLimit } from '../../http/code-lookup'
import { idParam } from '../../http/ids'
import { errors, json, jsonBody } from '../../http/responses'
import { type AppContext, bearerSecurity, createRouter, currentUser } from '../../http/router'
import { visibleUser } from '../users'
import { authoredRoutes } from './authored-routes'
import type { OlderPage } from './queries'
import { POST_READS } from './reads'
import { olderQuery, PostBody, PostSchema, slugParam, TopicSchema } from './schemas'
import { createPost, deletePost, editPost, onePost, setPostLike, topicPostsPage } from './service'
import {
  contestTopic,
  type MaybeTopic,
  readContestTopic,
  readWallTopic,
  type Viewer,
  wallTopic,
} from './topics'
import { visiblePost } from './visibility'

const viewerOf = (c: AppContext): Viewer | null => {
  const u = c.get('user')
  return u ? { id: u.id, role: u.role } : null
}

const PostsPage = z.object({
  topic: TopicSchema,
  posts: z.array(PostSchema),
  next_before_id: z.number().int().nullable().openapi({ description: 'Pass as `before_id` for older posts' }),
})

const getContestsByIdPostsRoute = (deps: Deps) =>
  createRoute({
    method: 'get',
    path: '/api/contests/{id}/posts',
    tags: ['Posts'],
    summary: 'A contest’s posts, newest first',
    description:
      'The contest’s topic and its posts. `topic.id` is null until the first post (the topic is made then). A private contest: as the contest (404).',
    middleware: [codeLookupLimit(deps, { query: 'invite_code' })],
    request: { params: idParam, query: olderQuery.extend({ invite_code: z.string().max(64).optional() }) },
    responses: { 200: json(PostsPage, 'Posts'), ...errors(404, 422, 429) },
  })

const postContestsByIdPostsRoute = createRoute({
  method: 'post',
  path: '/api/contests/{id}/posts',
  tags: ['Posts'],
  summary: 'Post on a contest',
  security: bearerSecurity,
  request: { params: idParam, body: jsonBody(PostBody) },
  responses: { 201: json(z.object({ post: PostSchema }), 'Posted'), ...errors(401, 404, 422, 429) },
})

const getUsersBySlugPostsRoute = createRoute({
  method: 'get',
  path: '/api/users/{slug}/posts',
  tags: ['Posts'],
  summary: 'A user’s wall, newest first',
  request: { params: slugParam, query: olderQuery },
  responses: { 200: json(PostsPage, 'Posts'), ...errors(404, 422) },
})

const postPostsRoute = createRoute({
  method: 'post',
  path: '/api/posts',
  tags: ['Posts'],
  summary: 'Post on my own wall',
  description:
    'What `/contests/create/create-a-post` sends. Mentions (`@username`) notify the users they name.',
  security: bearerSecurity,
  request: { body: jsonBody(PostBody) },
  responses: { 201: json(z.object({ post: PostSchema }), 'Posted'), ...errors(401, 422, 429) },
})

const getPostsByIdRoute = createRoute({
  method: 'get',
  path: '/api/posts/{id}',
  tags: ['Posts'],
  summary: 'One post',
  description: 'Hidden posts, and posts on contests I may not see, are 404.',
  request: { params: idParam },
  responses: { 200: json(z.object({ post: PostSchema }), 'The post'), ...errors(404, 422) },
})

export function postRoutes(deps: Deps) {
  const app = createRouter()

  const topicPage = (c: AppContext, topic: MaybeTopic, q: OlderPage) =>
    topicPostsPage(deps, topic, viewerOf(c)?.id ?? null, q)

  async function wallOf(slug: string) {
    const user = await visibleUser(deps.db, { slug })
    return readWallTopic(deps.db, user.id)
  }

  app.openapi(getContestsByIdPostsRoute(deps), async (c) => {
    const q = c.req.valid('query')
    const topic = await readContestTopic(deps.db, c.req.valid('param').id, viewerOf(c), q.invite_code)
    return c.json(await topicPage(c, topic, q), 200)
  })

  app.openapi(postContestsByIdPostsRoute, async (c) => {
    const me = currentUser(c)
    const topic = await contestTopic(deps.db, c.req.valid('param').id, viewerOf(c), deps.clock.now())
    const id = await createPost(deps, me, topic.id, c.req.valid('json').content)
    return c.json({ post: await onePost(deps.db, id, me.id) }, 201)
  })

  app.openapi(getUsersBySlugPostsRoute, async (c) =>
    c.json(await topicPage(c, await wallOf(c.req.valid('param').slug), c.req.valid('query')), 200),
  )

  app.openapi(postPostsRoute, async (c) => {
    const me = currentUser(c)
    const topic = await wallTopic(deps.db, me.id, deps.clock.now())
    const id = await createPost(deps, me, topic.id, c.req.valid('json').content)
    return c.json({ post: await onePost(deps.db, id, me.id) }, 201)
  })

  // Kept per viewer until a table it reads changes (http/answer-cache.ts); a 404 is never kept.
  app.openapi(getPostsByIdRoute, async (c) => {
    const { id } = c.req.valid('param')
    const viewer = viewerOf(c)
    return cachedJson(c, deps, readKey(c), POST_READS, async () => {
      await visiblePost(deps.db, id, viewer)
      return { body: { post: await onePost(deps.db, id, viewer?.id ?? null) } }
    })
  })

  authoredRoutes(app, deps, {
    path: '/api/posts/{id}',
    key: 'post',
    schema: PostSchema,
    editBody: PostBody,
    remove: {
      summary: 'Delete my post',
      description: 'With its comments and likes. Only its author; anyone else gets 404.',
    },
    one: (id, viewerId) => onePost(deps.db, id, viewerId),
    edit: editPost,
    destroy: deletePost,
    like: setPostLike,
  })

  return app
}
