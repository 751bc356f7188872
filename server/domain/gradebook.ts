import { z } from 'zod'

/**
 * A class's gradebook (docs/classroom.md, "Gradebook"): the grading rule an instructor chooses
 * and the grades it gives. Pure: the server grades with it, and the CLI checks a rule with the
 * same schema before it asks (a rule that does not parse is exit 2 there, 422 on the server).
 */

/** What participation may weigh: each student's count, compared with the class's highest. */
export const PARTICIPATION_METRICS = ['sign_ins', 'contests', 'bids', 'transfers', 'posts'] as const
export type ParticipationMetric = (typeof PARTICIPATION_METRICS)[number]

/** How a result is scored: each contest (and the class auction) by rank or by points. */
export const RESULT_MODES = ['rank', 'points'] as const
export type ResultMode = (typeof RESULT_MODES)[number]

export const DEFAULT_PARTICIPATION = 'contests:40,bids:30,posts:30'
export const DROP_LOWEST_MAX = 10

/** The valid forms, as a refusal lists them. */
export const RULE_FORMS = [
  `participation: metric:weight pairs joined by commas, weights whole numbers adding up to 100, metrics from ${PARTICIPATION_METRICS.join(', ')} (e.g. "${DEFAULT_PARTICIPATION}")`,
  `result: ${RESULT_MODES.join(' or ')}`,
  `drop_lowest: a whole number from 0 to ${DROP_LOWEST_MAX}`,
  'negative_as_zero: true or false',
]

const PAIR = new RegExp(`^(${PARTICIPATION_METRICS.join('|')}):(\\d{1,3})$`)

/** `"contests:40,bids:30,posts:30"` → `{ contests: 40, bids: 30, posts: 30 }`, or an issue. */
const participation = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const weights: Partial<Record<ParticipationMetric, number>> = {}
    for (const part of text.split(',').map((p) => p.trim())) {
      const m = PAIR.exec(part)
      if (!m) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not metric:weight (${RULE_FORMS[0]})` })
        return z.NEVER
      }
      const metric = m[1] as ParticipationMetric
      if (weights[metric] !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${metric} is given twice` })
        return z.NEVER
      }
      weights[metric] = Number(m[2])
    }
    const sum = Object.values(weights).reduce((a, b) => a + b, 0)
    if (sum !== 100) {
      ctx.addIssue({ code: 'custom', message: `the weights add up to ${sum}, not 100` })
      return z.NEVER
    }
    return weights
  })

/** The rule as the API's query string carries it (every part optional: the defaults below). */
export const GradeRuleQuery = z.strictObject({
  participation: participation.prefault(DEFAULT_PARTICIPATION),
  result: z.enum(RESULT_MODES).default('points'),
  drop_lowest: z.coerce.number().int().min(0).max(DROP_LOWEST_MAX).default(0),
  negative_as_zero: z
    .enum(['true', 'false'])
    .prefault('false')
    .transform((v) => v === 'true'),
})

export type GradeRule = z.output<typeof GradeRuleQuery>

/** One student's counts and results, as the server reads them. */
export interface StudentNumbers {
  counts: Record<ParticipationMetric, number>
  /** One score per graded item (each of the class's contests, the class auction), 0–100 or below 0. */
  items: Array<number | null>
}

/**
 * An item's score for one student: 0 when they did not take part; by rank 100 × (field − rank) ÷
 * (field − 1) (null while unranked); by points 100 × points ÷ the item's best (below 0 for
 * negative points; 0 for everyone when nobody scored above zero).
 */
export function itemScore(
  mode: ResultMode,
  entry: { rank: number | null; points: number } | undefined,
  field: { size: number; best: number },
): number | null {
  if (!entry) return 0
  if (mode === 'rank') {
    if (entry.rank === null) return null
    return field.size <= 1 ? 100 : (100 * (field.size - entry.rank)) / (field.size - 1)
  }
  // Nobody scored above zero: nobody earned anything to compare with.
  if (field.best <= 0) return 0
  return (100 * entry.points) / field.best
}

const round1 = (n: number) => Math.round(n * 10) / 10

/** Participation: each metric's weight times the student's count over the class's highest (0 when nobody has any). */
export function participationGrade(
  rule: GradeRule,
  counts: Record<ParticipationMetric, number>,
  highest: Record<ParticipationMetric, number>,
): number {
  let grade = 0
  for (const [metric, weight] of Object.entries(rule.participation) as Array<[ParticipationMetric, number]>) {
    const top = highest[metric]
    if (top > 0) grade += (weight * counts[metric]) / top
  }
  return round1(grade)
}

/** Result: the mean of the item scores left after dropping the lowest N (negatives as 0 when asked). */
export function resultGrade(rule: GradeRule, items: Array<number | null>): number | null {
  const scores = items
    .filter((s): s is number => s !== null)
    .map((s) => (rule.negative_as_zero ? Math.max(0, s) : s))
    .sort((a, b) => a - b)
    .slice(rule.drop_lowest)
  if (scores.length === 0) return null
  return round1(scores.reduce((a, b) => a + b, 0) / scores.length)
}

/** Every student's two grades, in the order given. */
export function gradeClass(rule: GradeRule, students: StudentNumbers[]) {
  const highest = Object.fromEntries(
    PARTICIPATION_METRICS.map((m) => [m, Math.max(0, ...students.map((s) => s.counts[m]))]),
  ) as Record<ParticipationMetric, number>
  return students.map((s) => ({
    participation: participationGrade(rule, s.counts, highest),
    result: resultGrade(rule, s.items),
  }))
}
