/**
 * `?fields=` selection, Rails style: `id,name,series{name},user{id,team_name}`.
 * A name without braces keeps the whole value; braces select inside objects and inside
 * every element of arrays. Spaces are tolerated. Unknown names are ignored.
 */
export type FieldTree = Map<string, FieldTree | null>

export function parseFields(spec: string): FieldTree | null {
  const text = spec.replace(/\s+/g, '')
  if (text === '') return null
  let i = 0
  const parseList = (): FieldTree => {
    const tree: FieldTree = new Map()
    while (i < text.length) {
      const ch = text[i]
      if (ch === ',') {
        i++
        continue
      }
      if (ch === '}') return tree
      let name = ''
      while (i < text.length && !',{}'.includes(text[i] as string)) name += text[i++]
      if (text[i] === '{') {
        i++
        const sub = parseList()
        if (text[i] === '}') i++
        if (name) tree.set(name, sub)
      } else if (name) {
        tree.set(name, null)
      }
    }
    return tree
  }
  const tree = parseList()
  return tree.size > 0 ? tree : null
}

export function selectFields(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((v) => selectFields(v, tree))
  if (value === null || typeof value !== 'object') return value
  const src = value as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [name, sub] of tree) {
    if (!(name in src)) continue
    out[name] = sub ? selectFields(src[name], sub) : src[name]
  }
  return out
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
