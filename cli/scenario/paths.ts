/**
 * Path expressions used by `save`, `expect` and `${…}` interpolation:
 * `body.user.id`, `body.messages[0].subject`, `body.messages.0.subject`,
 * `headers.x-request-id`, `message.notification.body`.
 */
export type PathSegment = string | number

const SEGMENT = /([^.[\]]+)|\[(\d+)\]/g

export function parsePath(path: string): PathSegment[] {
  const out: PathSegment[] = []
  for (const match of path.matchAll(SEGMENT)) {
    if (match[2] !== undefined) out.push(Number(match[2]))
    else if (match[1] !== undefined) out.push(match[1])
  }
  return out
}

export function formatPath(segments: PathSegment[]): string {
  let out = ''
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`
    else out += out === '' ? segment : `.${segment}`
  }
  return out
}

export type Lookup = { found: true; value: unknown } | { found: false; at: string }

/** Follows a path; `at` names the first segment that was missing. */
export function lookup(root: unknown, path: string | PathSegment[]): Lookup {
  const segments = typeof path === 'string' ? parsePath(path) : path
  let current: unknown = root
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as PathSegment
    const next = child(current, segment)
    if (!next.found) return { found: false, at: formatPath(segments.slice(0, i + 1)) }
    current = next.value
  }
  return { found: true, value: current }
}

function child(value: unknown, segment: PathSegment): { found: boolean; value?: unknown } {
  if (Array.isArray(value)) {
    const index = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : NaN
    if (Number.isInteger(index) && index < value.length) return { found: true, value: value[index] }
    if (segment === 'length') return { found: true, value: value.length }
    return { found: false }
  }
  if (value !== null && typeof value === 'object') {
    const key = String(segment)
    if (Object.hasOwn(value, key)) return { found: true, value: (value as Record<string, unknown>)[key] }
  }
  return { found: false }
}

/**
 * Sets a value at a path, creating plain objects on the way (used by `save`). Names are own
 * properties only: `save: { "__proto__.x": … }` makes a variable called `__proto__`, it never
 * reaches Object.prototype.
 */
export function assign(root: Record<string, unknown>, path: string, value: unknown): void {
  const segments = parsePath(path).map(String)
  let current: Record<string, unknown> = root
  for (const segment of segments.slice(0, -1)) {
    const next = Object.hasOwn(current, segment) ? current[segment] : undefined
    if (next === null || typeof next !== 'object') setOwn(current, segment, {})
    current = current[segment] as Record<string, unknown>
  }
  const last = segments.at(-1)
  if (last !== undefined) setOwn(current, last, value)
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
}
