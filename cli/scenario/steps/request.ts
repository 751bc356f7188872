import { z } from 'zod'
import { checkAndSave, httpChecks } from '../expectations'
import { asNone, stepKind, userRef } from './common'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const

const RequestSpec = z
  .strictObject({
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(METHODS)),
    path: z.string().regex(/^(\/|\$\{)/, 'must start with / (e.g. /api/me.json)'),
    as: userRef,
    token: z.string().nullable().optional(),
    body: z.unknown().optional(),
    raw: z.string().optional(),
    form: z.record(z.string(), z.unknown()).optional(),
    headers: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
    query: z.record(z.string(), z.unknown()).optional(),
    timeout_ms: z.number().int().positive().optional(),
  })
  .refine((r) => [r.body, r.raw, r.form].filter((b) => b !== undefined).length <= 1, {
    message: 'give at most one of body, raw and form',
  })
  .refine((r) => r.token === undefined || asNone(r.as), { message: 'give either as or token, not both' })

/**
 * `request:` — one HTTP call as a user (their bearer token), with an explicit `token:`, or
 * anonymously; `expect:` checks status, body (partial match) and headers; `save:` keeps
 * values for later steps.
 */
export const requestStep = stepKind('request', RequestSpec, {
  kind: 'http',
  with: httpChecks(),
  describe: (request) => `${request.method} ${request.path}${asNone(request.as) ? '' : ` as ${request.as}`}`,
  usersOf: (request) => [request.as],
  async run(request, ctx, step) {
    const token = asNone(request.as) ? (request.token ?? undefined) : ctx.user(request.as as string).token
    const headers = Object.fromEntries(
      Object.entries(request.headers ?? {}).map(([k, v]) => [k, v === null ? null : String(v)]),
    )
    const answer = await ctx.http({ ...request, token, headers, timeoutMs: request.timeout_ms })
    const mismatches = checkAndSave(step, answer, ctx)
    return {
      detail: `${request.method} ${request.path} → ${answer.status}`,
      mismatches,
    }
  },
})
