import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idParam } from '../../http/ids'
import { errors, json, jsonBody } from '../../http/responses'
import { routesOn } from '../../http/route'
import { type AuthUser, bearerSecurity, type createRouter, currentUser } from '../../http/router'

type Change = (deps: Deps, me: AuthUser, id: number) => Promise<unknown>

/**
 * What a post and a comment share at the edge, declared in this order: its author edits it
 * (PATCH `{path}`) and deletes it (DELETE `{path}`); anyone who sees it likes it and takes the
 * like back (POST `{path}/like`, `{path}/unlike`). Everyone else gets 404. The answers carry the
 * thing under `key`, as `one` reads it for the caller after the change.
 */
// Long: four route declarations, each as the document has always listed it.
export function authoredRoutes<S extends z.ZodType>(
  app: ReturnType<typeof createRouter>,
  deps: Deps,
  spec: {
    path: string
    key: 'post' | 'comment'
    schema: S
    editBody: z.ZodType<{ content: string }>
    remove: { summary: string; description: string }
    one: (id: number, viewerId: number) => Promise<z.output<S>>
    edit: (deps: Deps, me: AuthUser, id: number, content: string) => Promise<unknown>
    destroy: Change
    like: (deps: Deps, me: AuthUser, id: number, liked: boolean) => Promise<unknown>
  },
) {
  const { path, key, schema, one } = spec
  const answer = z.object({ [key]: schema })
  const fresh = async (id: number, me: AuthUser) =>
    ({ [key]: await one(id, me.id) }) as z.output<typeof answer>

  app.openapi(
    createRoute({
      method: 'patch',
      path,
      tags: ['Posts'],
      summary: `Edit my ${key}`,
      description: 'Only its author; anyone else gets 404.',
      security: bearerSecurity,
      request: { params: idParam, body: jsonBody(spec.editBody) },
      responses: { 200: json(answer, 'Edited'), ...errors(401, 404, 422) },
    }),
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      await spec.edit(deps, me, id, c.req.valid('json').content)
      return c.json(await fresh(id, me), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path,
      tags: ['Posts'],
      ...spec.remove,
      security: bearerSecurity,
      request: { params: idParam },
      responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Deleted'), ...errors(401, 404, 422) },
    }),
    async (c) => {
      await spec.destroy(deps, currentUser(c), c.req.valid('param').id)
      return c.json({ deleted: true as const }, 200)
    },
  )

  const route = routesOn(app, ['Posts'])
  for (const action of ['like', 'unlike'] as const)
    route.post(
      `${path}/${action}`,
      {
        summary: action === 'like' ? `Like a ${key}` : `Take back my like of a ${key}`,
        description:
          'Idempotent: a second like (or an unlike without a like) changes nothing and answers 200.',
        auth: true,
        params: idParam,
        ok: json(answer, `The ${key}`),
        errors: [404, 422],
      },
      async (c, me) => {
        const { id } = c.req.valid('param')
        await spec.like(deps, me, id, action === 'like')
        return c.json(await fresh(id, me), 200)
      },
    )
}
