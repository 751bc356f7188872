import { sql } from 'kysely'
import type { Deps } from '../../server/core/deps'

/**
 * Waits until the database's change versions hear other processes (PostgreSQL: the LISTEN
 * connection is up; SQLite at once): until then the caches hold nothing (db/table-changes.ts).
 */
export async function hearingChanges(deps: Deps): Promise<void> {
  deps.dbHandle.watchChanges()
  for (let i = 0; !deps.dbHandle.changes.hearing; i++) {
    if (i > 500) throw new Error('the change listener never started')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * Runs `step` until no change was counted over all of it (a scheduled job of the world may
 * commit meanwhile, and a changed table rightly misses), and answers what it returned.
 */
export async function whileUnchanged<T>(deps: Deps, step: () => Promise<T>): Promise<T> {
  await hearingChanges(deps)
  for (let attempt = 1; ; attempt++) {
    const before = deps.dbHandle.changes.now()
    const result = await step()
    if (deps.dbHandle.changes.now() === before || attempt >= 50) return result
  }
}

/**
 * PostgreSQL: returns once this process has heard every notification of what committed before
 * the call (notifications arrive in commit order: a marker sent now arrives after them all).
 * SQLite: at once (its changes are seen synchronously).
 */
export async function heardSoFar(deps: Deps): Promise<void> {
  if (deps.dbHandle.kind !== 'postgres') return
  await hearingChanges(deps)
  const before = deps.dbHandle.changes.now()
  const marker = 'test_marker' as 'users'
  await sql`select pg_notify('fanspole_changes', ${marker})`.execute(deps.db)
  for (let i = 0; deps.dbHandle.changes.holds([marker], before); i++) {
    if (i > 300) throw new Error('the marker notification never arrived')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
