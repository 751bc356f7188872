import { afterAll, beforeAll } from 'vitest'
import { parseScenario } from '../../cli/scenario/loader'
import { runScenario } from '../../cli/scenario/runner'
import type { ScenarioResult } from '../../cli/scenario/types'
import { ephemeralDatabase, loadConfig } from '../../server/core/config'
import { type RunningServer, startServer } from '../../server/main'

/**
 * One seeded server (no auto-simulation) for a file of scenario-step tests, started before
 * its tests and closed after them; `run` runs an inline scenario on it through the real runner.
 */
export function seededScenarioServer() {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer(
      loadConfig({ ...ephemeralDatabase(), port: 0, logLevel: 'silent', autoSimulate: false }, {}),
      { seedIfEmpty: true },
    )
  })
  afterAll(() => server?.close())
  const current = (): RunningServer => {
    if (!server) throw new Error('the scenario server is not started yet (use it inside a test)')
    return server
  }
  return {
    server: current,
    run: (yaml: string): Promise<ScenarioResult> =>
      runScenario(parseScenario(yaml, 'inline.yaml'), { serverUrl: current().url, env: {} }),
  }
}
