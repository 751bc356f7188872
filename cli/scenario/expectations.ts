import { z } from 'zod'
import { withSurroundings } from './around'
import type { HttpAnswer } from './http'
import type { Vars } from './interpolate'
import { type Mismatch, matchPartial } from './match'
import { matcherProblems } from './matcher-syntax'
import { assign, lookup } from './paths'
import { show } from './show'
import { placeholder } from './steps/common'

/** `expect:` of HTTP and clock steps. Without a status, any 2xx passes. */
export const HttpExpect = z
  .strictObject({
    status: z
      .union([
        z.number().int().min(100).max(599),
        z.array(z.number().int().min(100).max(599)).min(1),
        // An outline's column (`status: "${status}"`), read when the step runs.
        placeholder,
      ])
      .optional(),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((value, ctx) => {
    for (const problem of [
      ...matcherProblems(value.body, 'body'),
      ...matcherProblems(value.headers, 'headers'),
    ])
      ctx.addIssue({ code: 'custom', message: problem })
  })
export type HttpExpect = z.infer<typeof HttpExpect>

const SaveFrom = z.strictObject({
  from: z.string().min(1),
  regex: z.string().optional(),
  group: z.number().int().min(0).optional(),
})

/** `save: { name: body.path }` or `save: { name: { from: body.path, regex: '…(capture)…' } }`. */
export function saveSchema(roots: string[]) {
  const rootOk = (path: string) =>
    roots.some((r) => path === r || path.startsWith(`${r}.`) || path.startsWith(`${r}[`))
  const hint = `must start with ${roots.join(', ')} (e.g. ${roots[0]}.some.field)`
  return z.record(
    z.string().regex(/^[A-Za-z_]\w*(\.\w+)*$/, 'a variable name such as token or alice.token'),
    z.union([
      z.string().refine(rootOk, hint),
      SaveFrom.refine((s) => rootOk(s.from), { message: hint, path: ['from'] }).refine(
        (s) => {
          if (s.regex === undefined) return true
          try {
            new RegExp(s.regex)
            return true
          } catch {
            return false
          }
        },
        { message: 'is not a valid regular expression', path: ['regex'] },
      ),
    ]),
  )
}

/**
 * The `expect:` and `save:` of a step that makes an HTTP call; `save` reads from `roots` (the
 * answer's body, headers and status unless told).
 */
export const httpChecks = (roots = ['body', 'headers', 'status']) => ({
  expect: HttpExpect.optional(),
  /** Soft expectations: every mismatch recorded, the scenario goes on (docs/scenarios.md "Soft assertions"). */
  expect_all: HttpExpect.optional(),
  save: saveSchema(roots).optional(),
})
export type SaveSpec = Record<string, string | z.infer<typeof SaveFrom>>

/** The error shape's readable part, or the body itself, for a status failure. */
function gist(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || !('code' in body) || !('error' in body)) return body
  const { error, code, errors } = body as { error: unknown; code: unknown; errors?: unknown }
  return errors === undefined ? { code, error } : { code, error, errors }
}

export function statusMismatch(expected: HttpExpect['status'], answer: HttpAnswer): Mismatch | null {
  const wanted = expected === undefined ? null : (Array.isArray(expected) ? expected : [expected]).map(Number)
  const ok = wanted ? wanted.includes(answer.status) : answer.status >= 200 && answer.status < 300
  if (ok) return null
  const want = wanted ? wanted.join(' or ') : '2xx'
  return {
    path: 'status',
    expected: expected ?? '2xx',
    actual: answer.status,
    message: `expected status ${want}, actual ${answer.status}; response: ${show(gist(answer.body), 400)}`,
  }
}

/** Checks status, body (partial match) and headers (case-insensitive names). */
export function checkHttp(expect: HttpExpect | undefined, answer: HttpAnswer): Mismatch[] {
  const out: Mismatch[] = []
  const status = statusMismatch(expect?.status, answer)
  if (status) out.push(status)
  if (expect?.body !== undefined)
    out.push(...withSurroundings(matchPartial(expect.body, answer.body, ['body']), answer.body, ['body']))
  if (expect?.headers) {
    const wanted = Object.fromEntries(Object.entries(expect.headers).map(([k, v]) => [k.toLowerCase(), v]))
    out.push(...matchPartial(wanted, answer.headers, ['headers']))
  }
  return out
}

/**
 * What an HTTP step checks once it has its answer: `expect:` (else `fallback`, else any 2xx)
 * and, when that passes, `save:` from `source` (the answer unless told). `expect_all:` is
 * checked whatever happened: its mismatches come back marked soft (the scenario goes on), and
 * they do not stop `save:`. Its status, when given, replaces the default "any 2xx" check.
 */
export function checkAndSave(
  step: { expect?: HttpExpect; expect_all?: HttpExpect; save?: SaveSpec },
  answer: HttpAnswer,
  ctx: { resolve<T>(value: T): T; vars: Vars },
  fallback?: HttpExpect,
  source: unknown = answer,
): Mismatch[] {
  const soft = ctx.resolve(step.expect_all)
  const softStatus = soft?.status !== undefined
  const hard = ctx.resolve(step.expect) ?? (softStatus ? undefined : fallback)
  const mismatches = checkHttp(hard, answer).filter(
    (m) => !(softStatus && hard?.status === undefined && m.path === 'status'),
  )
  if (mismatches.length === 0) mismatches.push(...applySave(step.save, source, ctx.vars))
  mismatches.push(...softChecks(soft, answer))
  return mismatches
}

/** The mismatches of an `expect_all:` block, marked soft. */
export function softChecks(expect: HttpExpect | undefined, answer: HttpAnswer): Mismatch[] {
  if (expect === undefined) return []
  const found = checkHttp(expect, answer)
  // checkHttp's status check defaults to "any 2xx"; a soft block without status checks no status.
  const own = expect.status === undefined ? found.filter((m) => m.path !== 'status') : found
  return own.map((m) => ({ ...m, soft: true }))
}

/** Applies `save:` against a source object (`{status, headers, body}` or `{message, identifier}`). */

export function applySave(save: SaveSpec | undefined, source: unknown, vars: Vars): Mismatch[] {
  const problems: Mismatch[] = []
  for (const [name, spec] of Object.entries(save ?? {})) {
    const from = typeof spec === 'string' ? spec : spec.from
    const found = lookup(source, from)
    if (!found.found) {
      problems.push({
        path: from,
        expected: { $exists: true },
        missing: true,
        message: `cannot save ${name}: nothing at ${from} (missing at ${found.at})`,
      })
      continue
    }
    let value = found.value
    if (typeof spec !== 'string' && spec.regex !== undefined) {
      const text = typeof value === 'string' ? value : JSON.stringify(value)
      const match = new RegExp(spec.regex).exec(text)
      if (!match) {
        problems.push({
          path: from,
          expected: { $match: spec.regex },
          actual: value,
          message: `cannot save ${name}: ${from} does not match /${spec.regex}/; actual ${show(value)}`,
        })
        continue
      }
      value = match[spec.group ?? (match.length > 1 ? 1 : 0)]
    }
    assign(vars, name, value)
  }
  return problems
}
