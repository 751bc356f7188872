import { z } from 'zod'
import type { StepKind } from '../types'
import { stepName } from './common'

const RestartStep = z.strictObject({ name: stepName, restart_server: z.literal(true) })
type RestartStep = z.infer<typeof RestartStep>

/**
 * `restart_server: true` — stops the ephemeral server and starts it again on the same port and
 * database file, as a crash-free restart would: open /cable connections are told to reconnect
 * and later steps open new ones. Only on the ephemeral server (a scenario run with `--server`
 * fails at this step).
 */
export const restartStep: StepKind<RestartStep> = {
  kind: 'restart',
  key: 'restart_server',
  schema: RestartStep,
  describe: () => 'restart the server on the same database',
  async run(_step, ctx) {
    await ctx.restartServer()
    await ctx.cable.closeAll()
    return { detail: 'the server stopped and started again on the same database' }
  },
}
