import { ephemeralDatabase, loadConfig } from '../../server/core/config'
import { startServer } from '../../server/main'
import type { BenchOptions } from './run'

/**
 * `npm run bench -- clock-jump [--days 2]`: the seeded demo league on a fresh database (SQLite
 * in memory, or a scratch PostgreSQL database when DATABASE_URL names a server), then the game
 * clock jumps forward: every job that falls due runs (matches lock, simulate ball by ball,
 * complete and settle) before the jump returns. Prints the jump's time and the jobs it ran.
 */
export async function clockJumpBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const days = Number(options.days ?? 2)
  const config = loadConfig({ ...ephemeralDatabase(process.env), port: 0, logLevel: 'silent' }, {})
  const seedStarted = performance.now()
  const server = await startServer(config)
  const seedMs = performance.now() - seedStarted
  try {
    const { deps } = server
    // The scheduler's own timer must not run jobs before the measured jump does.
    await deps.scheduler.stop()
    const pending = async () =>
      Number(
        (
          await deps.db
            .selectFrom('scheduled_jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await pending()
    const started = performance.now()
    deps.clock.set({ advance_ms: days * 24 * 3600_000 })
    const ran = await deps.scheduler.runDue()
    const jumpMs = performance.now() - started
    const after = await pending()
    const events = Number(
      (
        await deps.db
          .selectFrom('match_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    console.log(
      `${deps.dbHandle.kind}: seeded in ${Math.round(seedMs)} ms; a ${days}-day jump ran ${ran} jobs ` +
        `(${before} pending before, ${after} after, ${events} match events) in ${Math.round(jumpMs)} ms`,
    )
    return { dialect: deps.dbHandle.kind, days, jobs: ran, events, jump_ms: Math.round(jumpMs) }
  } finally {
    await server.close()
  }
}
