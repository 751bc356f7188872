import { isDeepStrictEqual } from 'node:util'
import { formatPath, lookup, type PathSegment, parsePath } from './paths'
import { describeValue, show } from './show'

/**
 * Partial ("subset") matching of JSON. Objects match when every expected key matches
 * (extra actual keys are fine); arrays match element by element and must have the same
 * length; scalars match by strict equality. An object whose keys all start with `$` is a
 * matcher (see MATCHERS). A key that is not present literally but contains `.` or `[` is
 * read as a path (`"messages[0].subject": "…"`).
 */
export interface Mismatch {
  path: string
  expected: unknown
  actual?: unknown
  /** True when nothing was found at `path`. */
  missing?: boolean
  message: string
  /** The actual object around `path` (cli/scenario/around.ts), shown under the failure. */
  around?: { path: string; value: string }
  /** From `expect_all:`: recorded, but the scenario goes on (docs/scenarios.md "Soft assertions"). */
  soft?: boolean
}

type Check = (
  arg: unknown,
  actual: unknown,
  at: PathSegment[],
  present: boolean,
) => Mismatch[] | string | null

const mismatch = (
  at: PathSegment[],
  expected: unknown,
  actual: unknown,
  present: boolean,
  message: string,
) => ({
  path: formatPath(at),
  expected,
  ...(present ? { actual } : { missing: true }),
  message,
})

function compare(op: '$gt' | '$gte' | '$lt' | '$lte'): Check {
  const symbol = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op]
  return (arg, actual) => {
    const comparable =
      (typeof actual === 'number' && typeof arg === 'number') ||
      (typeof actual === 'string' && typeof arg === 'string')
    if (!comparable) return `expected a ${typeof arg} ${symbol} ${show(arg)}, actual ${describeValue(actual)}`
    const a = actual as number | string
    const b = arg as number | string
    const ok = op === '$gt' ? a > b : op === '$gte' ? a >= b : op === '$lt' ? a < b : a <= b
    return ok ? null : `expected ${symbol} ${show(arg)}, actual ${show(actual)}`
  }
}

export function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer'
  return typeof value
}

export function toRegExp(pattern: string): RegExp {
  const literal = /^\/(.*)\/([dgimsuvy]*)$/s.exec(pattern)
  return literal ? new RegExp(literal[1] as string, literal[2]) : new RegExp(pattern)
}

export const MATCHERS: Record<string, Check> = {
  $exists: (arg, actual, _at, present) =>
    present === Boolean(arg)
      ? null
      : arg
        ? 'expected a value, found none'
        : `expected no value, actual ${show(actual)}`,
  $type: (arg, actual) => {
    const wanted = String(arg)
    const actualType = typeOf(actual)
    const ok = actualType === wanted || (wanted === 'number' && actualType === 'integer')
    return ok ? null : `expected type ${wanted}, actual ${describeValue(actual)}`
  },
  $eq: (arg, actual) =>
    isDeepStrictEqual(arg, actual) ? null : `expected exactly ${show(arg)}, actual ${show(actual)}`,
  $ne: (arg, actual) => (isDeepStrictEqual(arg, actual) ? `expected anything but ${show(arg)}` : null),
  $in: (arg, actual) =>
    (arg as unknown[]).some((v) => isDeepStrictEqual(v, actual))
      ? null
      : `expected one of ${show(arg)}, actual ${show(actual)}`,
  $gt: compare('$gt'),
  $gte: compare('$gte'),
  $lt: compare('$lt'),
  $lte: compare('$lte'),
  $len: (arg, actual, at) => {
    const length =
      typeof actual === 'string' || Array.isArray(actual)
        ? actual.length
        : actual !== null && typeof actual === 'object'
          ? Object.keys(actual).length
          : undefined
    if (length === undefined) return `expected something with a length, actual ${describeValue(actual)}`
    const inner = matchValue(arg, length, [...at, 'length'], true)
    return inner.length === 0 ? null : `expected length ${show(arg)}, actual length ${length}`
  },
  $contains: (arg, actual, at) => {
    if (typeof actual === 'string') {
      return typeof arg === 'string' && actual.includes(arg)
        ? null
        : `expected text containing ${show(arg)}, actual ${show(actual)}`
    }
    if (Array.isArray(actual)) {
      if (actual.some((item, i) => matchValue(arg, item, [...at, i], true).length === 0)) return null
      return `expected an element matching ${show(arg)}; none of the ${actual.length} element(s) matched: ${show(actual)}`
    }
    return `expected text or an array containing ${show(arg)}, actual ${describeValue(actual)}`
  },
  $match: (arg, actual) => {
    if (typeof actual !== 'string')
      return `expected text matching ${String(arg)}, actual ${describeValue(actual)}`
    return toRegExp(String(arg)).test(actual)
      ? null
      : `expected text matching ${String(arg)}, actual ${show(actual)}`
  },
  $not: (arg, actual, at, present) =>
    matchValue(arg, actual, at, present).length === 0
      ? `expected not to match ${show(arg)}, actual ${show(actual)}`
      : null,
  $all: (arg, actual, at, present) =>
    (arg as unknown[]).flatMap((each) => matchValue(each, actual, at, present)),
  $any: (arg, actual, at, present) =>
    (arg as unknown[]).some((each) => matchValue(each, actual, at, present).length === 0)
      ? null
      : `expected to match one of ${show(arg)}, actual ${present ? show(actual) : 'missing'}`,
}

/** Matchers that say something about a value that may be absent; every other matcher needs one. */
const ABSENCE_AWARE = new Set(['$exists', '$not', '$all', '$any'])

export function isMatcher(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every((k) => k.startsWith('$'))
}

export function matchPartial(expected: unknown, actual: unknown, at: PathSegment[] = []): Mismatch[] {
  return matchValue(expected, actual, at, true)
}

function matchValue(expected: unknown, actual: unknown, at: PathSegment[], present: boolean): Mismatch[] {
  if (isMatcher(expected)) {
    const out: Mismatch[] = []
    for (const [name, arg] of Object.entries(expected)) {
      const check = MATCHERS[name]
      if (!check) {
        out.push(mismatch(at, expected, actual, present, `unknown matcher ${name}`))
        continue
      }
      if (!present && !ABSENCE_AWARE.has(name)) {
        out.push(mismatch(at, expected, actual, present, `expected ${name} ${show(arg)}, found no value`))
        continue
      }
      const result = check(arg, actual, at, present)
      if (typeof result === 'string') out.push(mismatch(at, { [name]: arg }, actual, present, result))
      else if (Array.isArray(result)) out.push(...result)
    }
    return out
  }
  if (!present) return [mismatch(at, expected, actual, false, `expected ${show(expected)}, found no value`)]
  if (Array.isArray(expected)) return matchArray(expected, actual, at)
  if (expected !== null && typeof expected === 'object') return matchObject(expected, actual, at)
  if (expected === actual) return []
  return [mismatch(at, expected, actual, true, `expected ${show(expected)}, actual ${show(actual)}`)]
}

function matchArray(expected: unknown[], actual: unknown, at: PathSegment[]): Mismatch[] {
  if (!Array.isArray(actual))
    return [mismatch(at, expected, actual, true, `expected an array, actual ${describeValue(actual)}`)]
  if (actual.length !== expected.length) {
    return [
      mismatch(
        at,
        expected,
        actual,
        true,
        `expected ${expected.length} element(s), actual ${actual.length}: ${show(actual)}`,
      ),
    ]
  }
  return expected.flatMap((item, i) => matchValue(item, actual[i], [...at, i], true))
}

function matchObject(expected: object, actual: unknown, at: PathSegment[]): Mismatch[] {
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
    return [mismatch(at, expected, actual, true, `expected an object, actual ${describeValue(actual)}`)]
  const out: Mismatch[] = []
  for (const [key, want] of Object.entries(expected)) {
    if (Object.hasOwn(actual, key)) {
      out.push(...matchValue(want, (actual as Record<string, unknown>)[key], [...at, key], true))
      continue
    }
    const isPath = /[.[]/.test(key)
    const segments = isPath ? parsePath(key) : [key]
    const found = isPath ? lookup(actual, segments) : { found: false as const }
    out.push(...matchValue(want, found.found ? found.value : undefined, [...at, ...segments], found.found))
  }
  return out
}

/** The `error` of a step that failed only on mismatches: the first one, and how many more. */
export function headlineFor(mismatches: Mismatch[]): string {
  const first = mismatches[0] ? `${mismatches[0].path}: ${mismatches[0].message}` : 'failed'
  return mismatches.length > 1 ? `${first} (and ${mismatches.length - 1} more)` : first
}
