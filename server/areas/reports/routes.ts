import { createRoute, z } from '@hono/zod-openapi'
import { countRows } from '../../db/query'
import type { Deps } from '../../deps'
import { idField, idParam } from '../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json, jsonBody, orNull } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
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

const getReportsReasonsRoute = createRoute({
  method: 'get',
  path: '/api/reports/reasons',
  tags: ['Reports'],
  summary: 'The reasons a contest can be reported for',
  responses: {
    200: json(z.object({ reasons: z.array(z.object({ key: z.string(), label: z.string() })) }), 'Reasons'),
  },
})

const postReportsRoute = createRoute({
  method: 'post',
  path: '/api/reports',
  tags: ['Reports'],
  summary: 'Report a contest to the admins',
  description:
    'The contest must exist and be visible to me (a private one: its owner and members; otherwise 404). One open report per player per contest (409 for a second until an admin resolves the first).',
  security: bearerSecurity,
  request: {
    body: jsonBody(
      z.strictObject({
        contest_id: idField(),
        contest_type: z.enum(['contest', 'championship_contest']).default('contest'),
        reason: z.enum(REPORT_REASON_KEYS),
        text: multilineText().trim().min(1, 'can’t be blank').max(1000),
      }),
    ),
  },
  responses: { 201: reportAnswer('Reported'), ...errors(401, 404, 409, 422) },
})

const getAdminReportsRoute = createRoute({
  method: 'get',
  path: '/api/admin/reports',
  tags: ['Admin'],
  summary: 'The reports queue',
  description: '`status=open` (the default) lists the queue oldest first; `resolved` and `all` newest first.',
  security: bearerSecurity,
  request: {
    query: pagingQuery(50, 500).extend({ status: z.enum(['open', 'resolved', 'all']).default('open') }),
  },
  responses: {
    200: json(z.object({ reports: z.array(ReportSchema), meta: PageMetaSchema }), 'Reports'),
    ...errors(401, 403, 422),
  },
})

const postAdminReportsByIdResolveRoute = createRoute({
  method: 'post',
  path: '/api/admin/reports/{id}/resolve',
  tags: ['Admin'],
  summary: 'Resolve a report',
  description:
    'The resolution is what the reporter is told (a notification). 409 when already resolved. `hide: true` hides a reported post or comment (then 404 everywhere); 422 for other subjects.',
  security: bearerSecurity,
  request: {
    params: idParam,
    body: jsonBody(
      z.strictObject({
        resolution: multilineText().trim().min(1, 'can’t be blank').max(1000),
        hide: z.boolean().default(false),
      }),
    ),
  },
  responses: { 200: reportAnswer('Resolved'), ...errors(401, 403, 404, 409, 422) },
})

export function reportRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(getReportsReasonsRoute, (c) =>
    c.json({ reasons: REPORT_REASONS.map((r) => ({ key: r.key, label: r.label })) }, 200),
  )

  app.openapi(postReportsRoute, async (c) => {
    const me = currentUser(c)
    const id = await createReport(deps, me, c.req.valid('json'))
    return c.json({ report: await oneReport(deps.db, id) }, 201)
  })

  app.openapi(getAdminReportsRoute, async (c) => {
    const q = c.req.valid('query')
    const page = toPage(q)
    const total = await countRows(reportsQuery(deps.db, q.status))
    const rows = await reportRows(deps.db, { status: q.status, limit: page.per_page, offset: page.offset })
    return c.json({ reports: rows.map(reportJson), meta: pageMeta(page, total) }, 200)
  })

  app.openapi(postAdminReportsByIdResolveRoute, async (c) => {
    const me = currentUser(c)
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    await resolveReport(deps, me.id, id, body.resolution, body.hide)
    return c.json({ report: await oneReport(deps.db, id) }, 200)
  })

  return app
}
