import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { GradeRuleQuery, PARTICIPATION_METRICS, RESULT_MODES, RULE_FORMS } from '../../domain/gradebook'
import { invalid } from '../../http/errors'
import { idParam } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { classReport } from './report'

const int = () => z.number().int()
const num = () => z.number()

const StudentRowSchema = z.object({
  user_id: int(),
  username: z.string(),
  full_name: z.string().nullable(),
  sign_ins: int(),
  contests: int(),
  bids: int(),
  transfers: int(),
  posts: int(),
  best_rank: int().nullable(),
  best_points: num().nullable(),
  last_rank: int().nullable(),
  last_points: num().nullable(),
  auction_spend: int().nullable(),
  squad_size: int().nullable(),
  squad_value: num().nullable().openapi({ description: 'Points of the squad under the auction’s scorer' }),
  balance: int().nullable().openapi({ description: 'Purse left in the class auction' }),
  participation_grade: num(),
  result_grade: num()
    .nullable()
    .openapi({ description: 'Null when nothing the student took part in is graded yet' }),
})

const ReportSchema = z.object({
  classroom: z.object({
    id: int(),
    name: z.string(),
    auction_id: int().nullable(),
    contest_id: int().nullable(),
  }),
  rule: z.object({
    participation: z.partialRecord(z.enum(PARTICIPATION_METRICS), int()),
    result: z.enum(RESULT_MODES),
    drop_lowest: int(),
    negative_as_zero: z.boolean(),
  }),
  graded: z.array(z.object({ kind: z.enum(['contest', 'auction']), id: int(), entries: int() })),
  students: z.array(StudentRowSchema),
})

const RuleQuery = z.object({
  participation: z
    .string()
    .optional()
    .openapi({ description: `metric:weight pairs adding up to 100 (${PARTICIPATION_METRICS.join(', ')})` }),
  result: z
    .string()
    .optional()
    .openapi({ description: RESULT_MODES.join(' | ') }),
  drop_lowest: z.string().optional(),
  negative_as_zero: z.string().optional(),
})

/** The gradebook of a class (docs/classroom.md, "Gradebook"). */
export function classroomReportRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Classroom'])

  route.get(
    '/api/classrooms/{id}/report',
    {
      summary: 'A class’s gradebook: per student the numbers and two grades by the rule asked',
      description: `For the instructor who made the class and admins (404 to anyone else). A rule that does not parse is 422 listing the valid forms: ${RULE_FORMS.join('; ')}.`,
      auth: true,
      params: idParam,
      query: RuleQuery,
      ok: json(ReportSchema, 'The gradebook'),
      errors: [404, 422],
    },
    async (c, me) => {
      const parsed = GradeRuleQuery.safeParse(c.req.valid('query'))
      if (!parsed.success) {
        const fields: Record<string, string[]> = {}
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'base')
          fields[key] = [...(fields[key] ?? []), issue.message]
        }
        throw invalid({ ...fields, forms: RULE_FORMS })
      }
      return c.json(await classReport(deps, c.req.valid('param').id, me, parsed.data), 200)
    },
  )

  return app
}
