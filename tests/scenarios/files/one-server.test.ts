import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ephemeralDatabase, loadConfig } from '../../../server/core/config'
import { type RunningServer, startServer } from '../../../server/main'
import { runCli } from '../../cli/helpers'

/**
 * Every shipped scenario, in sequence, against one fresh server started as `npm start` starts
 * it (the demo league seeded on first start, the simulator on, default admin): what a tester
 * gets with `fanspole scenario run scenarios --server URL`. Scenarios that need the ephemeral
 * server are skipped with their reason, and no scenario may leave the server unusable for the
 * ones after it (the clock moved by days, the league's upcoming matches used up).
 */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenarios')

let server: RunningServer
beforeAll(async () => {
  server = await startServer(
    loadConfig({ ...ephemeralDatabase(process.env), port: 0, logLevel: 'silent' }, {}),
    {
      seedIfEmpty: true,
    },
  )
}, 120_000)
afterAll(() => server.close())

describe('every shipped scenario against one fresh server', () => {
  it('passes in sequence, the restarting one skipped', async () => {
    const r = await runCli(['scenario', 'run', dir, '--server', server.url, '--json'], {})
    const report = r.json<{
      ok: boolean
      summary: { scenarios: number; passed: number; skipped: number }
      scenarios: Array<{
        file: string
        ok: boolean
        skipped?: string
        error?: string
        steps: Array<{ status: string; name: string; error?: string }>
      }>
    }>()
    const failures = report.scenarios
      .filter((s) => !s.ok)
      .map((s) => {
        const step = s.steps.find((x) => x.status === 'failed')
        return `${path.basename(s.file)}: ${s.error ?? `${step?.name}: ${step?.error}`}`
      })
    expect(failures).toEqual([])
    expect(r.code).toBe(0)
    const skipped = report.scenarios.filter((s) => s.skipped).map((s) => path.basename(s.file))
    expect(skipped).toEqual(['auction-restart-mid-lot.yaml'])
    expect(report.summary.passed).toBe(report.summary.scenarios - 1)
  }, 600_000)
})
