import { z } from 'zod'
import { formatPath, lookup, parsePath } from '../paths'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepContext } from '../types'
import { stepKind } from './common'

const VARIABLE = /^[A-Za-z_]\w*$/
const FORMS = 'print takes last, { value: … } or { path: body.some.field, of: last | <variable> }'

const PrintSpec = z.union(
  [
    z.literal('last'),
    z.strictObject({ value: z.unknown() }),
    z.strictObject({
      path: z.string().min(1),
      of: z.string().regex(VARIABLE, 'last or a variable name such as contest').default('last'),
    }),
  ],
  { error: FORMS },
)
type PrintSpec = z.infer<typeof PrintSpec>

/** The last answer as `print` shows it: status, headers and body (a path may go into any). */
function lastAnswer(ctx: StepContext): Record<string, unknown> | undefined {
  const answer = ctx.lastAnswer()
  return answer && { status: answer.status, headers: answer.headers, body: answer.body }
}

/** What `of:` names: the last HTTP answer, or a variable. */
function sourceOf(of: string, ctx: StepContext): unknown {
  if (of === 'last') {
    const answer = lastAnswer(ctx)
    if (!answer) throw new StepFailure('nothing to print: no step has made an HTTP call yet')
    return answer
  }
  if (!Object.hasOwn(ctx.vars, of))
    throw new StepFailure(`no variable ${of} (variables: ${Object.keys(ctx.vars).join(', ')})`)
  return ctx.vars[of]
}

/** Which part of `path` is missing from `root`, and what was there instead. */
function missingPart(root: unknown, path: string, of: string): string {
  const segments = parsePath(path)
  const found = lookup(root, segments)
  if (found.found) return ''
  const depth = parsePath(found.at).length - 1
  const parent = lookup(root, segments.slice(0, depth))
  const where = depth === 0 ? of : `${formatPath(segments.slice(0, depth))} of ${of}`
  const value = parent.found ? parent.value : undefined
  const had = Array.isArray(value)
    ? `${where} is an array of ${value.length} element(s)`
    : value !== null && typeof value === 'object'
      ? `${where} has the keys ${Object.keys(value).join(', ') || '(none)'}`
      : `${where} is ${show(value, 80)}`
  return `nothing at ${path} of ${of}: ${String(segments[depth])} is missing; ${had}`
}

/** What a printed value is, at a glance: `an object of 40 keys`, `an array of 12`, `a string`. */
export function sizeOf(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`
  if (value === null) return 'null'
  if (typeof value === 'object') return `an object of ${Object.keys(value).length} keys`
  return `a ${typeof value}`
}

/**
 * `print:` — shows a value under the step's line while the scenario runs (pretty JSON, cut
 * after a screenful) and in --json as the step's `printed`: the last HTTP answer (`last`),
 * any value (`{ value: "${contest}" }`), or a path of either (`{ path: body.contests[0] }`).
 * It fails only when the path does not exist, naming the missing part and what was there.
 */
export const printStep = stepKind('print', PrintSpec, {
  kind: 'print',
  describe: (spec: PrintSpec) =>
    spec === 'last'
      ? 'print the last answer'
      : 'value' in spec
        ? 'print a value'
        : `print ${spec.path}${spec.of === 'last' ? '' : ` of ${spec.of}`}`,
  async run(spec, ctx) {
    if (spec === 'last') {
      // The headers stay out of the way: `{ path: headers }` prints them.
      const answer = lastAnswer(ctx)
      return answer
        ? {
            detail: `status ${answer.status}, ${sizeOf(answer.body)}`,
            printed: { status: answer.status, body: answer.body },
          }
        : { printed: '(no HTTP call yet)' }
    }
    if ('value' in spec) return { detail: sizeOf(spec.value), printed: spec.value }
    const root = sourceOf(spec.of, ctx)
    const found = lookup(root, spec.path)
    if (!found.found) throw new StepFailure(missingPart(root, spec.path, spec.of))
    return { detail: sizeOf(found.value), printed: found.value }
  },
})
