import { z } from 'zod'
import { DURATION_HINT, parseDuration } from '../../lib/time'
import { dataFrames, type Subscription } from '../cable-pool'
import { applySave, saveSchema } from '../expectations'
import { matchPartial } from '../match'
import { matcherProblems } from '../matcher-syntax'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepContext } from '../types'
import { subscribe } from './cable'
import { stepKind } from './common'

const MAX_WAIT_MS = 120_000

const AwaitEventSpec = z
  .strictObject({
    as: z.string().min(1),
    channel: z.string().regex(/^[A-Z]\w*Channel$/, 'a channel name such as NotificationsChannel'),
    /** The channel's parameters (contest_id, match_id …): the subscription's identifier with `channel`. */
    params: z.record(z.string(), z.unknown()).default({}),
    /** A partial match against the message; without it the next message does. */
    match: z.unknown().optional(),
    timeout: z
      .union([z.string(), z.number().int().positive()])
      .default('5s')
      .refine((t) => (parseDuration(t) ?? 0) > 0 && (parseDuration(t) ?? 0) <= MAX_WAIT_MS, {
        message: `must be a duration up to 2m (${DURATION_HINT}); a number is milliseconds`,
      }),
    /** The variable the message is saved into (default `event`). */
    var: z
      .string()
      .regex(/^[A-Za-z_]\w*$/, 'a variable name such as locked')
      .optional(),
  })
  .superRefine((value, ctx) => {
    for (const problem of matcherProblems(value.match, 'match'))
      ctx.addIssue({ code: 'custom', message: problem })
  })
type AwaitEventSpec = z.infer<typeof AwaitEventSpec>

/** The user's subscription to the identifier, made (on their connection) when they have none yet. */
async function subscriptionOf(ctx: StepContext, spec: AwaitEventSpec, identifier: Record<string, unknown>) {
  try {
    return { subscription: ctx.cable.find(spec.as, identifier), made: false }
  } catch {
    const client = await ctx.cable.connection(spec.as, ctx.user(spec.as).token)
    const greeting = await ctx.cable.greeting(client, 3000, ctx.signal)
    if (greeting.kind !== 'welcome')
      throw new StepFailure(`${spec.as} could not connect to /cable: ${greeting.kind}`)
    await subscribe(
      client,
      spec.as,
      { subscribe: identifier as { channel: string }, expect: 'confirm' },
      ctx,
      3000,
    )
    return { subscription: ctx.cable.find(spec.as, identifier), made: true }
  }
}

/** What the wait saw: the messages that arrived while it waited, and older ones no step took. */
function timedOut(
  spec: AwaitEventSpec,
  subscription: Subscription,
  waited: number,
  since: number,
): StepFailure {
  const unclaimed = dataFrames(subscription).filter((f) => !f.consumed)
  const arrived = unclaimed.filter((f) => f.seq > since)
  const earlier = unclaimed.filter((f) => f.seq <= since)
  const list = (frames: typeof unclaimed) => frames.map((f) => show(f.data.message, 300)).join(', ')
  const seen = `${arrived.length ? `${arrived.length} message(s) arrived on it meanwhile: ${list(arrived)}` : 'no message arrived on it meanwhile'}${earlier.length ? `; ${earlier.length} earlier one(s) no step took: ${list(earlier)}` : ''}`
  const latest = unclaimed.at(-1)
  const closest = latest ? matchPartial(spec.match, latest.data.message, ['message']) : []
  return new StepFailure(
    `no message on ${spec.as}'s ${subscription.identifier} matched ${show(spec.match ?? 'anything')} within ${waited} ms; ${seen}`,
    closest,
  )
}

/**
 * `await_event:` — waits up to `timeout` (default 5s) for a message on any channel that
 * partially matches `match`, subscribing the user first when they are not subscribed yet
 * (the `cable` and `expect_message` machinery, cli/scenario/cable-pool.ts). The message is
 * saved as `event` (or `var:`); `save:` reads `message.…` and `identifier`. On timeout the
 * failure lists every message that did arrive on that channel.
 */
export const awaitEventStep = stepKind('await_event', AwaitEventSpec, {
  kind: 'await_event',
  with: { save: saveSchema(['message', 'identifier']).optional() },
  describe: (spec) =>
    `${spec.as} awaits ${spec.match === undefined ? 'a message' : show(spec.match, 60)} on ${spec.channel}`,
  usersOf: (spec) => [spec.as],
  async run(spec, ctx, step) {
    const within = parseDuration(spec.timeout) as number
    const identifier = { channel: spec.channel, ...spec.params }
    const started = performance.now()
    // Frames after this one arrived while the step waited (a new connection: all of them).
    const since = ctx.cable.existing(spec.as)?.frames.at(-1)?.seq ?? -1
    const { subscription, made } = await subscriptionOf(ctx, spec, identifier)
    const matches = (message: unknown) =>
      spec.match === undefined || matchPartial(spec.match, message, ['message']).length === 0
    const frame = await subscription.connection.waitUntil(
      () => dataFrames(subscription).find((f) => !f.consumed && matches(f.data.message)),
      Math.max(0, within - (performance.now() - started)),
      ctx.signal,
    )
    const waited = Math.round(performance.now() - started)
    if (!frame) throw timedOut(spec, subscription, waited, since)
    frame.consumed = true
    const into = spec.var ?? 'event'
    const saves = Object.hasOwn(step.save ?? {}, into) ? step.save : { [into]: 'message', ...step.save }
    return {
      detail: `${made ? 'subscribed, then ' : ''}${spec.as} ← ${show(frame.data.message, 160)} (after ${waited} ms)`,
      mismatches: applySave(saves, frame.data, ctx.vars),
    }
  },
})
