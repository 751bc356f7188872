import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** Product code: what ships (server, web, CLI, seeds, scripts), not frozen migrations or generated types. */
const productFiles = () =>
  execFileSync('git', ['ls-files', 'server', 'web/src', 'cli', 'seeds', 'scripts'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(
      (f) =>
        /\.(ts|tsx|mjs|css)$/.test(f) && !f.endsWith('.gen.ts') && !f.startsWith('server/db/migrations/'),
    )

describe('rooms of a livable size (docs/architecture.md, Sizes)', () => {
  it('no product file is over 400 lines', () => {
    const files = productFiles()
    expect(files.length).toBeGreaterThan(500)
    const over = files
      .map((f) => ({ f, lines: readFileSync(path.join(root, f), 'utf8').split('\n').length - 1 }))
      .filter((x) => x.lines > 400)
      .map((x) => `${x.f}: ${x.lines} lines`)
    expect(over).toEqual([])
  })

  it('every function over 70 lines says why (npm run long-functions)', () => {
    // The script exits non-zero when one has no `// Long:` reason on the line above.
    const out = execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/long-functions.ts'], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(out).toMatch(/ 0 without a reason\n$/)
  }, 60_000)
})
