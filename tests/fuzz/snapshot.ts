import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'

/**
 * What a refused write must leave alone: the row count of every table and, for every table
 * small enough to read quickly, a digest of its rows (so an UPDATE that should have rolled
 * back shows too). Tables are found by introspection, so tables added later are covered;
 * only Kysely is used, so it runs on SQLite and PostgreSQL alike.
 */
export interface Snapshot {
  counts: Map<string, number>
  digests: Map<string, string>
}

/** Tables above this many rows are only counted (the seeded catalogue: players, squads, …). */
const DIGEST_MAX_ROWS = 300

type AnyDb = Kysely<any>

export async function tablesOf(db: AnyDb): Promise<Array<{ name: string; orderBy: string }>> {
  const tables = await db.introspection.getTables()
  return (
    tables
      // The shared bus's log (PostgreSQL) is transport, not data: background publishes (scheduler
      // wake-ups, clock and standings messages) land in it at any moment, and a refused write's
      // messages are never written, since they go in its rolled-back transaction
      // (tests/api/platform/shared-bus.test.ts checks that).
      .filter((t) => !t.isView && !t.name.startsWith('kysely_') && !t.name.startsWith('bus_'))
      .map((t) => {
        const names = t.columns.map((c) => c.name)
        return { name: t.name, orderBy: names.includes('id') ? 'id' : (names[0] as string) }
      })
      .sort((a, b) => a.name.localeCompare(b.name))
  )
}

/**
 * With `digests: false` only the counts are taken (one query): enough after a refusal that
 * no handler could have made (the body could not be read; sign-in was missing).
 */
export async function takeSnapshot(
  db: AnyDb,
  tables: Array<{ name: string; orderBy: string }>,
  options: { digests: boolean } = { digests: true },
): Promise<Snapshot> {
  // Every count in one round trip: scalar subqueries work on both dialects.
  const row = await sql<Record<string, unknown>>`select ${sql.join(
    tables.map(({ name }, i) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(`t${i}`)}`),
  )}`.execute(db)
  const first = row.rows[0] ?? {}
  const counts = new Map<string, number>()
  const digests = new Map<string, string>()
  for (const [i, { name, orderBy }] of tables.entries()) {
    const n = Number(first[`t${i}`])
    counts.set(name, n)
    if (!options.digests || n === 0 || n > DIGEST_MAX_ROWS) continue
    const rows = await db.selectFrom(name).selectAll().orderBy(orderBy).execute()
    digests.set(name, createHash('sha1').update(JSON.stringify(rows, bigintSafe)).digest('hex'))
  }
  return { counts, digests }
}

const bigintSafe = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)

/** The tables whose count or content differs, e.g. `["notifications: 4 → 5", "users (content)"]`. */
export function diffSnapshots(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = []
  for (const [name, n] of after.counts) {
    const was = before.counts.get(name)
    if (was !== n) changes.push(`${name}: ${was ?? 'absent'} → ${n} rows`)
    else if (after.digests.has(name) && before.digests.get(name) !== after.digests.get(name))
      changes.push(`${name} (content)`)
  }
  return changes
}
