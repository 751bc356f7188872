import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { parseFields, selectEnvelope } from '../../http/fields'
import { idField, idParam } from '../../http/ids'
import { errors, json, jsonBody } from '../../http/responses'
import { type AppContext, bearerSecurity, createRouter, currentUser } from '../../http/router'
import { authoredRoutes } from './authored-routes'
import { createComment, deleteComment, editComment, setCommentLike } from './comments'
import { CommentBody, CommentSchema, EditCommentBody } from './schemas'
import type { Viewer } from './topics'
import { commentRowById, commentsJson, postComments } from './views'
import { visiblePost } from './visibility'

const viewerOf = (c: AppContext): Viewer | null => {
  const u = c.get('user')
  return u ? { id: u.id, role: u.role } : null
}

const getPostsByIdCommentsRoute = createRoute({
  method: 'get',
  path: '/api/posts/{id}/comments',
  tags: ['Posts'],
  summary: 'A post’s comments, oldest first',
  description:
    'Replies carry `parent_id` (one level). Page on with `after_id` = the previous `next_after_id`.',
  request: {
    params: idParam,
    query: z.object({
      after_id: idField().optional(),
      per_page: z.coerce.number().int().min(1).max(200).default(50),
    }),
  },
  responses: {
    200: json(
      z.object({ comments: z.array(CommentSchema), next_after_id: z.number().int().nullable() }),
      'Comments',
    ),
    ...errors(404, 422),
  },
})

const postPostsByIdCommentsRoute = createRoute({
  method: 'post',
  path: '/api/posts/{id}/comments',
  tags: ['Posts'],
  summary: 'Comment on a post, or reply to a comment',
  description:
    '`parent_id` makes it a reply: it must be a comment on this post (422 otherwise; 404 when hidden or missing). A hidden post is 404.',
  security: bearerSecurity,
  request: { params: idParam, body: jsonBody(CommentBody) },
  responses: {
    201: json(z.object({ comment: CommentSchema }), 'Commented'),
    ...errors(401, 404, 422, 429),
  },
})

export function commentRoutes(deps: Deps) {
  const app = createRouter()

  async function oneComment(id: number, viewerId: number) {
    const row = await commentRowById(deps.db, id)
    const [json] = row ? await commentsJson(deps.db, [row], viewerId) : []
    return json as z.infer<typeof CommentSchema>
  }

  app.openapi(getPostsByIdCommentsRoute, async (c) => {
    const { id } = c.req.valid('param')
    const q = c.req.valid('query')
    const viewer = viewerOf(c)
    await visiblePost(deps.db, id, viewer)
    const rows = await postComments(deps.db, id, q.after_id ?? 0, q.per_page)
    const comments = await commentsJson(deps.db, rows, viewer?.id ?? null)
    const next = rows.length === q.per_page ? (comments.at(-1)?.id ?? null) : null
    return c.json({ comments, next_after_id: next }, 200)
  })

  app.openapi(postPostsByIdCommentsRoute, async (c) => {
    const me = currentUser(c)
    const { fields, ...body } = c.req.valid('json')
    // Parsed first: a bad selection is a 422 and writes nothing.
    const tree = fields ? parseFields(fields) : null
    const id = await createComment(deps, me, c.req.valid('param').id, body)
    const answer = { comment: await oneComment(id, me.id) }
    return c.json(tree ? (selectEnvelope(answer, tree) as typeof answer) : answer, 201)
  })

  authoredRoutes(app, deps, {
    path: '/api/comments/{id}',
    key: 'comment',
    schema: CommentSchema,
    editBody: EditCommentBody,
    remove: {
      summary: 'Delete my comment (and its replies)',
      description: 'Only its author; anyone else gets 404.',
    },
    one: oneComment,
    edit: editComment,
    destroy: deleteComment,
    like: setCommentLike,
  })

  return app
}
