import type { MiddlewareHandler } from 'hono'
import type { Deps } from '../core/deps'
import type { VersionName } from '../db/table-changes'
import { jsonAnswer } from './edge'
import type { AppContext, AppEnv } from './router'

/**
 * Whole answers of the busiest reads, kept per server process as the JSON text sent, and
 * served again while the tables they were read from hold what they held when they were made.
 *
 * Each cached route names the tables its answer reads (`reads`, checked by
 * tests/api/http/cached-reads-tables.test.ts, which runs every cached route and fails on a
 * table read but not named). An entry keeps those tables and the database's change count
 * (db/table-changes.ts), read before the data it was made from, and the span of game time it
 * holds for (`fromMs` up to `untilMs`, e.g. the next match start, when contests lock and lists
 * move): a commit that writes one of its tables, by this process or another on the same
 * database, or the clock leaving that span, and the next read makes the answer afresh. A
 * commit elsewhere (a ball of another match writes events, points and leaderboards, not the
 * contest list's tables) leaves it cached. So an entry is never served stale; on PostgreSQL
 * another process's commit reaches this one a notification later (db/change-listener.ts).
 * What an answer holds that is not in the database (a live scoreboard in memory) must not be
 * cached: its fill says `store: false`.
 *
 * Concurrent misses of one key share one fill, so the first read after a commit does not make
 * the same answer ten times over.
 */
export interface Fill<T> {
  body: T
  /** Game time (exclusive) until which the answer holds; omitted: the clock does not matter. */
  untilMs?: number
  /** False when the answer depends on something besides the database and the clock. */
  store?: boolean
}

/** The tables (and column groups, `matches.score`) an answer reads. */
export type Reads = readonly VersionName[]

interface Entry {
  /** The change count read before the data, and the tables the data came from. */
  at: number
  tables: Reads
  fromMs: number
  untilMs: number
  /** The answer's JSON as UTF-8 bytes, encoded once rather than on every send. */
  bytes: Buffer<ArrayBuffer>
}

interface Cache {
  entries: Map<string, Entry>
  bytes: number
  /** Fills under way, by key, with the change count they were started at. */
  filling: Map<string, { at: number; made: Promise<Entry & { store: boolean }> }>
  /** Answers sent from the cache, and answers made (tests and the bench read these). */
  hits: number
  fills: number
  /** What the last fill declared it reads, and whether it was kept (tests/api/http/cached-reads-tables.test.ts). */
  lastReads: Reads
  lastKept: boolean
}

/** Bounds per process: enough for every list key and a few thousand viewers' answers. */
const MAX_ENTRIES = 20_000
const MAX_BYTES = 64 * 1024 * 1024

const caches = new WeakMap<Deps['dbHandle'], Cache>()

function cacheOf(deps: Deps): Cache {
  let cache = caches.get(deps.dbHandle)
  if (!cache) {
    cache = {
      entries: new Map(),
      bytes: 0,
      filling: new Map(),
      hits: 0,
      fills: 0,
      lastReads: [],
      lastKept: false,
    }
    caches.set(deps.dbHandle, cache)
  }
  return cache
}

/**
 * The key of a read whose answer depends only on its URL (path and query), the viewer and the
 * database: every cached route's answer must be a function of these, the data and the clock.
 */
export function readKey(c: AppContext): string {
  return `${c.req.url}\u0000${c.get('user')?.id ?? '-'}`
}

/**
 * The request's change count (db/table-changes.ts), read once per request and before anything
 * it reads. Synchronous: the versions are in memory.
 */
export function requestCount(c: AppContext, deps: Deps): number {
  const known = c.get('dataMark')
  if (known !== undefined) return known
  const at = changeCount(deps)
  c.set('dataMark', at)
  return at
}

/** The change count now, after noticing what the engine can only be asked about (SQLite). */
export function changeCount(deps: Deps): number {
  const { changes } = deps.dbHandle
  deps.dbHandle.watchChanges()
  changes.refresh()
  return changes.now()
}

/**
 * Answers `key` (which must name everything the answer depends on besides the database and
 * the clock: path, query, viewer) from the cache, or from `fill` and then caches it. `reads`
 * names every table the fill reads.
 */
export async function cachedJson<T>(
  c: AppContext,
  deps: Deps,
  key: string,
  reads: Reads,
  fill: () => Promise<Fill<T>>,
): Promise<ReturnType<typeof c.json<T, 200>>> {
  if (!deps.config.answerCache) return send(c, (await make(fill, 0, reads, 0)).bytes)
  const at = requestCount(c, deps)
  const now = deps.clock.now()
  const cache = cacheOf(deps)
  const hit = lookUp(deps, cache, key, now)
  if (hit) return send(c, hit.bytes)
  // Join a fill under way unless something it read changed since it started (this request
  // must see that change): then its data is as fresh as a fill of this request's own.
  let flight = cache.filling.get(key)
  if (!flight || !deps.dbHandle.changes.holds(reads, flight.at)) {
    cache.fills++
    cache.lastReads = reads
    const started = { at, made: make(fill, at, reads, now) }
    flight = started
    cache.filling.set(key, started)
    started.made.then(
      (entry) => {
        if (cache.filling.get(key) === started) cache.filling.delete(key)
        cache.lastKept = entry.store
        if (entry.store) store(cache, key, entry)
      },
      () => {
        if (cache.filling.get(key) === started) cache.filling.delete(key)
      },
    )
  }
  const made = await flight.made
  // A shared fill made for an earlier instant may not hold for this one.
  if (now >= made.fromMs && now < made.untilMs) return send(c, made.bytes)
  cache.fills++
  cache.lastReads = reads
  const own = await make(fill, at, reads, now)
  return send(c, own.bytes)
}

/**
 * Route middleware for a route whose handler answers through `cachedJson(c, deps, readKey(c), …)`:
 * a kept answer is sent before the route's validators run. Validation is a function of the URL
 * alone, and an answer is only kept for a URL that passed it.
 */
export function answerFromCache(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!deps.config.answerCache) return next()
    requestCount(c, deps)
    const hit = lookUp(deps, cacheOf(deps), readKey(c), deps.clock.now())
    if (hit) return jsonAnswer(c, hit.bytes)
    await next()
  }
}

/**
 * The kept answer of `key` (a `readKey`) that still holds at game time `now`, if any: for the
 * node-level fast path (fast-reads.ts), which builds the key and reads the change count itself.
 */
export function keptAnswer(deps: Deps, key: string, now: number): Buffer | undefined {
  if (!deps.config.answerCache) return undefined
  return lookUp(deps, cacheOf(deps), key, now)?.bytes
}

function lookUp(deps: Deps, cache: Cache, key: string, now: number): Entry | undefined {
  const hit = cache.entries.get(key)
  if (!hit || now < hit.fromMs || now >= hit.untilMs || !deps.dbHandle.changes.holds(hit.tables, hit.at))
    return undefined
  // Most recently used last: eviction takes from the front.
  cache.entries.delete(key)
  cache.entries.set(key, hit)
  cache.hits++
  return hit
}

async function make<T>(fill: () => Promise<Fill<T>>, at: number, tables: Reads, now: number) {
  const { body, untilMs, store = true } = await fill()
  return {
    at,
    tables,
    fromMs: now,
    untilMs: untilMs ?? Number.POSITIVE_INFINITY,
    bytes: Buffer.from(JSON.stringify(body)),
    store: store && (untilMs === undefined || untilMs > now),
  }
}

function store(cache: Cache, key: string, entry: Entry): void {
  const old = cache.entries.get(key)
  if (old) {
    cache.bytes -= old.bytes.length
    cache.entries.delete(key)
  }
  cache.entries.set(key, {
    at: entry.at,
    tables: entry.tables,
    fromMs: entry.fromMs,
    untilMs: entry.untilMs,
    bytes: entry.bytes,
  })
  cache.bytes += entry.bytes.length
  for (const [k, e] of cache.entries) {
    if (cache.entries.size <= MAX_ENTRIES && cache.bytes <= MAX_BYTES) break
    cache.entries.delete(k)
    cache.bytes -= e.bytes.length
  }
}

function send<T>(c: AppContext, bytes: Buffer<ArrayBuffer>): ReturnType<typeof c.json<T, 200>> {
  return jsonAnswer(c, bytes) as unknown as ReturnType<typeof c.json<T, 200>>
}

/** How many answers this database's cache has sent and made, how many it keeps, and what the last fill read. */
export function answerCacheStats(deps: Deps) {
  const { hits, fills, entries, lastReads, lastKept } = cacheOf(deps)
  return { hits, fills, kept: entries.size, lastReads, lastKept }
}
