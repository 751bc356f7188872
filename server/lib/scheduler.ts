import { randomUUID } from 'node:crypto'
import type { Db, Executor } from '../db/tx'
import type { Bus } from './bus'
import type { Clock } from './clock'
import type { Logger } from './log'

export interface Job {
  id: number
  kind: string
  /** The game-clock instant the job stands for; handlers use it as "now" (see below). */
  run_at_ms: number
  payload: Record<string, unknown>
}

/**
 * A job handler. It may run late (a clock jump fires every job that became due, in order),
 * so it must treat `job.run_at_ms` as the moment it represents, not `clock.now()`. It must be
 * idempotent: a crash after its own commit but before the job is marked done runs it again
 * (here, or in another server process once the crashed claim's lease runs out).
 */
export type JobHandler = (job: Job) => Promise<void>

export interface ScheduleRequest {
  kind: string
  runAtMs: number
  payload?: Record<string, unknown>
  /** At most one pending job per key; scheduling again moves it. */
  uniqueKey?: string
}

export interface Scheduler {
  register(kind: string, handler: JobHandler): void
  /** Adds a job (inside the caller's transaction when given one). Call `kick()` after commit. */
  schedule(executor: Executor, request: ScheduleRequest): Promise<number>
  cancel(executor: Executor, uniqueKey: string): Promise<void>
  /** Fires every job due at the current game time, oldest first; returns how many ran. */
  runDue(): Promise<number>
  /** Re-arms the timer for the next pending job, in every server process on the database. */
  kick(): void
  /** Frees every claim (a start that knows no other process is alive: their claimers died). */
  releaseClaims(): Promise<number>
  start(): void
  stop(): Promise<void>
  /** Whether start() was called and stop() was not since (a restore restarts only a running one). */
  isStarted(): boolean
}

const MAX_TIMER_MS = 60_000
/** The bus stream on which a process tells the others that a job was added or moved. */
export const SCHEDULER_STREAM = 'scheduler'

export interface SchedulerOptions {
  db: Db
  clock: Clock
  log: Logger
  /** Wakes the other processes (Postgres); absent or unused on SQLite, which has one process. */
  bus?: Bus
  postgres?: boolean
  /** Wall milliseconds a claim holds without renewal (renewed every third of it while running). */
  leaseMs?: number
  /** Wall milliseconds between safety-net looks for due jobs on Postgres (a missed wake-up). */
  pollMs?: number
}

/** A job whose claim ran out this many times (each time its claimer died in it) is failed, not retried. */
const MAX_ATTEMPTS = 5

/**
 * Jobs on the game clock, stored in `scheduled_jobs`. Several server processes may run one
 * each on one PostgreSQL database: a due job is claimed by exactly one of them in a single
 * statement (`UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`), with a lease
 * on wall time that the claimer renews while the handler runs. A claimer that dies leaves its
 * job `running` with a lease that runs out; the next look by any process claims it again.
 * (docs/architecture.md, "Jobs across processes".)
 */
// Long: one closure over the handlers, the timer and the claims in flight that every part shares.
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, clock, log, bus } = options
  const postgres = options.postgres ?? false
  const leaseMs = options.leaseMs ?? 30_000
  const pollMs = options.pollMs ?? 1_500
  // Who holds a claim: this scheduler, per process. Not from the seeded rng: two processes
  // started with one seed would hold the same name and finish each other's jobs.
  const me = randomUUID()
  let claims = 0
  const handlers = new Map<string, JobHandler>()
  let timer: NodeJS.Timeout | undefined
  let poll: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let started = false
  const unsubscribers: Array<() => void> = []

  const arm = async () => {
    if (!started) return
    const next = await db
      .selectFrom('scheduled_jobs')
      .select('run_at_ms')
      .where('status', '=', 'pending')
      .orderBy('run_at_ms')
      .limit(1)
      .executeTakeFirst()
    // Cleared after the read, not before: two arms in flight would otherwise both set a timer,
    // and the one that is lost would fire after stop(), on a closed database.
    if (timer) clearTimeout(timer)
    timer = undefined
    if (!started || !next) return
    const delay = Math.min(clock.realDelayUntil(Number(next.run_at_ms)), MAX_TIMER_MS)
    if (!Number.isFinite(delay)) return
    timer = setTimeout(() => {
      if (started) void runDue()
    }, delay)
    timer.unref?.()
  }

  /**
   * Takes the next due job (or one whose claimer's lease ran out) for this process: one
   * statement, so of several processes exactly one gets it. On SQLite the statement is atomic
   * under its single writer; on PostgreSQL SKIP LOCKED lets the others pass over a row being
   * claimed and take the next one instead of waiting for it.
   */
  const claim = async () => {
    const now = clock.now()
    const wall = clock.wallNow()
    const token = `${me}:${++claims}`
    const next = db
      .selectFrom('scheduled_jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('run_at_ms', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until_ms', '<', wall)]),
        ]),
      )
      .orderBy('run_at_ms')
      .orderBy('id')
      .limit(1)
    const row = await db
      .updateTable('scheduled_jobs')
      .set((eb) => ({
        status: 'running',
        claimed_by: token,
        lease_until_ms: wall + leaseMs,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', postgres ? next.forUpdate().skipLocked() : next)
      .returningAll()
      .executeTakeFirst()
    return row ? { row, token } : undefined
  }

  /** Marks a claimed job finished, unless its claim was lost meanwhile (lease expired, job moved). */
  const finish = async (
    id: number,
    token: string,
    outcome: { status: 'done' } | { status: 'failed'; error: string },
  ) => {
    await db
      .updateTable('scheduled_jobs')
      .set({
        status: outcome.status,
        done_at_ms: clock.now(),
        lease_until_ms: null,
        ...(outcome.status === 'failed' ? { last_error: outcome.error } : {}),
      })
      .where('id', '=', id)
      .where('claimed_by', '=', token)
      .where('status', '=', 'running')
      .execute()
  }

  /** Runs `handler` while renewing the claim's lease (a long settlement outlives one lease). */
  const withLease = async (id: number, token: string, run: () => Promise<void>) => {
    const renew = setInterval(
      () => {
        db.updateTable('scheduled_jobs')
          .set({ lease_until_ms: clock.wallNow() + leaseMs })
          .where('id', '=', id)
          .where('claimed_by', '=', token)
          .where('status', '=', 'running')
          .execute()
          .catch((error) => log.warn('job lease not renewed', { id, error: String(error) }))
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    )
    renew.unref?.()
    try {
      await run()
    } finally {
      clearInterval(renew)
    }
  }

  const runOnce = async (): Promise<number> => {
    let count = 0
    for (;;) {
      const claimed = await claim()
      if (!claimed) return count
      const { row, token } = claimed
      const job: Job = {
        id: row.id,
        kind: row.kind,
        run_at_ms: Number(row.run_at_ms),
        payload: JSON.parse(row.payload),
      }
      const handler = handlers.get(job.kind)
      try {
        if (row.attempts > MAX_ATTEMPTS)
          throw new Error(`claimed ${MAX_ATTEMPTS} times without finishing; not retried`)
        if (!handler) throw new Error(`no handler registered for job kind ${job.kind}`)
        await withLease(job.id, token, () => handler(job))
        await finish(job.id, token, { status: 'done' })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        log.error('scheduled job failed', { id: job.id, kind: job.kind, error: message })
        await finish(job.id, token, { status: 'failed', error: message })
      }
      count++
    }
  }

  const runDue = async (): Promise<number> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let total = 0
      do {
        again = false
        total += await runOnce()
      } while (again)
      return total
    })()
    try {
      return await running
    } finally {
      running = undefined
      void arm().catch((error) => log.warn('scheduler not re-armed', { error: String(error) }))
    }
  }

  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} is already registered`)
      handlers.set(kind, handler)
    },
    async schedule(executor, request) {
      if (request.uniqueKey) {
        await executor
          .deleteFrom('scheduled_jobs')
          .where('unique_key', '=', request.uniqueKey)
          .where('status', '=', 'pending')
          .execute()
        // A finished (or running) job keeps its key for the record; free it for the new one.
        await executor
          .updateTable('scheduled_jobs')
          .set({ unique_key: null })
          .where('unique_key', '=', request.uniqueKey)
          .execute()
      }
      const values = {
        kind: request.kind,
        run_at_ms: request.runAtMs,
        payload: JSON.stringify(request.payload ?? {}),
        unique_key: request.uniqueKey ?? null,
        created_at_ms: clock.now(),
      }
      // Another process may have scheduled the same key since the lines above (its insert
      // was not committed yet when they ran): then its row becomes this job. The clash is a
      // move, as scheduling again is, never a unique-key error.
      const row = await executor
        .insertInto('scheduled_jobs')
        .values(values)
        .onConflict((oc) =>
          oc.column('unique_key').doUpdateSet({
            ...values,
            status: 'pending',
            attempts: 0,
            last_error: null,
            done_at_ms: null,
            claimed_by: null,
            lease_until_ms: null,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },
    async cancel(executor, uniqueKey) {
      await executor
        .deleteFrom('scheduled_jobs')
        .where('unique_key', '=', uniqueKey)
        .where('status', '=', 'pending')
        .execute()
    },
    runDue,
    kick() {
      void arm().catch((error) => log.warn('scheduler not re-armed', { error: String(error) }))
      // The other processes re-arm too (their timer may be set for a later job).
      if (postgres && bus) bus.publish(SCHEDULER_STREAM, { type: 'kick', from: me })
    },
    async releaseClaims() {
      const released = await db
        .updateTable('scheduled_jobs')
        .set({ status: 'pending', claimed_by: null, lease_until_ms: null })
        .where('status', '=', 'running')
        .executeTakeFirst()
      return Number(released.numUpdatedRows)
    },
    start() {
      if (started) return
      started = true
      // A jump or a speed change moves every deadline: fire what became due, then re-arm.
      unsubscribers.push(clock.onChange(() => void runDue()))
      if (postgres) {
        if (bus)
          unsubscribers.push(
            bus.subscribe(SCHEDULER_STREAM, (message) => {
              if (message.from !== me) void runDue()
            }),
          )
        // The safety net: a wake-up lost on the way (a reconnect) or a lease that ran out is
        // noticed within a poll, however far away the next timer is.
        poll = setInterval(() => void runDue(), pollMs)
        poll.unref?.()
      }
      void runDue()
    },
    isStarted: () => started,
    async stop() {
      started = false
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe()
      if (timer) clearTimeout(timer)
      if (poll) clearInterval(poll)
      timer = undefined
      poll = undefined
      if (running) await running.catch(() => 0)
    },
  }
}
