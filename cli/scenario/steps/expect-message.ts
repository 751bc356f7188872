import { z } from 'zod'
import { dataFrames } from '../cable-pool'
import { applySave, saveSchema } from '../expectations'
import { type Mismatch, matchPartial } from '../match'
import { matcherProblems } from '../matcher-syntax'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepContext } from '../types'
import { stepKind } from './common'

export const MessageSpec = z
  .strictObject({
    as: z.string().min(1),
    channel: z.union([z.string().min(1), z.looseObject({ channel: z.string().min(1) })]),
    within_ms: z.number().int().positive().max(60_000).optional(),
    match: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    for (const problem of matcherProblems(value.match, 'match'))
      ctx.addIssue({ code: 'custom', message: problem })
  })

export const channelName = (channel: string | { channel: string }) =>
  typeof channel === 'string' ? channel : channel.channel

/** The first unconsumed message on the user's subscription matching `match`, within `within` ms. */
export async function waitForMessage(spec: z.infer<typeof MessageSpec>, within: number, ctx: StepContext) {
  const subscription = ctx.cable.find(spec.as, spec.channel)
  const matches = (message: unknown) =>
    spec.match === undefined || matchPartial(spec.match, message, ['message']).length === 0
  const frame = await subscription.connection.waitUntil(
    () => dataFrames(subscription).find((f) => !f.consumed && matches(f.data.message)),
    within,
    ctx.signal,
  )
  return { subscription, frame }
}

/**
 * `expect_message:` — waits up to `within_ms` (default 2000) for a broadcast on one of the
 * user's confirmed subscriptions whose `message` partially matches `match`. Messages are
 * buffered from the moment the subscription exists, so an earlier step may have caused it;
 * each message satisfies at most one expectation.
 */
export const expectMessageStep = stepKind('expect_message', MessageSpec, {
  kind: 'cable_message',
  with: { save: saveSchema(['message', 'identifier']).optional() },
  describe: (spec) => `${spec.as} receives a message on ${channelName(spec.channel)}`,
  usersOf: (spec) => [spec.as],
  async run(spec, ctx, step) {
    const within = spec.within_ms ?? 2000
    const started = performance.now()
    const { subscription, frame } = await waitForMessage(spec, within, ctx)
    if (!frame) {
      const others = dataFrames(subscription).filter((f) => !f.consumed)
      // The closest message: fewest differences, a missing key counting as two (a wrong value
      // in the right shape is nearer than a message of another kind).
      const score = (list: Mismatch[]) => list.reduce((n, m) => n + (m.missing ? 2 : 1), 0)
      let closest: Mismatch[] = []
      for (const other of others) {
        const found = matchPartial(spec.match, other.data.message, ['message'])
        if (closest.length === 0 || score(found) < score(closest)) closest = found
      }
      const seen = others.length
        ? `${others.length} other message(s) arrived: ${others.map((f) => show(f.data.message, 300)).join(', ')}; the closest differs as listed`
        : 'no message arrived'
      throw new StepFailure(
        `no message on ${spec.as}'s ${subscription.identifier} matched ${show(spec.match ?? 'anything')} within ${within} ms; ${seen}`,
        closest,
      )
    }
    frame.consumed = true
    const problems = applySave(step.save, frame.data, ctx.vars)
    const waited = Math.round(performance.now() - started)
    return {
      detail: `${spec.as} ← ${show(frame.data.message, 160)} (after ${waited} ms)`,
      mismatches: problems,
    }
  },
})
