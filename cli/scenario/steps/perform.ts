import { z } from 'zod'
import { stepKind } from './common'
import { channelName } from './expect-message'

const PerformSpec = z.strictObject({
  as: z.string().min(1),
  channel: z.union([z.string().min(1), z.looseObject({ channel: z.string().min(1) })]),
  action: z.string().min(1),
  data: z.record(z.string(), z.unknown()).optional(),
})

/**
 * `perform:` — calls a channel action on one of the user's confirmed subscriptions (the
 * Action Cable `message` command, like `subscription.perform(action, data)`). Actions answer
 * on the wire, if at all, so follow it with `expect_message`.
 */
export const performStep = stepKind('perform', PerformSpec, {
  kind: 'cable_perform',
  describe: (spec) => `${spec.as} performs ${spec.action} on ${channelName(spec.channel)}`,
  usersOf: (spec) => [spec.as],
  async run(spec, ctx) {
    const subscription = ctx.cable.find(spec.as, spec.channel)
    const data = JSON.stringify({ ...spec.data, action: spec.action })
    subscription.connection.send({ command: 'message', identifier: subscription.identifier, data })
    return { detail: `${spec.as} → ${subscription.identifier} ${data}` }
  },
})
