import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { idParam } from '../../http/ids'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
import { multilineText } from '../../http/text'
import { visibleUser } from '../users'
import { ReportSchema } from './routes'
import { createReport, oneReport } from './service'
import { SOCIAL_REASON_KEYS, SOCIAL_REPORT_REASONS, type SocialSubject } from './subjects'

const ReportBody = z.strictObject({
  reason: z.enum(SOCIAL_REASON_KEYS),
  text: multilineText().trim().min(1, 'can’t be blank').max(1000),
})

const getReportsSocialReasonsRoute = createRoute({
  method: 'get',
  path: '/api/reports/social_reasons',
  tags: ['Reports'],
  summary: 'The reasons a user, post or comment can be reported for',
  responses: {
    200: json(z.object({ reasons: z.array(z.object({ key: z.string(), label: z.string() })) }), 'Reasons'),
  },
})

/** Reports of users, posts and comments: into the one admin queue (`/api/admin/reports`). */
export function socialReportRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(getReportsSocialReasonsRoute, (c) =>
    c.json({ reasons: SOCIAL_REPORT_REASONS.map((r) => ({ key: r.key, label: r.label })) }, 200),
  )

  const route = (subject: SocialSubject, path: string, params: z.ZodObject) =>
    createRoute({
      method: 'post',
      path,
      tags: ['Reports'],
      summary: `Report a ${subject} to the admins`,
      description: `One open report per player per ${subject} (409 for a second until it is resolved). ${
        subject === 'user' ? 'Reporting yourself is 422.' : 'A hidden one is 404.'
      }`,
      security: bearerSecurity,
      request: { params, body: jsonBody(ReportBody) },
      responses: { 201: json(z.object({ report: ReportSchema }), 'Reported'), ...errors(401, 404, 409, 422) },
    })

  app.openapi(
    route('user', '/api/users/{slug}/report', z.object({ slug: z.string().min(1).max(100) })),
    async (c) => {
      const me = currentUser(c)
      const user = await visibleUser(deps.db, { slug: (c.req.valid('param') as { slug: string }).slug })
      const id = await createReport(deps, me, {
        contest_type: 'user',
        contest_id: user.id,
        ...c.req.valid('json'),
      })
      return c.json({ report: await oneReport(deps.db, id) }, 201)
    },
  )

  for (const subject of ['post', 'comment'] as const)
    app.openapi(route(subject, `/api/${subject}s/{id}/report`, idParam), async (c) => {
      const me = currentUser(c)
      const { id: subjectId } = c.req.valid('param') as { id: number }
      const id = await createReport(deps, me, {
        contest_type: subject,
        contest_id: subjectId,
        ...c.req.valid('json'),
      })
      return c.json({ report: await oneReport(deps.db, id) }, 201)
    })

  return app
}
