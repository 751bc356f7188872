import type { Deps } from '../../core/deps'
import { type Param, preparedFirst } from '../../db/prepared'
import type { Db } from '../../db/tx'

interface CachedTotal {
  version: number
  fromMs: number
  untilMs: number
  total: number
}

/** Bounds the cache: list keys are few (types × sports × filters), pages share one entry. */
const MAX_ENTRIES = 1000

// Per server process (keyed by its deps, so test worlds never share). Safe with several
// processes on one database because every entry is checked against `data_versions`, which
// triggers bump in the same transaction as any change to a list's members (see
// docs/performance.md): another process's write makes this one's entries stale on its next read.
const caches = new WeakMap<Deps, Map<string, CachedTotal>>()

/**
 * The total of a contest list (`meta.total`), counted in SQL and kept until either the
 * `contest_lists` version moves (a contest or match changed) or the clock passes the next
 * match start (which moves contests from upcoming to live). Counting is the only part of a
 * list whose cost grows with the table; a page alone does not. `key` null: never cached.
 */
export async function listTotal(
  deps: Deps,
  key: string | null,
  nowMs: number,
  count: (db: Db) => Promise<{ n: number | string | bigint }>,
): Promise<number> {
  if (key === null) return Number((await count(deps.db)).n)
  // Read before counting: a change committed in between leaves the entry already stale.
  const version = await listsVersion(deps.db)
  let cache = caches.get(deps)
  if (!cache) {
    cache = new Map()
    caches.set(deps, cache)
  }
  const hit = cache.get(key)
  if (hit && hit.version === version && nowMs >= hit.fromMs && nowMs < hit.untilMs) return hit.total
  const total = Number((await count(deps.db)).n)
  const next = await deps.db
    .selectFrom('matches')
    .select((eb) => eb.fn.min('event_time_ms').as('t'))
    .where('status', '=', 'upcoming')
    .where('event_time_ms', '>', nowMs)
    .executeTakeFirst()
  if (cache.size >= MAX_ENTRIES) cache.clear()
  cache.set(key, {
    version,
    fromMs: nowMs,
    untilMs: next?.t === null || next?.t === undefined ? Number.POSITIVE_INFINITY : Number(next.t),
    total,
  })
  return total
}

const listsVersionRow = preparedFirst((db, $: Param<{ name: string }>) =>
  db.selectFrom('data_versions').select('version').where('name', '=', $('name')),
)

export async function listsVersion(db: Db): Promise<number> {
  const row = await listsVersionRow(db, { name: 'contest_lists' })
  return Number(row?.version ?? 0)
}
