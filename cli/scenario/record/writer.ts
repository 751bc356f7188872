import type { RequestRecord } from '../../lib/server-log'
import { type IdContext, type RecordedUser, rewrite, rewritePath, rewriteQuery, type SavedId } from './ids'

/**
 * A recorded session as a runnable scenario (docs/scenarios.md, "Recording a session").
 * Values are written as JSON, which is YAML too: every string quoted, so `${…}` needs nothing.
 */
export interface WriteOptions {
  name: string
  user: RecordedUser
  /** Keep successful reads (GET), which a web page makes for display; failed reads are always kept. */
  reads: boolean
  /** Rupees credited to the fresh user first when the session joined something, so paid joins work; 0 for none. */
  credit: number
  /** Where and when it was recorded, for the description. */
  source: string
}

export type RecordedCall = Pick<
  RequestRecord,
  'method' | 'path' | 'query' | 'status' | 'body' | 'answer' | 'user_id' | 'user_email'
>

const SIGN_IN = /^\/(oauth|post_login)(\/|$)/
const RESERVED = new Set(['run_id', 'server_url', 'none'])

/** The calls a scenario replays: no sign-in (the `users:` entry does it), reads only when asked or failed. */
export function keptCalls(calls: RecordedCall[], reads: boolean): RecordedCall[] {
  return calls.filter((call) => {
    if (SIGN_IN.test(call.path)) return false
    const isRead = call.method === 'GET' || call.method === 'HEAD'
    return !isRead || reads || call.status >= 400
  })
}

/** A user name for the scenario from an e-mail address: `demo@fanspole.local` → `demo`. */
export function aliasOf(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_]/g, '_').replace(/^[^A-Za-z]+/, '')
  const alias = local === '' ? 'player' : local.slice(0, 30)
  return RESERVED.has(alias) ? `${alias}_user` : alias
}

const json = (value: unknown) => JSON.stringify(value)

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

/** The answer's resource: its one key holding an object with an integer id (`{ team: { id } }`). */
function resourceOf(
  answer: unknown,
): { key: string; id: number; value: Record<string, unknown> } | undefined {
  const found = Object.entries(objectOf(answer) ?? {}).flatMap(([key, value]) => {
    const inner = objectOf(value)
    return inner && Number.isInteger(inner.id) ? [{ key, id: inner.id as number, value: inner }] : []
  })
  return found.length === 1 ? found[0] : undefined
}

/** A name for a new id: the resource's key, or with `_2`, `_3` when taken. */
function freshName(base: string, taken: Set<string>): string {
  let name = base
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`
  taken.add(name)
  return name
}

/** Scalars the caller sent that the answer's resource holds unchanged: worth expecting again. */
function echoed(sent: unknown, resource: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(objectOf(sent) ?? {})) {
    if (Object.keys(out).length >= 5) break
    if (value === null || typeof value === 'object' || value === '[redacted]') continue
    if (resource[key] === value) out[key] = value
  }
  return out
}

function stepOf(call: RecordedCall, ctx: IdContext, taken: Set<string>): string[] {
  const path = rewritePath(call.path, ctx)
  const query = rewriteQuery(call.query, ctx)
  const fullPath = query ? `${path}?${query}` : path
  const lines: string[] = []
  const failed = call.status >= 400
  const answer = objectOf(call.answer)
  const code = typeof answer?.code === 'string' ? ` ${answer.code}` : ''
  if (failed) {
    const why =
      typeof answer?.error === 'string' ? `: ${answer.error.replace(/\s+/g, ' ').slice(0, 120)}` : ''
    lines.push(`  # This call failed when it was recorded (${call.status}${code}${why}).`)
    lines.push('  # The step expects the same failure; change the expectation once it is fixed.')
  }
  const request = [`method: ${call.method}`, `path: ${json(fullPath)}`, `as: ${ctx.user.alias}`]
  if (call.body !== undefined && call.method !== 'GET') request.push(`body: ${json(rewrite(call.body, ctx))}`)
  // A step without a name is named after its call when it runs; a failure says what it expects.
  if (failed) lines.push(`  - name: ${json(`refused as when recorded: ${call.status}${code}`)}`)
  lines.push(`  ${failed ? ' ' : '-'} request: { ${request.join(', ')} }`)
  const expectBody: Record<string, unknown> = {}
  let save: string | undefined
  if (failed && typeof answer?.code === 'string') expectBody.code = answer.code
  const resource = failed ? undefined : resourceOf(call.answer)
  if (resource) {
    const fields = echoed(rewrite(call.body, ctx), rewrite(resource.value, ctx) as Record<string, unknown>)
    expectBody[resource.key] = { id: { $type: 'integer' }, ...fields }
    // A new id (not one the path named already, as a join answers its contest): saved.
    const inPath = call.path.split('/').includes(String(resource.id))
    if (call.method !== 'GET' && !inPath && resource.key !== 'user') {
      const name = freshName(resource.key, taken)
      ctx.saved.push({ name, base: resource.key, id: resource.id } satisfies SavedId)
      save = `{ ${name}: ${json(`body.${resource.key}`)} }`
    }
  }
  const expectParts = [`status: ${call.status}`]
  if (Object.keys(expectBody).length > 0) expectParts.push(`body: ${json(expectBody)}`)
  lines.push(`    expect: { ${expectParts.join(', ')} }`)
  if (save) lines.push(`    save: ${save}`)
  return lines
}

/** The scenario file (YAML) of a recorded session. */
export function scenarioYaml(calls: RecordedCall[], options: WriteOptions): string {
  const kept = keptCalls(calls, options.reads)
  const { alias } = options.user
  const ctx: IdContext = { saved: [], user: options.user }
  const taken = new Set<string>([alias, ...RESERVED])
  const lines = [
    `name: ${json(options.name)}`,
    `description: ${json(`Recorded from ${options.user.email}'s session ${options.source}`)}`,
    '# Seeded data (matches, players, the demo contests) is referred to by the ids it had when',
    '# recorded: the demo league seeded with the same seed on a fresh database has the same ids.',
    'seed_demo_league: true',
    'users:',
    `  ${alias}: {}   # a fresh player in place of ${options.user.email} (never the real password)`,
    'steps:',
  ]
  // Only a session that joined something needs money (a fresh player has none).
  const joins = kept.some((call) => call.method === 'POST' && /\/join$/.test(call.path))
  if (options.credit > 0 && joins) {
    lines.push(`  - name: ${json(`${alias} gets money to play with, as the recorded account had`)}`)
    lines.push(`    credit: { user: ${alias}, amount: ${options.credit} }`)
  }
  for (const call of kept) lines.push(...stepOf(call, ctx, taken))
  if (kept.length === 0 && !(options.credit > 0 && joins)) lines.push('  []')
  return `${lines.join('\n')}\n`
}
