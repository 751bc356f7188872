import { z } from 'zod'
import { DURATION_HINT, parseDuration } from '../../lib/time'
import { checkAndSave, httpChecks } from '../expectations'
import { StepFailure } from '../step-failure'
import { placeholder, stepKind, userRef } from './common'

const ClockSpec = z
  .strictObject({
    as: userRef,
    read: z.literal(true).optional(),
    advance: z.union([z.number().int().min(0), z.string()]).optional(),
    speed: z.union([z.number().positive(), placeholder]).optional(),
    pause: z.literal(true).optional(),
    resume: z.literal(true).optional(),
    jump: z.union([z.number().int(), z.string().min(1)]).optional(),
  })
  .refine((c) => c.read || [c.advance, c.speed, c.pause, c.resume, c.jump].some((v) => v !== undefined), {
    message: 'give read: true or at least one of advance, speed, pause, resume, jump',
  })
  .refine((c) => !(c.read && [c.advance, c.speed, c.pause, c.resume, c.jump].some((v) => v !== undefined)), {
    message: 'read: true cannot be combined with changes',
  })
  .refine((c) => !(c.pause && c.resume), { message: 'give pause or resume, not both' })
  .refine(
    (c) =>
      typeof c.advance !== 'string' || c.advance.includes('${') || parseDuration(c.advance) !== undefined,
    {
      message: `advance must be ${DURATION_HINT}`,
      path: ['advance'],
    },
  )

/** An ISO instant or epoch milliseconds → epoch milliseconds. */
function instant(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value)
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN
  if (Number.isNaN(ms))
    throw new StepFailure(`jump: ${JSON.stringify(value)} is not an ISO instant or epoch milliseconds`)
  return ms
}

/**
 * `clock:` — reads or changes the game clock through `/api/admin/clock` as an admin (the
 * step's `as`, else the scenario's first admin, else the server's admin signed in on demand).
 */
export const clockStep = stepKind('clock', ClockSpec, {
  kind: 'clock',
  with: httpChecks(),
  describe: (c) => {
    if (c.read) return 'read the clock'
    const parts = [
      c.advance !== undefined && `advance ${c.advance}`,
      c.speed !== undefined && `speed ${c.speed}`,
      c.pause && 'pause',
      c.resume && 'resume',
      c.jump !== undefined && `jump to ${c.jump}`,
    ].filter(Boolean)
    return `clock: ${parts.join(', ')}`
  },
  usersOf: (spec) => [spec.as],
  async run(spec, ctx, step) {
    const admin = await ctx.admin(spec.as ?? undefined)
    const body: Record<string, unknown> = {}
    if (spec.advance !== undefined) {
      const ms = parseDuration(spec.advance)
      if (ms === undefined)
        throw new StepFailure(`advance: ${JSON.stringify(spec.advance)} is not ${DURATION_HINT}`)
      body.advance_ms = ms
    }
    if (spec.speed !== undefined) body.speed = Number(spec.speed)
    if (spec.pause) body.paused = true
    if (spec.resume) body.paused = false
    if (spec.jump !== undefined) body.now_in_millis = instant(spec.jump)
    const answer = await ctx.http(
      spec.read
        ? { method: 'GET', path: '/api/admin/clock', token: admin.token }
        : { method: 'POST', path: '/api/admin/clock', token: admin.token, body },
    )
    const mismatches = checkAndSave(step, answer, ctx)
    const state = answer.body as { now?: string; speed?: number; paused?: boolean } | null
    const shown =
      answer.status === 200 && state?.now
        ? ` now ${state.now}, speed ${state.speed}${state.paused ? ', paused' : ''}`
        : ''
    return {
      detail: `${spec.read ? 'GET /api/admin/clock' : `POST /api/admin/clock ${JSON.stringify(body)}`} as ${admin.name} → ${answer.status}${shown}`,
      mismatches,
    }
  },
})
