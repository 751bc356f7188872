import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { style } from '../../../cli/lib/style'
import { loadScenarioRuns } from '../../../cli/scenario/loader'
import { stepLine } from '../../../cli/scenario/report'
import { runScenario } from '../../../cli/scenario/runner'

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenarios')
const files = fs
  .readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort()

/**
 * Every scenario shipped in scenarios/ runs through the real runner against its own
 * ephemeral server (fresh in-memory database), exactly as `fanspole scenario run scenarios`.
 */
describe('scenarios/', () => {
  it('ships the platform scenarios', () => {
    expect(files).toEqual(expect.arrayContaining(['auth.yaml', 'cable-auth.yaml', 'token-rotation.yaml']))
  })

  for (const file of files) {
    // An outline (examples:) is one run per row, each on its own server.
    const runs = loadScenarioRuns(path.join(dir, file))
    for (const scenario of runs)
      it(`${file}${scenario.row ? ` row ${scenario.row.index}` : ''} passes on an ephemeral server`, async () => {
        const result = await runScenario(scenario)
        const failed = result.steps.filter((s) => s.status !== 'passed')
        const report = failed.map((s) => stepLine(s, style(false))).join('')
        expect(result.error, result.error).toBeUndefined()
        expect(failed, `failing steps:\n${report}`).toEqual([])
        expect(result.steps.length).toBeGreaterThan(scenario.row ? 2 : 5)
        expect(result.ok).toBe(true)
      })
  }

  it('ships an outline, and tags every scenario', () => {
    const all = files.flatMap((f) => loadScenarioRuns(path.join(dir, f)))
    expect(all.some((s) => s.row)).toBe(true)
    expect(all.filter((s) => s.tags.length === 0).map((s) => s.file)).toEqual([])
    const restarting = all.filter((s) => s.steps.some((step) => step.kind.kind === 'restart'))
    expect(restarting.every((s) => s.tags.includes('restart'))).toBe(true)
  })
})
