import type { Db, Executor } from '../../db/tx'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'

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
 * idempotent: a crash after its own commit but before the job is marked done runs it again.
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
  /** Re-arms the timer for the next pending job. */
  kick(): void
  start(): void
  stop(): Promise<void>
}

const MAX_TIMER_MS = 60_000

export function createScheduler(deps: { db: Db; clock: Clock; log: Logger }): Scheduler {
  const { db, clock, log } = deps
  const handlers = new Map<string, JobHandler>()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let started = false
  let unsubscribe: (() => void) | undefined

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

  const runOnce = async (): Promise<number> => {
    let count = 0
    for (;;) {
      const now = clock.now()
      const row = await db
        .selectFrom('scheduled_jobs')
        .selectAll()
        .where('status', '=', 'pending')
        .where('run_at_ms', '<=', now)
        .orderBy('run_at_ms')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
      if (!row) return count
      const job: Job = {
        id: row.id,
        kind: row.kind,
        run_at_ms: Number(row.run_at_ms),
        payload: JSON.parse(row.payload),
      }
      const handler = handlers.get(job.kind)
      try {
        if (!handler) throw new Error(`no handler registered for job kind ${job.kind}`)
        await handler(job)
        await db
          .updateTable('scheduled_jobs')
          .set({ status: 'done', done_at_ms: clock.now(), attempts: row.attempts + 1 })
          .where('id', '=', job.id)
          .execute()
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        log.error('scheduled job failed', { id: job.id, kind: job.kind, error: message })
        await db
          .updateTable('scheduled_jobs')
          .set({ status: 'failed', last_error: message, attempts: row.attempts + 1, done_at_ms: clock.now() })
          .where('id', '=', job.id)
          .execute()
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
      void arm()
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
        // A finished job keeps its key for the record; free it for the new one.
        await executor
          .updateTable('scheduled_jobs')
          .set({ unique_key: null })
          .where('unique_key', '=', request.uniqueKey)
          .execute()
      }
      const row = await executor
        .insertInto('scheduled_jobs')
        .values({
          kind: request.kind,
          run_at_ms: request.runAtMs,
          payload: JSON.stringify(request.payload ?? {}),
          unique_key: request.uniqueKey ?? null,
          created_at_ms: clock.now(),
        })
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
      void arm()
    },
    start() {
      if (started) return
      started = true
      // A jump or a speed change moves every deadline: fire what became due, then re-arm.
      unsubscribe = clock.onChange(() => void runDue())
      void runDue()
    },
    async stop() {
      started = false
      unsubscribe?.()
      if (timer) clearTimeout(timer)
      timer = undefined
      if (running) await running.catch(() => 0)
    },
  }
}
