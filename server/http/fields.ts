import { invalid } from './errors'

/**
 * `?fields=` selection, Rails style: `id,name,series{name},user{id,team_name}`.
 * A name without braces keeps the whole value; braces select inside objects and inside
 * every element of arrays. Spaces are tolerated. Unknown names are ignored.
 *
 * The selection comes from the caller, so parsing is bounded: at most
 * `FIELDS_MAX_LENGTH` characters and `FIELDS_MAX_DEPTH` levels of braces (the deepest
 * answer is far shallower), names of letters, digits and underscores, braces balanced.
 * Anything else is a 422 on `fields` — never a stack overflow.
 */
export type FieldTree = Map<string, FieldTree | null>

export const FIELDS_MAX_LENGTH = 2000
export const FIELDS_MAX_DEPTH = 8

const NAME = /^[A-Za-z0-9_]+$/

function refuse(message: string): never {
  throw invalid({ fields: [message] })
}

export function parseFields(spec: string): FieldTree | null {
  if (spec.length > FIELDS_MAX_LENGTH) refuse(`is too long (maximum is ${FIELDS_MAX_LENGTH} characters)`)
  const text = spec.replace(/\s+/g, '')
  if (text === '') return null
  // An explicit stack instead of recursion: depth is checked before it can grow.
  const root: FieldTree = new Map()
  const stack: FieldTree[] = [root]
  let name = ''
  const flush = (sub: FieldTree | null) => {
    if (name === '') {
      if (sub) refuse('has a "{" without a field name before it')
      return
    }
    if (!NAME.test(name)) refuse(`has an invalid field name "${name.slice(0, 40)}"`)
    ;(stack.at(-1) as FieldTree).set(name, sub)
    name = ''
  }
  for (const ch of text) {
    if (ch === ',') flush(null)
    else if (ch === '{') {
      if (stack.length > FIELDS_MAX_DEPTH)
        refuse(`is nested too deeply (maximum is ${FIELDS_MAX_DEPTH} levels)`)
      const sub: FieldTree = new Map()
      flush(sub)
      stack.push(sub)
    } else if (ch === '}') {
      flush(null)
      if (stack.length === 1) refuse('has a "}" without a matching "{"')
      stack.pop()
    } else name += ch
  }
  flush(null)
  if (stack.length !== 1) refuse('has a "{" without a matching "}"')
  return root.size > 0 ? root : null
}

/** Own properties only, so `constructor` or `__proto__` select nothing. */
export function selectFields(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((v) => selectFields(v, tree))
  if (value === null || typeof value !== 'object') return value
  const src = value as Record<string, unknown>
  const out: Array<[string, unknown]> = []
  for (const [name, sub] of tree) {
    if (!Object.hasOwn(src, name)) continue
    out.push([name, sub ? selectFields(src[name], sub) : src[name]])
  }
  return Object.fromEntries(out)
}

/** Applies a selection to an envelope: each root key holding an object or list, except `meta`. */
export function selectEnvelope(body: unknown, tree: FieldTree): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    out[key] =
      key !== 'meta' && value !== null && typeof value === 'object' ? selectFields(value, tree) : value
  }
  return out
}
