/**
 * Recorded ids turned into scenario variables (docs/scenarios.md, "Recording a session"): an id
 * a call produced is saved under a name (`team`), and a later path segment or body value that
 * names it is written `${team.id}` — only where the place says what it is (`/api/teams/5`,
 * `team_id: 5`, `team_ids: [5]`), so a player id 5 in `player_ids` is never taken for team 5.
 */
export interface SavedId {
  /** The variable (`team`, `team_2`). */
  name: string
  /** What it is: the answer's key (`team`), matched against `team_id` and `/teams/`. */
  base: string
  id: number
}

export interface RecordedUser {
  alias: string
  id: number | null
  email: string
  slug?: string
  username?: string
}

export interface IdContext {
  saved: SavedId[]
  user: RecordedUser
}

/** `teams` → `team`, `classic_teams` → `classic_team`, `matches` → `match`. */
export const singular = (word: string) =>
  word.endsWith('ches') || word.endsWith('shes') || word.endsWith('sses')
    ? word.slice(0, -2)
    : word.endsWith('s')
      ? word.slice(0, -1)
      : word

function find(ctx: IdContext, base: string, id: number): string | undefined {
  for (let i = ctx.saved.length - 1; i >= 0; i--) {
    const s = ctx.saved[i] as SavedId
    if (s.id === id && (s.base === base || s.base.endsWith(`_${base}`))) return `\${${s.name}.id}`
  }
  if (base === 'user' && ctx.user.id === id) return `\${${ctx.user.alias}.id}`
  return undefined
}

/** A path with the saved ids and the user's slug and username as variables. */
export function rewritePath(path: string, ctx: IdContext): string {
  const parts = path.split('/')
  return parts
    .map((part, i) => {
      const ext = part.endsWith('.json') ? '.json' : ''
      const bare = ext ? part.slice(0, -5) : part
      if (/^\d+$/.test(bare) && i > 0) {
        const found = find(ctx, singular(parts[i - 1] ?? ''), Number(bare))
        if (found) return `${found}${ext}`
      }
      if (bare !== '' && (bare === ctx.user.slug || bare === ctx.user.username) && parts[i - 1] === 'users')
        return `\${${ctx.user.alias}.slug}${ext}`
      return part
    })
    .join('/')
}

/** A query string with `x_id=5` rewritten as a body value would be. */
export function rewriteQuery(query: string, ctx: IdContext): string {
  if (query === '') return ''
  const params = new URLSearchParams(query)
  const parts: string[] = []
  for (const [key, value] of params) {
    const rewritten = /^\d+$/.test(value) ? rewriteValue(key, Number(value), ctx) : value
    parts.push(`${encodeURIComponent(key)}=${typeof rewritten === 'string' ? rewritten : String(rewritten)}`)
  }
  return parts.join('&')
}

function rewriteValue(key: string, value: unknown, ctx: IdContext): unknown {
  if (typeof value === 'string' && value === ctx.user.email) return `\${${ctx.user.alias}.email}`
  const one = /^(.+)_id$/.exec(key)
  if (one && typeof value === 'number') return find(ctx, one[1] as string, value) ?? value
  const many = /^(.+)_ids$/.exec(key)
  if (many && Array.isArray(value))
    return value.map((v) => (typeof v === 'number' ? (find(ctx, many[1] as string, v) ?? v) : v))
  return rewrite(value, ctx)
}

/** A body with every saved id under a key that names it (`team_id`, `team_ids`) as a variable. */
export function rewrite(value: unknown, ctx: IdContext): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, ctx))
  if (typeof value === 'string') return value === ctx.user.email ? `\${${ctx.user.alias}.email}` : value
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) out[key] = rewriteValue(key, inner, ctx)
  return out
}
