import { z } from 'zod'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepKind } from '../types'
import { stepName } from './common'
import { channelName, MessageSpec, waitForMessage } from './expect-message'

const ExpectNoMessageStep = z.strictObject({ name: stepName, expect_no_message: MessageSpec })
type ExpectNoMessageStep = z.infer<typeof ExpectNoMessageStep>

/**
 * `expect_no_message:` — passes when no message (or none matching `match`) is waiting on the
 * user's subscription and none arrives within `within_ms` (default 500).
 */
export const expectNoMessageStep: StepKind<ExpectNoMessageStep> = {
  kind: 'cable_silence',
  key: 'expect_no_message',
  schema: ExpectNoMessageStep,
  describe: (step) =>
    `${step.expect_no_message.as} receives nothing on ${channelName(step.expect_no_message.channel)}`,
  usersOf: (step) => [step.expect_no_message.as],
  async run(step, ctx) {
    const spec = ctx.resolve(step.expect_no_message)
    const within = spec.within_ms ?? 500
    const { subscription, frame } = await waitForMessage(spec, within, ctx)
    if (frame) {
      frame.consumed = true
      throw new StepFailure(
        `expected no message${spec.match === undefined ? '' : ` matching ${show(spec.match)}`} on ${spec.as}'s ${subscription.identifier} for ${within} ms, but got ${show(frame.data.message, 400)}`,
      )
    }
    return { detail: `${spec.as}: nothing on ${subscription.identifier} for ${within} ms` }
  },
}
