import type { MiddlewareHandler } from 'hono'
import type { Deps } from '../core/deps'
import { jsonAnswer } from './edge'
import type { AppContext, AppEnv } from './router'

/**
 * Whole answers of the busiest reads, kept per server process as the JSON text sent, and
 * served again while the database holds exactly what it held when they were made.
 *
 * An entry is filed under the database's change mark (db/change-mark.ts), read before the
 * data it was made from, and under the span of game time it holds for (`fromMs` up to
 * `untilMs`, e.g. the next match start, when contests lock and lists move): any commit, by
 * this process or another on the same database, or the clock leaving that span, and the next
 * read makes the answer afresh. So an entry is never served stale; a busy database just
 * misses more often. What an answer holds that is not in the database (a live scoreboard in
 * memory) must not be cached: its fill says `store: false`.
 *
 * Concurrent misses of one key under one mark share one fill, so the first read after a
 * commit does not make the same answer ten times over.
 */
export interface Fill<T> {
  body: T
  /** Game time (exclusive) until which the answer holds; omitted: the clock does not matter. */
  untilMs?: number
  /** False when the answer depends on something besides the database and the clock. */
  store?: boolean
}

interface Entry {
  mark: string
  fromMs: number
  untilMs: number
  /** The answer's JSON as UTF-8 bytes, encoded once rather than on every send. */
  bytes: Buffer<ArrayBuffer>
}

interface Cache {
  entries: Map<string, Entry>
  bytes: number
  filling: Map<string, Promise<Entry & { store: boolean }>>
  /** Answers sent from the cache, and answers made (tests and the bench read these). */
  hits: number
  fills: number
}

/** Bounds per process: enough for every list key and a few thousand viewers' answers. */
const MAX_ENTRIES = 20_000
const MAX_BYTES = 64 * 1024 * 1024

const caches = new WeakMap<Deps['dbHandle'], Cache>()

function cacheOf(deps: Deps): Cache {
  let cache = caches.get(deps.dbHandle)
  if (!cache) {
    cache = { entries: new Map(), bytes: 0, filling: new Map(), hits: 0, fills: 0 }
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

/** The request's change mark, read once per request and before anything it reads. */
export async function requestMark(c: AppContext, deps: Deps): Promise<string> {
  const known = c.get('dataMark')
  if (known !== undefined) return known
  const mark = await deps.dbHandle.changeMark()
  c.set('dataMark', mark)
  return mark
}

/**
 * Answers `key` (which must name everything the answer depends on besides the database and
 * the clock: path, query, viewer) from the cache, or from `fill` and then caches it.
 */
export async function cachedJson<T>(
  c: AppContext,
  deps: Deps,
  key: string,
  fill: () => Promise<Fill<T>>,
): Promise<ReturnType<typeof c.json<T, 200>>> {
  if (!deps.config.answerCache) return send(c, (await make(fill, '', 0)).bytes)
  const mark = await requestMark(c, deps)
  const now = deps.clock.now()
  const cache = cacheOf(deps)
  const hit = lookUp(cache, key, mark, now)
  if (hit) return send(c, hit.bytes)
  const flightKey = `${mark}\u0000${key}`
  let flight = cache.filling.get(flightKey)
  if (!flight) {
    cache.fills++
    flight = make(fill, mark, now)
    cache.filling.set(flightKey, flight)
    flight.then(
      (entry) => {
        cache.filling.delete(flightKey)
        if (entry.store) store(cache, key, entry)
      },
      () => cache.filling.delete(flightKey),
    )
  }
  const made = await flight
  // A shared fill made for an earlier instant may not hold for this one.
  if (now >= made.fromMs && now < made.untilMs) return send(c, made.bytes)
  cache.fills++
  const own = await make(fill, mark, now)
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
    const mark = await requestMark(c, deps)
    const hit = lookUp(cacheOf(deps), readKey(c), mark, deps.clock.now())
    if (hit) return jsonAnswer(c, hit.bytes)
    await next()
  }
}

/**
 * The kept answer of `key` (a `readKey`) under `mark` at game time `now`, if any: for the
 * node-level fast path (fast-reads.ts), which builds the key and reads the mark itself.
 */
export function keptAnswer(deps: Deps, key: string, mark: string, now: number): Buffer | undefined {
  if (!deps.config.answerCache) return undefined
  return lookUp(cacheOf(deps), key, mark, now)?.bytes
}

/** Whether any answer is kept for `key`, under whatever mark: a miss the fast path can see without the database. */
export function keepsAny(deps: Deps, key: string): boolean {
  return deps.config.answerCache && cacheOf(deps).entries.has(key)
}

function lookUp(cache: Cache, key: string, mark: string, now: number): Entry | undefined {
  const hit = cache.entries.get(key)
  if (!hit || hit.mark !== mark || now < hit.fromMs || now >= hit.untilMs) return undefined
  // Most recently used last: eviction takes from the front.
  cache.entries.delete(key)
  cache.entries.set(key, hit)
  cache.hits++
  return hit
}

async function make<T>(fill: () => Promise<Fill<T>>, mark: string, now: number) {
  const { body, untilMs, store = true } = await fill()
  return {
    mark,
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
    mark: entry.mark,
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

/** How many answers this database's cache has sent and made, and how many it keeps. */
export function answerCacheStats(deps: Deps): { hits: number; fills: number; kept: number } {
  const cache = cacheOf(deps)
  return { hits: cache.hits, fills: cache.fills, kept: cache.entries.size }
}
