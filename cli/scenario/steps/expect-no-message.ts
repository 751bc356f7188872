import { show } from '../show'
import { StepFailure } from '../step-failure'
import { stepKind } from './common'
import { channelName, MessageSpec, waitForMessage } from './expect-message'

/**
 * `expect_no_message:` — passes when no message (or none matching `match`) is waiting on the
 * user's subscription and none arrives within `within_ms` (default 500).
 */
export const expectNoMessageStep = stepKind('expect_no_message', MessageSpec, {
  kind: 'cable_silence',
  describe: (spec) => `${spec.as} receives nothing on ${channelName(spec.channel)}`,
  usersOf: (spec) => [spec.as],
  async run(spec, ctx) {
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
})
