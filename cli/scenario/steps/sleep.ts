import { setTimeout as delay } from 'node:timers/promises'
import { z } from 'zod'
import type { StepKind } from '../types'
import { stepName } from './common'

const SleepStep = z.strictObject({ name: stepName, sleep_ms: z.number().int().positive().max(60_000) })
type SleepStep = z.infer<typeof SleepStep>

/**
 * `sleep_ms:` — waits. Only for /cable timing a step cannot express; prefer `within_ms` on
 * `expect_message`, which returns as soon as the message arrives.
 */
export const sleepStep: StepKind<SleepStep> = {
  kind: 'sleep',
  key: 'sleep_ms',
  schema: SleepStep,
  describe: (step) => `wait ${step.sleep_ms} ms`,
  async run(step, ctx) {
    await delay(step.sleep_ms, undefined, { signal: ctx.signal }).catch(() => undefined)
    return { detail: `waited ${step.sleep_ms} ms` }
  },
}
