import type { Db } from '../../db/tx'
import type { ClockAnchor } from '../../lib/clock'

const KEY = 'clock'

/** Where every change of the clock is broadcast (`ClockChannel`), so countdowns follow it. */
export const CLOCK_STREAM = 'clock'

/** The clock survives restarts: its anchor is saved on every change and read at boot. */
export async function loadClockAnchor(db: Db): Promise<ClockAnchor | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst()
  return row ? (JSON.parse(row.value) as ClockAnchor) : undefined
}

export async function saveClockAnchor(db: Db, anchor: ClockAnchor): Promise<void> {
  const value = JSON.stringify(anchor)
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value, updated_at_ms: anchor.anchorRealMs })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at_ms: anchor.anchorRealMs }))
    .execute()
}
