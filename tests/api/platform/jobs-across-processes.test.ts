import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../../server/core/deps'
import type { Job } from '../../../server/lib/scheduler'
import { rowById, TEST_DIALECT } from '../../helpers/db'
import { type TestWorld, testWorld } from '../../helpers/deps'
import { closeWithSecond, secondProcess } from '../../helpers/second-process'

// Two server processes on one PostgreSQL database (docs/architecture.md, "Jobs across
// processes"): A is the world's deps, B a second set booted on the same database. SQLite is
// one process by design, so these run in the Postgres leg only.

let world: TestWorld
let a: Deps
let b: Deps
beforeEach(async () => {
  if (TEST_DIALECT !== 'postgres') return
  world = await testWorld()
  a = world.deps
  b = await secondProcess(world)
})
afterEach(async () => {
  if (TEST_DIALECT !== 'postgres') return
  await closeWithSecond(world, b)
})

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const statusOf = async (deps: Deps, id: number) =>
  (await deps.db.selectFrom('scheduled_jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status

describe.skipIf(TEST_DIALECT !== 'postgres')('jobs across two processes on one database', () => {
  it('runs each of 120 due jobs exactly once with both schedulers running', async () => {
    const ran: Array<{ id: number; by: string }> = []
    const record = (by: string) => async (job: Job) => {
      // A little work, so that the two schedulers really overlap.
      await new Promise((resolve) => setTimeout(resolve, 1))
      ran.push({ id: Number(job.payload.n), by })
    }
    a.scheduler.register('test.count', record('A'))
    b.scheduler.register('test.count', record('B'))
    const t0 = a.clock.now()
    for (let n = 0; n < 120; n++)
      await a.scheduler.schedule(a.db, { kind: 'test.count', runAtMs: t0 + 1 + (n % 7), payload: { n } })
    a.scheduler.start()
    b.scheduler.start()
    world.wall.advance(10)
    await Promise.all([
      a.scheduler.runDue(),
      b.scheduler.runDue(),
      a.scheduler.runDue(),
      b.scheduler.runDue(),
    ])
    await until(async () => {
      const left = await a.db
        .selectFrom('scheduled_jobs')
        .select('id')
        .where('status', 'in', ['pending', 'running'])
        .execute()
      return left.length === 0
    })
    expect(ran).toHaveLength(120)
    expect(new Set(ran.map((r) => r.id)).size).toBe(120)
    const rows = await a.db.selectFrom('scheduled_jobs').select(['status', 'attempts']).execute()
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true)
  })

  it('runs a job whose claimer died once, on the other process, after the lease', async () => {
    const ran: string[] = []
    b.scheduler.register('test.orphan', async () => {
      ran.push('B')
    })
    const t0 = a.clock.now()
    const id = await a.scheduler.schedule(a.db, { kind: 'test.orphan', runAtMs: t0 })
    // A claimed it and died in the handler: the row is running, under A's lease.
    await a.db
      .updateTable('scheduled_jobs')
      .set({
        status: 'running',
        claimed_by: 'dead-process:1',
        lease_until_ms: a.clock.wallNow() + 30_000,
        attempts: 1,
      })
      .where('id', '=', id)
      .execute()
    b.scheduler.start()
    expect(await b.scheduler.runDue()).toBe(0)
    expect(ran).toEqual([])
    world.wall.advance(30_001)
    expect(await b.scheduler.runDue()).toBe(1)
    expect(await b.scheduler.runDue()).toBe(0)
    expect(ran).toEqual(['B'])
    expect(await statusOf(a, id)).toBe('done')
  })

  it('keeps renewing the lease of a long job, so nobody else takes it', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const runs: string[] = []
    const slow = (by: string) => async () => {
      runs.push(by)
      await gate
    }
    // A's scheduler with a 300 ms lease (renewed every 100 ms of real time).
    await a.scheduler.stop()
    const short = await secondProcess(world, { jobLeaseMs: 300 })
    a = short
    a.scheduler.register('test.slow', slow('A'))
    b.scheduler.register('test.slow', slow('B'))
    const id = await a.scheduler.schedule(a.db, { kind: 'test.slow', runAtMs: a.clock.now() })
    const first = a.scheduler.runDue()
    await until(async () => runs.length === 1)
    const lease = async () =>
      Number((await rowById(a.db, 'scheduled_jobs', id, 'lease_until_ms')).lease_until_ms)
    for (let i = 0; i < 5; i++) {
      // The wall clock passes the lease; the renewal (every third of it) pushes it along first.
      const before = await lease()
      world.wall.advance(1_000)
      await until(async () => (await lease()) >= before + 1_000)
      expect(await b.scheduler.runDue()).toBe(0)
    }
    release()
    await first
    expect(runs).toEqual(['A'])
    expect(await statusOf(a, id)).toBe('done')
    await a.scheduler.stop()
    await a.dbHandle.close()
    a = world.deps
  })

  it('moves, never clashes, when both processes schedule the same unique key at once', async () => {
    const key = 'match:1:lock'
    const t0 = a.clock.now()
    let inserted: () => void = () => {}
    const aInserted = new Promise<void>((resolve) => {
      inserted = resolve
    })
    let commit: () => void = () => {}
    const aCommits = new Promise<void>((resolve) => {
      commit = resolve
    })
    const first = a.db.transaction().execute(async (tx) => {
      await a.scheduler.schedule(tx, { kind: 'test.lock', runAtMs: t0 + 1_000, uniqueKey: key })
      inserted()
      await aCommits
    })
    await aInserted
    // B deletes the pending job it can see (none: A's is not committed), then waits on A's
    // uncommitted key at its insert.
    const second = b.db
      .transaction()
      .execute((tx) => b.scheduler.schedule(tx, { kind: 'test.lock', runAtMs: t0 + 2_000, uniqueKey: key }))
    await until(async () => {
      const waiting = await sql<{
        n: number
      }>`select count(*)::int as n from pg_locks where not granted`.execute(a.db)
      return (waiting.rows[0]?.n ?? 0) > 0
    })
    commit()
    await first
    await second
    const rows = await a.db
      .selectFrom('scheduled_jobs')
      .select(['run_at_ms', 'status'])
      .where('unique_key', '=', key)
      .execute()
    expect(rows).toEqual([{ run_at_ms: t0 + 2_000, status: 'pending' }])
  })

  it('wakes the other process when a job is added there', async () => {
    let fired: (by: string) => void = () => {}
    const ran = new Promise<string>((resolve) => {
      fired = resolve
    })
    b.scheduler.register('test.wake', async () => fired('B'))
    a.scheduler.register('test.wake', async () => fired('A'))
    b.scheduler.start()
    // A does not run its scheduler: only B can run the job, woken by A's kick (or its poll).
    await a.scheduler.schedule(a.db, { kind: 'test.wake', runAtMs: a.clock.now() })
    a.scheduler.kick()
    expect(await ran).toBe('B')
  })
})
