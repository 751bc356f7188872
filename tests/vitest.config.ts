import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * One run, seven projects: unit (pure rules, ledger, properties), api (the real app in-process
 * on a fresh SQLite database), cable (a real listening server and the official
 * @rails/actioncable client), restarts (servers in child processes killed with SIGKILL and
 * started again on the same database), cli (commands in-process and Ink frames), scenarios (every
 * YAML file in scenarios/), e2e (headless Chromium against a real server).
 * A JSON report is always written so CI can print its one-line summary.
 */
export default defineConfig({
  root,
  test: {
    reporters: ['default', ['json', { outputFile: path.join(root, '.vitest', 'report.json') }]],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 20_000 } },
      { extends: true, test: { name: 'cable', include: ['tests/cable/**/*.test.ts'], testTimeout: 30_000 } },
      {
        extends: true,
        test: { name: 'cli', include: ['tests/cli/**/*.test.{ts,tsx}'], testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'restarts',
          include: ['tests/restarts/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'scenarios', include: ['tests/scenarios/**/*.test.ts'], testTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
