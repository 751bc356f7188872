import { z } from '@hono/zod-openapi'
import { type FieldErrors, invalid } from './errors'

/**
 * Text rules for every string a request carries (JSON or form body, path, query), applied
 * by the router to the validated input of every route, so a new area inherits them:
 *
 * - never: NUL and the other C0 controls, DEL, C1 controls, bidirectional embeddings,
 *   overrides and isolates (U+202A–U+202E, U+2066–U+2069: they make "gpj.exe" read as
 *   "exe.jpg"), and unpaired surrogates (not text; PostgreSQL refuses NUL outright);
 * - single line by default: tab, CR, LF and U+2028/U+2029 too;
 * - a field whose schema is `multilineText()` (descriptions, reasons, messages) keeps
 *   tab, CR and LF.
 *
 * Directional marks (U+200E, U+200F, U+061C) stay allowed: right-to-left names need them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NEVER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** A no-op check that marks a string schema as multi-line; it survives `.max()`, `.optional()`, `.openapi()`. */
const MULTILINE = z.check<string>(() => {})

/** A string where line breaks and tabs make sense (a description, a reason, a message). */
export function multilineText() {
  return z.string().check(MULTILINE)
}

/** Why a string breaks the rules, or null. */
export function textProblem(value: string, multiline: boolean): string | null {
  const bad = NEVER.exec(value) ?? (multiline ? null : LINE_BREAKS.exec(value))
  if (bad) {
    if (LINE_BREAKS.test(bad[0])) return 'must be a single line'
    const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
    return `contains a character that is not allowed (U+${code})`
  }
  if (LONE_SURROGATE.test(value)) return 'is not valid text (an unpaired surrogate)'
  return null
}

type Def = {
  type: string
  checks?: unknown[]
  innerType?: Schema
  in?: Schema
  out?: Schema
  options?: Schema[]
  shape?: Record<string, Schema>
  element?: Schema
  valueType?: Schema
  catchall?: Schema
  items?: Schema[]
  rest?: Schema
  left?: Schema
  right?: Schema
  getter?: () => Schema
}
type Schema = { _zod: { def: Def } }

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'])

/** The concrete schemas a value may have been validated by (wrappers, pipes and unions opened). */
function concrete(schema: Schema | undefined, out: Schema[] = [], depth = 0): Schema[] {
  if (!schema?._zod || depth > 20) return out
  const def = schema._zod.def
  if (WRAPPERS.has(def.type)) return concrete(def.innerType, out, depth + 1)
  if (def.type === 'pipe') {
    concrete(def.in, out, depth + 1)
    return concrete(def.out, out, depth + 1)
  }
  if (def.type === 'union') {
    for (const option of def.options ?? []) concrete(option, out, depth + 1)
    return out
  }
  if (def.type === 'intersection') {
    concrete(def.left, out, depth + 1)
    return concrete(def.right, out, depth + 1)
  }
  if (def.type === 'lazy' && def.getter) return concrete(def.getter(), out, depth + 1)
  out.push(schema)
  return out
}

function children(schemas: Schema[], key: string | number): Schema[] {
  const out: Schema[] = []
  for (const { _zod } of schemas) {
    const def = _zod.def
    let child: Schema | undefined
    if (def.type === 'object')
      child = def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : def.catchall
    else if (def.type === 'record') child = def.valueType
    else if (def.type === 'array') child = def.element
    else if (def.type === 'tuple') child = def.items?.[Number(key)] ?? def.rest
    if (child) concrete(child, out)
  }
  return out
}

const isMultiline = (schemas: Schema[]) =>
  schemas.some(({ _zod }) => _zod.def.type === 'string' && _zod.def.checks?.includes(MULTILINE))

/**
 * Every string in `value` (keys of records included) against the rules, guided by the
 * schema that validated it; problems are collected under their dotted path.
 */
export function textErrors(value: unknown, schema: unknown): FieldErrors {
  const found = new Map<string, string[]>()
  const visit = (v: unknown, schemas: Schema[], path: string, depth: number) => {
    if (typeof v === 'string') {
      const problem = textProblem(v, isMultiline(schemas))
      if (problem) found.set(path || 'base', [problem])
      return
    }
    if (v === null || typeof v !== 'object' || depth > 64) return
    const entries: Array<[string | number, unknown]> = Array.isArray(v)
      ? v.map((item, i) => [i, item])
      : Object.entries(v)
    for (const [key, item] of entries) {
      const at = path ? `${path}.${key}` : String(key)
      if (typeof key === 'string') {
        const problem = textProblem(key, false)
        if (problem) found.set(at, [`has a name that ${problem}`])
      }
      visit(item, children(schemas, key), at, depth + 1)
    }
  }
  visit(value, concrete(schema as Schema), '', 0)
  return Object.fromEntries(found)
}

/** Throws the 422 for text that breaks the rules. */
export function assertText(value: unknown, schema: unknown): void {
  const fields = textErrors(value, schema)
  if (Object.keys(fields).length > 0) throw invalid(fields)
}
