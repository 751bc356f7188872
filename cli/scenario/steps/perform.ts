import { z } from 'zod'
import type { StepKind } from '../types'
import { stepName } from './common'
import { channelName } from './expect-message'

const PerformSpec = z.strictObject({
  as: z.string().min(1),
  channel: z.union([z.string().min(1), z.looseObject({ channel: z.string().min(1) })]),
  action: z.string().min(1),
  data: z.record(z.string(), z.unknown()).optional(),
})

const PerformStep = z.strictObject({ name: stepName, perform: PerformSpec })
type PerformStep = z.infer<typeof PerformStep>

/**
 * `perform:` — calls a channel action on one of the user's confirmed subscriptions (the
 * Action Cable `message` command, like `subscription.perform(action, data)`). Actions answer
 * on the wire, if at all, so follow it with `expect_message`.
 */
export const performStep: StepKind<PerformStep> = {
  kind: 'cable_perform',
  key: 'perform',
  schema: PerformStep,
  describe: (step) =>
    `${step.perform.as} performs ${step.perform.action} on ${channelName(step.perform.channel)}`,
  usersOf: (step) => [step.perform.as],
  async run(step, ctx) {
    const spec = ctx.resolve(step.perform)
    const subscription = ctx.cable.find(spec.as, spec.channel)
    const data = JSON.stringify({ ...spec.data, action: spec.action })
    subscription.connection.send({ command: 'message', identifier: subscription.identifier, data })
    return { detail: `${spec.as} → ${subscription.identifier} ${data}` }
  },
}
