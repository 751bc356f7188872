import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idParam } from '../../http/ids'
import { json } from '../../http/responses'
import { routeSpec, routesOn } from '../../http/route'
import { type AuthUser, createRouter } from '../../http/router'
import { multilineText } from '../../http/text'
import { visibleUser } from '../users'
import { ReportSchema } from './routes'
import { createReport, oneReport } from './service'
import { SOCIAL_REASON_KEYS, SOCIAL_REPORT_REASONS, type SocialSubject } from './subjects'

const ReportBody = z.strictObject({
  reason: z.enum(SOCIAL_REASON_KEYS),
  text: multilineText().trim().min(1, 'can’t be blank').max(1000),
})
type ReportInput = z.infer<typeof ReportBody>

/** Reports of users, posts and comments: into the one admin queue (`/api/admin/reports`). */
export function socialReportRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Reports'])

  route.get(
    '/api/reports/social_reasons',
    {
      summary: 'The reasons a user, post or comment can be reported for',
      ok: json(z.object({ reasons: z.array(z.object({ key: z.string(), label: z.string() })) }), 'Reasons'),
    },
    (c) => c.json({ reasons: SOCIAL_REPORT_REASONS.map((r) => ({ key: r.key, label: r.label })) }, 200),
  )

  const reportSpec = (subject: SocialSubject, params: z.ZodObject) =>
    routeSpec({
      summary: `Report a ${subject} to the admins`,
      description: `One open report per player per ${subject} (409 for a second until it is resolved). ${
        subject === 'user' ? 'Reporting yourself is 422.' : 'A hidden one is 404.'
      }`,
      auth: true,
      params,
      body: ReportBody,
      responses: { 201: json(z.object({ report: ReportSchema }), 'Reported') },
      errors: [404, 409, 422],
    })
  const reported = async (
    me: AuthUser,
    contest_type: SocialSubject,
    contest_id: number,
    body: ReportInput,
  ) => {
    const id = await createReport(deps, me, { contest_type, contest_id, ...body })
    return { report: await oneReport(deps.db, id) }
  }

  const slugParam = z.object({ slug: z.string().min(1).max(100) })
  route.post('/api/users/{slug}/report', reportSpec('user', slugParam), async (c, me) => {
    const user = await visibleUser(deps.db, { slug: (c.req.valid('param') as { slug: string }).slug })
    return c.json(await reported(me, 'user', user.id, c.req.valid('json')), 201)
  })

  for (const subject of ['post', 'comment'] as const)
    route.post(`/api/${subject}s/{id}/report`, reportSpec(subject, idParam), async (c, me) => {
      const { id } = c.req.valid('param') as { id: number }
      return c.json(await reported(me, subject, id, c.req.valid('json')), 201)
    })

  return app
}
