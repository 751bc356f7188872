import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const bin = (name: string) => path.join(root, 'node_modules/.bin', name)

interface Violation {
  rule: { name: string }
  from: string
  to: string
}

describe('the house rules (.dependency-cruiser.cjs)', () => {
  it('are kept: no import cycle, no reach past a front door, layers import one way', () => {
    const out = execFileSync(
      bin('depcruise'),
      ['server', 'cli', 'web/src', 'seeds', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
    )
    const violations = (JSON.parse(out).summary.violations as Violation[]).map(
      (v) => `${v.rule.name}: ${v.from} → ${v.to}`,
    )
    expect(violations).toEqual([])
  }, 120_000)

  it('are drawn as they are in docs/architecture.md (npm run arch:graph)', () => {
    execFileSync(bin('tsx'), ['scripts/arch-graph.ts', '--check'], { cwd: root, encoding: 'utf8' })
  }, 120_000)

  it('repeat themselves no more than the jscpd ceiling allows (.jscpd.json threshold)', () => {
    // jscpd exits non-zero when the duplicated share of lines passes the threshold.
    execFileSync(bin('jscpd'), ['server', 'web/src', 'cli', 'seeds', 'tests', 'scenarios', 'scripts'], {
      cwd: root,
      encoding: 'utf8',
    })
  }, 120_000)
})
