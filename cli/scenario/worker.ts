import { UsageError } from '../lib/errors'
import type { Io } from '../lib/io'
import { style } from '../lib/style'
import { type FixtureCache, type LoadedScenario, loadScenarioRuns } from './loader'
import { couldNotRun, runOne } from './run-one'
import type { TraceDocument } from './trace'
import type { ScenarioResult } from './types'
import type { FromWorker, ToWorker } from './workers'

/**
 * `fanspole scenario __worker`: one of the processes of `scenario run --workers N`. It runs
 * the scenarios its parent sends, one at a time, each on its own ephemeral server, and sends
 * back each result with its text; it ends when the parent disconnects.
 */
export function runWorker(io: Io): Promise<void> {
  const send = process.send?.bind(process)
  if (!send) throw new UsageError('scenario __worker is started by `scenario run --workers N`, not by hand')
  const cache: FixtureCache = new Map()
  const files = new Map<string, LoadedScenario[]>()
  const reply = (m: FromWorker) => send(m)
  return new Promise((resolve) => {
    process.on('disconnect', () => resolve())
    process.on('message', async (m: ToWorker) => {
      if (m.type !== 'run') return
      let text = ''
      const s = style(m.color)
      let scenario: LoadedScenario | undefined
      try {
        if (!files.has(m.file)) files.set(m.file, loadScenarioRuns(m.file, cache))
        scenario = files.get(m.file)?.[m.run]
      } catch (error) {
        reply({ type: 'done', id: m.id, result: couldNotRun(m.file, (error as Error).message), text })
        return
      }
      if (!scenario) {
        reply({
          type: 'done',
          id: m.id,
          result: couldNotRun(m.file, `the file changed: no run ${m.run + 1}`),
          text,
        })
        return
      }
      const traces = new Map<ScenarioResult, TraceDocument>()
      const result = await runOne(scenario, {
        tracing: m.tracing,
        traces,
        server: 'ephemeral',
        env: io.env,
        retries: m.retries,
        s,
        out: m.text
          ? (t) => {
              text += t
            }
          : undefined,
      })
      const trace = traces.get(result)
      reply({ type: 'done', id: m.id, result, text, ...(trace ? { trace } : {}) })
    })
    reply({ type: 'ready' })
  })
}
