import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { countRows } from '../../db/query'
import { idField, idParam } from '../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { json, orNull } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { multilineText } from '../../http/text'
import {
  createReport,
  oneReport,
  REPORT_REASON_KEYS,
  REPORT_REASONS,
  reportJson,
  reportRows,
  reportsQuery,
  resolveReport,
} from './service'

const PersonSchema = z.object({ id: z.number().int(), slug: z.string(), username: z.string() })

export const ReportSchema = z
  .object({
    id: z.number().int(),
    contest_type: z
      .enum(['contest', 'championship_contest', 'user', 'post', 'comment', 'esports_contest'])
      .openapi({
        description: 'The subject’s kind (same as `subject_type`; named when only contests were reported)',
      }),
    contest_id: z.number().int().openapi({ description: 'The subject’s id (same as `subject_id`)' }),
    contest_name: z.string().nullable(),
    subject_type: z.enum(['contest', 'championship_contest', 'user', 'post', 'comment', 'esports_contest']),
    subject_id: z.number().int(),
    subject_label: z
      .string()
      .nullable()
      .openapi({ description: 'Contest name, username, or the start of the text' }),
    hid_subject: z.boolean().openapi({ description: 'The resolution hid the reported post or comment' }),
    reason: z.string(),
    reason_label: z.string(),
    text: z.string(),
    status: z.enum(['open', 'resolved']),
    resolution: z.string().nullable(),
    reporter: PersonSchema,
    resolved_by: orNull(PersonSchema),
    created_at_in_millis: z.number().int(),
    resolved_at_in_millis: z.number().int().nullable(),
  })
  .openapi('Report')

const reportAnswer = (description: string) => json(z.object({ report: ReportSchema }), description)

// Long: a route factory, one short registration per route.
export function reportRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Reports'])

  route.get(
    '/api/reports/reasons',
    {
      summary: 'The reasons a contest can be reported for',
      ok: json(
        z.object({ reasons: z.array(z.object({ key: z.enum(REPORT_REASON_KEYS), label: z.string() })) }),
        'Reasons',
      ),
    },
    (c) => c.json({ reasons: REPORT_REASONS.map((r) => ({ key: r.key, label: r.label })) }, 200),
  )

  route.post(
    '/api/reports',
    {
      summary: 'Report a contest to the admins',
      description:
        'The contest must exist and be visible to me (a private one: its owner and members; otherwise 404). One open report per player per contest (409 for a second until an admin resolves the first).',
      auth: true,
      body: z.strictObject({
        contest_id: idField(),
        contest_type: z.enum(['contest', 'championship_contest']).default('contest'),
        reason: z.enum(REPORT_REASON_KEYS),
        text: multilineText().trim().min(1, 'can’t be blank').max(1000),
      }),
      responses: { 201: reportAnswer('Reported') },
      errors: [404, 409, 422],
    },
    async (c, me) => {
      const id = await createReport(deps, me, c.req.valid('json'))
      return c.json({ report: await oneReport(deps.db, id) }, 201)
    },
  )

  route.get(
    '/api/admin/reports',
    {
      tags: ['Admin'],
      summary: 'The reports queue',
      description:
        '`status=open` (the default) lists the queue oldest first; `resolved` and `all` newest first.',
      auth: true,
      query: pagingQuery(50, 500).extend({ status: z.enum(['open', 'resolved', 'all']).default('open') }),
      ok: json(z.object({ reports: z.array(ReportSchema), meta: PageMetaSchema }), 'Reports'),
      errors: [403, 422],
    },
    async (c) => {
      const q = c.req.valid('query')
      const page = toPage(q)
      const total = await countRows(reportsQuery(deps.db, q.status))
      const rows = await reportRows(deps.db, { status: q.status, limit: page.per_page, offset: page.offset })
      return c.json({ reports: rows.map(reportJson), meta: pageMeta(page, total) }, 200)
    },
  )

  route.post(
    '/api/admin/reports/{id}/resolve',
    {
      tags: ['Admin'],
      summary: 'Resolve a report',
      description:
        'The resolution is what the reporter is told (a notification). 409 when already resolved. `hide: true` hides a reported post or comment (then 404 everywhere); 422 for other subjects.',
      auth: true,
      params: idParam,
      body: z.strictObject({
        resolution: multilineText().trim().min(1, 'can’t be blank').max(1000),
        hide: z.boolean().default(false),
      }),
      ok: reportAnswer('Resolved'),
      errors: [403, 404, 409, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      const body = c.req.valid('json')
      await resolveReport(deps, me.id, id, body.resolution, body.hide)
      return c.json({ report: await oneReport(deps.db, id) }, 200)
    },
  )

  return app
}
