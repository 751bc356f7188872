import type { Deps } from '../../core/deps'

const KEY = 'heartbeat'

/** The last moment a server was known to be alive, on both clocks. */
export interface Heartbeat {
  wall_ms: number
  game_ms: number
  /** Written by a clean shutdown: nobody is alive behind this beat. */
  stopped?: boolean
}

/** What a start learns about the time before it: when the previous server was last alive. */
export interface Outage {
  /** Game time of the last sign of life (a heartbeat); deadlines after it were not served. */
  lastAliveGameMs: number
  /** Wall milliseconds between that sign of life and this start. */
  downWallMs: number
}

/**
 * The game clock keeps running while the server is down (it is restored from its anchor), so a
 * kill -9 would otherwise look like time that passed with nobody serving it. A running server
 * writes this beat every `heartbeatIntervalMs` of wall time and once more when it stops; the
 * next start reads it to know how long the server was away (docs/restarts.md).
 */
export async function readHeartbeat(db: Deps['db']): Promise<Heartbeat | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst()
  return row ? (JSON.parse(row.value) as Heartbeat) : undefined
}

function currentBeat(deps: Deps, stopped = false): Heartbeat {
  return { wall_ms: deps.clock.wallNow(), game_ms: deps.clock.now(), ...(stopped ? { stopped } : {}) }
}

async function writeBeat(deps: Deps, beat: Heartbeat): Promise<void> {
  const value = JSON.stringify(beat)
  await deps.db
    .insertInto('app_settings')
    .values({ key: KEY, value, updated_at_ms: beat.wall_ms })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at_ms: beat.wall_ms }))
    .execute()
}

/**
 * At a start: reads the previous beat and replaces it with this server's, in one
 * compare-and-swap, so that of several servers starting on one database only one treats the
 * gap as an outage to make good. Null when there is nothing to make good: a new database, or
 * another server still beating.
 *
 * A beat younger than two intervals that is not a clean stop is either another live server's
 * or the last of one killed a moment ago (a kill -9 and a restart inside two seconds). SQLite
 * has one process, so it is the latter. On PostgreSQL the start watches the beat until it is
 * two intervals old: a live server writes a new one within an interval; a dead one's stays as
 * it is. So a quick restart is an outage like any other (lots get at least their anti-snipe
 * window back), at the price of up to two intervals' wait for a start right after a crash, or
 * one while other servers run.
 */
export async function claimOutage(deps: Deps): Promise<Outage | null> {
  const previous = await deps.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirst()
  const mine = JSON.stringify(currentBeat(deps))
  if (!previous) {
    await deps.db
      .insertInto('app_settings')
      .values({ key: KEY, value: mine, updated_at_ms: deps.clock.wallNow() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
    return null
  }
  const beat = JSON.parse(previous.value) as Heartbeat
  const interval = deps.config.heartbeatIntervalMs
  const ageMs = Math.max(0, deps.clock.wallNow() - beat.wall_ms)
  const young = !beat.stopped && ageMs < 2 * interval
  if (
    young &&
    deps.dbHandle.kind !== 'sqlite' &&
    (await beatMoves(deps, previous.value, 2 * interval - ageMs))
  )
    return null
  const now = deps.clock.wallNow()
  const swapped = await deps.db
    .updateTable('app_settings')
    .set({ value: JSON.stringify(currentBeat(deps)), updated_at_ms: now })
    .where('key', '=', KEY)
    .where('value', '=', previous.value)
    .executeTakeFirst()
  if (Number(swapped.numUpdatedRows) === 0) return null
  return { lastAliveGameMs: beat.game_ms, downWallMs: Math.max(0, now - beat.wall_ms) }
}

/**
 * Whether the stored beat changes from `seen` within `waitMs` (real time, checked a few times
 * an interval): someone is still beating. Timers rather than the wall clock, so that a test's
 * stopped wall clock cannot hold a start forever.
 */
async function beatMoves(deps: Deps, seen: string, waitMs: number): Promise<boolean> {
  const step = Math.max(20, Math.floor(deps.config.heartbeatIntervalMs / 5))
  for (let waited = 0; waited < waitMs; waited += step) {
    await new Promise((resolve) => setTimeout(resolve, step))
    const now = await deps.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', KEY)
      .executeTakeFirst()
    if (now?.value !== seen) return true
  }
  return false
}

/**
 * Beats every `heartbeatIntervalMs` until stopped; `stop()` writes the clean-stop beat. A plain
 * wall-time interval, not a scheduler job: jobs run on the game clock, which an admin may pause
 * or speed up, and being alive is a matter of real time. It holds no state but its own timer.
 * `stop(othersAlive)`: while other server processes still serve the database the
 * last beat is an ordinary one, not a clean stop, so a process starting meanwhile does not
 * take the moment as an outage.
 */
export function startHeartbeat(deps: Deps): { stop(othersAlive?: boolean): Promise<void> } {
  let writing: Promise<void> = Promise.resolve()
  const tick = () => {
    writing = writeBeat(deps, currentBeat(deps)).catch((error) =>
      deps.log.warn('heartbeat not written', { error: String(error) }),
    )
  }
  tick()
  const timer = setInterval(tick, deps.config.heartbeatIntervalMs)
  timer.unref()
  return {
    async stop(othersAlive = false) {
      clearInterval(timer)
      await writing
      await writeBeat(deps, currentBeat(deps, !othersAlive))
    },
  }
}
