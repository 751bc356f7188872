import type { Deps } from '../../core/deps'
import { forUpdate } from '../../db/lock'
import type { Db, Executor } from '../../db/tx'
import { withTx } from '../../db/tx'
import { AppError, invalid } from '../../http/errors'
import { MAX_INSTANT_MS } from '../../http/instants'
import { type ClockAnchor, type ClockPatch, type ClockState, createClock } from '../../lib/clock'

const KEY = 'clock'

/** Where every change of the clock is broadcast (`ClockChannel`), so countdowns follow it. */
export const CLOCK_STREAM = 'clock'

/** The clock survives restarts: its anchor is saved on every change and read at boot. */
export async function loadClockAnchor(db: Executor): Promise<ClockAnchor | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst()
  return row ? (JSON.parse(row.value) as ClockAnchor) : undefined
}

/**
 * Stores `anchor` unless the database holds a newer change (a version above its own): a
 * process shutting down never undoes a change another process made meanwhile.
 */
export async function saveClockAnchor(db: Db, anchor: ClockAnchor): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const stored = await tx
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', KEY)
      .$call(forUpdate(tx))
      .executeTakeFirst()
    if (stored && ((JSON.parse(stored.value) as ClockAnchor).version ?? 0) > (anchor.version ?? 0)) return
    const value = JSON.stringify(anchor)
    await tx
      .insertInto('app_settings')
      .values({ key: KEY, value, updated_at_ms: anchor.anchorRealMs })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at_ms: anchor.anchorRealMs }))
      .execute()
  })
}

/**
 * The stored anchor, or `initial` stored first when there is none. Processes starting together
 * on a new database agree on one: the first insert wins and everyone reads it back.
 */
export async function ensureClockAnchor(db: Db, initial: ClockAnchor): Promise<ClockAnchor> {
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value: JSON.stringify(initial), updated_at_ms: initial.anchorRealMs })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  return (await loadClockAnchor(db)) ?? initial
}

/**
 * Changes the clock for every process: the patch is applied to the anchor stored in the
 * database (its row locked, so two changes at once run one after the other, and the later
 * one builds on the earlier), the result stored with the next version and announced on the
 * clock stream. Each process then runs on the stored anchor (`followClock`); this one at once.
 */
export async function changeClock(deps: Deps, patch: ClockPatch): Promise<ClockState> {
  const next = await withTx(deps, async (tx, after) => {
    const row = await tx
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', KEY)
      .$call(forUpdate(tx))
      .executeTakeFirst()
    const stored = row ? (JSON.parse(row.value) as ClockAnchor) : deps.clock.anchor()
    const at = deps.clock.wallNow()
    const clock = createClock({ wallNow: () => at, anchor: stored })
    // The clock must stay a date: past year 9999 nothing could show it.
    if (patch.advance_ms !== undefined && clock.now() + patch.advance_ms > MAX_INSTANT_MS)
      throw invalid({ advance_ms: ['would move the clock past the year 9999'] })
    try {
      clock.set(patch)
    } catch (error) {
      if (error instanceof RangeError) throw new AppError('CLOCK_BACKWARDS', error.message)
      throw error
    }
    const anchor: ClockAnchor = { ...clock.anchor(), version: (stored.version ?? 0) + 1 }
    const value = JSON.stringify(anchor)
    await tx
      .insertInto('app_settings')
      .values({ key: KEY, value, updated_at_ms: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at_ms: at }))
      .execute()
    after.publish(CLOCK_STREAM, { type: 'clock', ...clock.state() })
    return anchor
  })
  deps.clock.apply(next)
  return deps.clock.state()
}

/**
 * Keeps this process on the stored clock (several processes on one PostgreSQL): every message
 * on the clock stream — a change by any process, or a refetch after missed ones — reloads
 * the stored anchor, which is applied when newer. The scheduler hears the change through
 * `clock.onChange` and re-arms its timer.
 */
export function followClock(deps: Pick<Deps, 'db' | 'bus' | 'clock' | 'log'>): () => void {
  let reading: Promise<void> = Promise.resolve()
  return deps.bus.subscribe(CLOCK_STREAM, () => {
    reading = reading
      .then(async () => {
        const stored = await loadClockAnchor(deps.db)
        if (stored) deps.clock.apply(stored)
      })
      .catch((error) => deps.log.error('reloading the clock failed', { error: String(error) }))
  })
}
