import { z } from 'zod'
import { checkHttp, HttpExpect } from '../expectations'
import type { HttpAnswer } from '../http'
import type { Mismatch } from '../match'
import type { StepKind } from '../types'
import { stepName } from './common'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

const Group = z.strictObject({
  as: z.array(z.string().min(1)).min(1),
  /** Each user sends the request this many times (all at once too): idempotency under races. */
  times: z.number().int().min(1).max(10).default(1),
  request: z.strictObject({
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(METHODS)),
    path: z.string().regex(/^(\/|\$\{)/, 'must start with / (e.g. /api/posts/1/like)'),
    body: z.unknown().optional(),
    query: z.record(z.string(), z.unknown()).optional(),
  }),
})

const ConcurrentStep = z.strictObject({
  name: stepName,
  concurrent: z.array(Group).min(1),
  expect: HttpExpect.optional(),
})
type ConcurrentStep = z.infer<typeof ConcurrentStep>

/** At most this many requests in one step: a race, not a load test. */
const MAX_REQUESTS = 200

const count = (step: ConcurrentStep) => step.concurrent.reduce((n, g) => n + g.as.length * g.times, 0)

/**
 * `concurrent:` — groups of requests, each sent by every user of its `as` list (`times` times
 * each), all started together and awaited together; `expect:` must hold for every answer.
 * For races: 20 likes at once, follows against unfollows. Later steps check the totals.
 */
export const concurrentStep: StepKind<ConcurrentStep> = {
  kind: 'concurrent',
  key: 'concurrent',
  schema: ConcurrentStep.refine((s) => count(s) <= MAX_REQUESTS, {
    message: `at most ${MAX_REQUESTS} requests in one concurrent step`,
  }),
  describe: (step) =>
    `${count(step)} requests at once: ${step.concurrent
      .map((g) => `${g.request.method} ${g.request.path} ×${g.as.length * g.times}`)
      .join(', ')}`,
  usersOf: (step) => step.concurrent.flatMap((g) => g.as),
  async run(step, ctx) {
    const calls = ctx
      .resolve(step.concurrent)
      .flatMap((group) =>
        group.as.flatMap((name) =>
          Array.from({ length: group.times }, () => ({ name, request: group.request })),
        ),
      )
    // Tokens are looked up before anything is sent, so an unknown user fails the step cleanly.
    const prepared = calls.map((c) => ({ ...c, token: ctx.user(c.name).token }))
    const answers: HttpAnswer[] = await Promise.all(
      prepared.map((c) => ctx.http({ ...c.request, token: c.token })),
    )
    const expect = ctx.resolve(step.expect)
    const mismatches: Mismatch[] = []
    answers.forEach((answer, i) => {
      const call = prepared[i] as (typeof prepared)[number]
      for (const m of checkHttp(expect, answer))
        mismatches.push({
          ...m,
          path: `[${i} ${call.name}] ${m.path}`,
          message: `${call.request.method} ${call.request.path} as ${call.name}: ${m.message}`,
        })
    })
    const statuses = new Map<number, number>()
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1)
    const summary = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ')
    return { detail: `${answers.length} requests at once → ${summary}`, mismatches }
  },
}
