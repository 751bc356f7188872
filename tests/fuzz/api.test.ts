import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatProblems, fuzzApi } from './fuzzer'
import { type FuzzWorld, fuzzWorld } from './world'

/**
 * The whole API under the fuzzer, in `npm test`. Fixed seed (printed with any failure);
 * FUZZ_SEED picks another, FUZZ_RUNS sends more requests per operation × identity × category.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
const RUNS = Number(process.env.FUZZ_RUNS ?? 1)

let target: FuzzWorld
beforeAll(async () => {
  target = await fuzzWorld(42)
})
afterAll(() => target.close())

/**
 * Operations that replace the whole database (docs/snapshots.md): a plausible request would
 * swap the fuzz world's league, accounts and tokens away under the operations still to come.
 * Their refusals (401, 403, 404, 422, 503) are tested in tests/api/snapshots.test.ts.
 */
const WHOLE_DATABASE = new Set(['/api/admin/league/reset', '/api/admin/snapshots/{name}/restore'])
/**
 * The server's live log (docs/tester-tools.md) answers an admin with a stream that stays open
 * until the reader leaves: a fuzzed request that reads the whole answer would wait forever.
 * Its refusals and records are tested in tests/api/admin/server-log.test.ts.
 */
const STREAMS = new Set(['/api/admin/log'])
const fuzzable = (op: { path: string }) => !WHOLE_DATABASE.has(op.path) && !STREAMS.has(op.path)

describe('the API under the fuzzer', () => {
  it('never answers 5xx, always answers errors in the one shape, and refused writes change nothing', async () => {
    const started = Date.now()
    const report = await fuzzApi(target, target.api.app, { seed: SEED, runs: RUNS, only: fuzzable })
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.info(
      `fuzz: ${report.requests} requests over ${report.operations} operations in ${seconds}s (FUZZ_SEED=${SEED}); statuses ${JSON.stringify(report.statuses)}`,
    )
    expect(report.operations).toBeGreaterThan(150)
    expect(report.problems, formatProblems(report, SEED)).toEqual([])
  })
})
