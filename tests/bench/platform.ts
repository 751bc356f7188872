import { performance } from 'node:perf_hooks'
import { createApp } from '../../server/app'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../../server/areas/ledger/service'
import { verifyLedger } from '../../server/areas/ledger/verify'
import { withTx } from '../../server/db/tx'
import { makeUser, testWorld } from '../helpers/deps'

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

const round = (x: number) => Math.round(x * 1000) / 1000

/**
 * Platform costs on this machine: a ledger posting (two entries, balance updates, fsync'd
 * commit on a real WAL file), an authenticated read through the whole HTTP stack in-process,
 * and the ledger verification pass.
 */
export async function platformBench(): Promise<Record<string, unknown>> {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const dir = mkdtempSync(join(tmpdir(), 'fanspole-bench-'))
  const world = await testWorld({ dbFile: join(dir, 'bench.sqlite') })
  const { deps } = world
  const user = await makeUser(deps)
  const now = deps.clock.now()
  const house = await systemAccountId(deps.db, SYSTEM_ACCOUNTS.house.code, 'INR', now)
  const unused = await userAccountId(deps.db, user.id, 'unused')

  const postings = 2000
  const postTimes: number[] = []
  const t0 = performance.now()
  for (let i = 0; i < postings; i++) {
    const s = performance.now()
    await withTx(deps, (tx) =>
      post(tx, {
        kind: 'bench',
        idempotencyKey: `bench:${i}`,
        lines: [
          { accountId: house, amount: -100 },
          { accountId: unused, amount: 100 },
        ],
        nowMs: now,
      }),
    )
    postTimes.push(performance.now() - s)
  }
  const postingMs = performance.now() - t0
  postTimes.sort((a, b) => a - b)
  console.log(
    `ledger: ${postings} postings in ${postingMs.toFixed(0)} ms (p50 ${percentile(postTimes, 50).toFixed(3)} ms)`,
  )

  const app = createApp(deps)
  const login = await app.request('/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fanspole-client': 'web' },
    body: JSON.stringify({ grant_type: 'password', email: user.email, password: user.password }),
  })
  const { access_token } = (await login.json()) as { access_token: string }
  const reads = 2000
  const readTimes: number[] = []
  for (let i = 0; i < reads; i++) {
    const s = performance.now()
    const res = await app.request('/api/me', { headers: { authorization: `Bearer ${access_token}` } })
    await res.arrayBuffer()
    readTimes.push(performance.now() - s)
  }
  readTimes.sort((a, b) => a - b)
  console.log(
    `GET /api/me in-process: p50 ${percentile(readTimes, 50).toFixed(3)} ms, p95 ${percentile(readTimes, 95).toFixed(3)} ms`,
  )

  const v0 = performance.now()
  const report = await verifyLedger(deps.db)
  const verifyMs = performance.now() - v0
  console.log(`ledger verify over ${report.entries} entries: ${verifyMs.toFixed(1)} ms, ok=${report.ok}`)
  await world.close()
  return {
    postings,
    posting_p50_ms: round(percentile(postTimes, 50)),
    posting_p95_ms: round(percentile(postTimes, 95)),
    postings_per_s: Math.round((postings / postingMs) * 1000),
    me_read_p50_ms: round(percentile(readTimes, 50)),
    me_read_p95_ms: round(percentile(readTimes, 95)),
    verify_ms: round(verifyMs),
    ledger_ok: report.ok,
  }
}
