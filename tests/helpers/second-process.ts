import { bootDeps } from '../../server/boot'
import type { Config } from '../../server/core/config'
import type { Deps } from '../../server/core/deps'
import { createLogger } from '../../server/lib/log'
import { TEST_START_MS, type TestWorld } from './deps'

/**
 * A second server process's deps, in this test process: booted on the same database as
 * `world` (its own connection pool, scheduler, bus, memory), on the same manual wall clock.
 * Stands for process B beside the world's A. Close it before the world (which drops a
 * scratch database).
 */
export async function secondProcess(world: TestWorld, overrides: Partial<Config> = {}): Promise<Deps> {
  const config = { ...world.deps.config, scratchDatabase: false, ...overrides }
  return bootDeps(config, {
    wallNow: world.wall.now,
    log: createLogger('silent'),
    startAtMs: TEST_START_MS,
    lock: null,
  })
}

/** Ends the world (process A) and its second process `b`: both schedulers stopped, B's pool closed first. */
export async function closeWithSecond(world: TestWorld, b: Deps): Promise<void> {
  await world.deps.scheduler.stop()
  await b.scheduler.stop()
  await b.dbHandle.close()
  await world.close()
}
