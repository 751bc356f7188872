import type { Mismatch } from './match'
import { formatPath, type PathSegment, parsePath } from './paths'
import { show } from './show'

/** How much of the surrounding object a failure shows: per value, and in all. */
const VALUE_CHARS = 60
const TOTAL_CHARS = 480

/**
 * What a failure shows of the actual answer around the path that failed: the object (or
 * list) holding the value, or for a missing value the deepest part of the path that exists,
 * its keys and values each cut short. `expected "completed", found no value` then comes with
 * `body.match holds { "id": 12, "match_status": "live", … }`, which is what a tester needs
 * to fix the path or the expectation.
 */
export function surroundings(
  root: unknown,
  rootPath: PathSegment[],
  mismatchPath: string,
): Mismatch['around'] {
  const segments = parsePath(mismatchPath)
  if (!rootPath.every((s, i) => String(segments[i]) === String(s))) return undefined
  const relative = segments.slice(rootPath.length)
  // The chain of values along the path, as far as it exists.
  const chain: unknown[] = [root]
  for (const segment of relative) {
    const next = child(chain.at(-1), segment)
    if (!next.found) break
    chain.push(next.value)
  }
  const reached = chain.length - 1
  // Present all the way: show the container of the last segment; else the deepest one reached.
  const at = reached === relative.length ? Math.max(0, reached - 1) : reached
  const holder = chain[at]
  if (holder === null || typeof holder !== 'object') return undefined
  return { path: formatPath([...rootPath, ...relative.slice(0, at)]), value: render(holder) }
}

function child(value: unknown, segment: PathSegment): { found: boolean; value?: unknown } {
  if (value === null || typeof value !== 'object') return { found: false }
  const key =
    Array.isArray(value) && typeof segment === 'string' && /^\d+$/.test(segment) ? Number(segment) : segment
  if (Array.isArray(value)) {
    if (key === 'length') return { found: true, value: value.length }
    return typeof key === 'number' && key < value.length
      ? { found: true, value: value[key] }
      : { found: false }
  }
  const name = String(key)
  return Object.hasOwn(value, name)
    ? { found: true, value: (value as Record<string, unknown>)[name] }
    : { found: false }
}

/** `{ "id": 12, "title": "IND v AUS…", … (31 keys) }` or `[3 elements] [{…},…]`, bounded. */
export function render(value: object): string {
  if (Array.isArray(value)) return `[${value.length} element(s)] ${show(value, TOTAL_CHARS)}`
  const entries = Object.entries(value)
  const parts: string[] = []
  let length = 4
  for (const [key, item] of entries) {
    const part = `${JSON.stringify(key)}: ${show(item, VALUE_CHARS)}`
    if (length + part.length > TOTAL_CHARS) break
    parts.push(part)
    length += part.length + 2
  }
  const more = entries.length - parts.length
  if (entries.length === 0) return '{} (no keys)'
  return `{ ${parts.join(', ')}${more > 0 ? `, … (${entries.length} keys, ${more} not shown)` : ''} }`
}

/** Adds `around` to each mismatch under `rootPath` (the answer's body, a broadcast's message). */
export function withSurroundings(mismatches: Mismatch[], root: unknown, rootPath: PathSegment[]): Mismatch[] {
  return mismatches.map((m) => {
    const around = surroundings(root, rootPath, m.path)
    return around ? { ...m, around } : m
  })
}
