import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestWorld } from '../../helpers/deps'
import { type HiddenKind, type HiddenWorld, hiddenWorld, type Kind, SECRET } from '../../helpers/hidden-world'
import { leagueWorld } from '../../helpers/league'
import { fillPath, label, type Operation, openApiDoc, operations, resolve } from '../../helpers/openapi'
import { bodyCases, FIELDS, NAMES_SOMETHING } from './visibility-fields'
import { BODIES, isAdminPath, PATHS, QUERIES } from './visibility-paths'

/**
 * One visibility rule per kind of object (docs/visibility.md), checked over the whole API:
 * every operation of /api/openapi.json that takes an id is called by an ordinary signed-in
 * player with the id of an object of that kind they may not see, and with an id that names
 * nothing. Both answers must be the same — status (404), code and message — and neither may
 * carry any text of the hidden object. Each path parameter is mapped to its kind below; a new
 * operation whose parameter is not mapped fails the walk, so a new route cannot slip past.
 */

let world: TestWorld
let w: HiddenWorld
let ops: Operation[]
let doc: any
beforeAll(async () => {
  world = await leagueWorld(42)
  w = await hiddenWorld(world.deps)
  doc = await openApiDoc(w.api.app)
  ops = operations(doc)
}, 120_000)
afterAll(() => world.close())

interface Answer {
  status: number
  body: any
}

const send = (op: Operation, path: string, body: unknown, token: string | undefined): Promise<Answer> =>
  w.api.call(
    op.method,
    path + (QUERIES[label(op)] ?? ''),
    op.method === 'GET' || op.method === 'DELETE' ? { token } : { body, token },
  )

/**
 * An answer as compared: status, code, message and field messages, with the id the caller sent
 * (a slug echoed in "no such user: …") put back as `<id>` — the caller's own words, not the
 * object's.
 */
function shape(answer: Answer, sent: string | number) {
  // A success is compared whole (both must be the same answer); an error without its request id.
  const text = JSON.stringify(
    answer.status < 300
      ? { status: answer.status, body: answer.body }
      : {
          status: answer.status,
          code: answer.body?.code,
          error: answer.body?.error,
          errors: answer.body?.errors,
        },
  )
  return typeof sent === 'string' && sent.length >= 6 ? text.split(sent).join('<id>') : text
}

/** The hidden object's words (`SECRET`, its codes) anywhere in the answer, bar the id that was sent. */
function leaks(answer: Answer, sent: string | number): string[] {
  let text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
  if (typeof sent === 'string') text = text.split(sent).join('<id>')
  return w.secrets.filter((s) => text.toLowerCase().includes(s.toLowerCase()))
}

/** A body that satisfies the schema with as little as possible: required keys, plain values. */
function minimalBody(schemaIn: any, name = '', depth = 0): unknown {
  const schema = resolve(doc, schemaIn)
  if (!schema || depth > 6) return undefined
  if (schema.anyOf || schema.oneOf) return minimalBody((schema.anyOf ?? schema.oneOf)[0], name, depth + 1)
  if (schema.enum) return schema.enum[0]
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  const type = [schema.type ?? 'object'].flat().find((t: string) => t !== 'null')
  if (type === 'string') {
    const text = 'Visibility probe text here'
    const min = schema.minLength ?? 0
    const max = schema.maxLength ?? 100
    return text.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, text.length)))
  }
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1)
  if (type === 'boolean') return false
  if (type === 'array') {
    const item = minimalBody(schema.items, name, depth + 1)
    return Array.from({ length: schema.minItems ?? 0 }, () => item)
  }
  const out: Record<string, unknown> = {}
  for (const key of schema.required ?? []) out[key] = minimalBody(schema.properties?.[key], key, depth + 1)
  return out
}

const bodyOf = (op: Operation) =>
  BODIES[label(op)]?.(w) ?? (op.bodySchema ? minimalBody(op.bodySchema) : undefined)

/** Values of a path's other parameters while `kind` is the one hidden. */
function pathValues(params: Record<string, Kind>, testing: string, value: string | number) {
  const kind = params[testing] as HiddenKind
  const values: Record<string, string | number> = {}
  for (const [name, k] of Object.entries(params))
    values[name] = name === testing ? value : (w.context[kind]?.[k] ?? w.visible[k])
  return values
}

/** Rows a refused request must not have written (the caller's whole walk is refusals). */
const WATCHED = [
  'reports',
  'post_likes',
  'comment_likes',
  'contest_likes',
  'comments',
  'posts',
  'group_messages',
  'group_members',
  'gang_members',
  'auction_managers',
  'contest_members',
  'esports_members',
  'follows',
  'user_ratings',
  'claim_refunds',
] as const

async function counts() {
  const out: Record<string, number> = {}
  for (const table of WATCHED) {
    const row = await w.deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    out[table] = Number(row.n)
  }
  return out
}

const variants = (kind: HiddenKind) => [w.hidden[kind], ...(w.also[kind] ?? [])]

describe('one visibility rule per kind of object', () => {
  it('maps every path parameter of every operation to a kind', () => {
    const unmapped: string[] = []
    for (const op of ops) {
      if (op.params.length === 0 || isAdminPath(op.path)) continue
      const mapped = PATHS[op.path]
      for (const p of op.params) if (!mapped?.[p]) unmapped.push(`${label(op)} {${p}}`)
    }
    expect(unmapped, 'map these parameters to a kind in PATHS').toEqual([])
    const stale = Object.keys(PATHS).filter((p) => !ops.some((op) => op.path === p))
    expect(stale, 'PATHS names paths the API no longer has').toEqual([])
  })

  it('maps every body and query field that names something to what it names, and sends each hidden kind', () => {
    const unmapped: string[] = []
    for (const op of ops) {
      if (isAdminPath(op.path)) continue
      const query = (op.op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name)
      const names = [...Object.keys(op.bodySchema?.properties ?? {}), ...query]
      for (const name of names.filter((n: string) => NAMES_SOMETHING.test(n)))
        if (!FIELDS[label(op)]?.[name]) unmapped.push(`${label(op)} ${name}`)
    }
    expect(unmapped, 'map these fields in FIELDS (visibility-fields.ts)').toEqual([])
    const stale = Object.keys(FIELDS).filter((l) => !ops.some((op) => label(op) === l))
    expect(stale, 'FIELDS names operations the API no longer has').toEqual([])
    const cases = bodyCases(w)
    const unsent = Object.entries(FIELDS).flatMap(([op, fields]) =>
      Object.entries(fields).flatMap(([field, kind]) =>
        [kind]
          .flat()
          .filter((k) => k in w.hidden)
          .filter((k) => !cases.some((c) => c.op === op && c.field === field && c.kind === k))
          .map((k) => `${op} ${field} (${k})`),
      ),
    )
    expect(unsent, 'send these hidden and missing in bodyCases (visibility-fields.ts)').toEqual([])
  })

  it('the hidden objects exist: their owner reads each of them', async () => {
    const reads: Array<[string, string]> = [
      ['contest', `/api/contests/${w.hidden.contest}`],
      ['championship_contest', `/api/championship/contests/${w.hidden.championship_contest}`],
      ['esports_contest', `/api/esports/contests/${w.hidden.esports_contest}/room_details`],
      ['post', `/api/posts/${w.hidden.post}`],
      ['comment', `/api/posts/${w.hidden.post}/comments`],
      ['group', `/api/groups/${w.hidden.group}/messages`],
      ['auction', `/api/auctions/${w.hidden.auction}`],
      ['auction_tournament', `/api/auction/tournaments/${w.hidden.auction_tournament}`],
      ['auction_manager', `/api/auction/managers/${w.hidden.auction_manager}`],
      ['gang', `/api/series/${w.visible.series}/leagues/${w.hidden.gang}`],
      ['phase_gang', `/api/championship/series_phases/${w.visible.phase}/leagues/${w.hidden.phase_gang}`],
      ['user_team', `/api/matches/${w.visible.match}/user_teams/${w.hidden.user_team}`],
      ['classic_team', `/api/championship/classic_teams/${w.hidden.classic_team}`],
      ['prize_structure', `/api/prize_structures/${w.hidden.prize_structure}`],
      ['claim_refund', `/api/claim_refunds/${w.hidden.claim_refund}`],
      ['user_credit', `/api/user_credits/${w.hidden.user_credit}`],
      ['scratch_card', `/api/scratch_cards/${w.hidden.scratch_card}`],
    ]
    const answers = await Promise.all(reads.map(([, path]) => w.api.get(path, w.hider.token)))
    expect(Object.fromEntries(reads.map(([kind], i) => [kind, answers[i]?.status]))).toEqual(
      Object.fromEntries(reads.map(([kind]) => [kind, 200])),
    )
    // …and the words the walk looks for are in what the owner reads.
    expect(JSON.stringify(answers.map((a) => a.body))).toContain(SECRET)
  })

  it('answers a hidden object exactly as a missing one, on every operation that takes its id', async () => {
    const before = await counts()
    const problems: string[] = []
    let checked = 0
    for (const op of ops) {
      const params = isAdminPath(op.path)
        ? Object.fromEntries(op.params.map((p) => [p, 'user_id' as Kind]))
        : (PATHS[op.path] ?? {})
      for (const [name, kind] of Object.entries(params)) {
        if (!(kind in w.hidden)) continue
        const hiddenKind = kind as HiddenKind
        const body = bodyOf(op)
        // Signed in as an ordinary player; and signed out where the operation allows it.
        const tokens = op.secured ? [w.caller.token] : [w.caller.token, undefined]
        for (const token of tokens)
          for (const value of variants(hiddenKind)) {
            const hidden = await send(op, fillPath(op.path, pathValues(params, name, value)), body, token)
            const missing = await send(
              op,
              fillPath(op.path, pathValues(params, name, w.missing[hiddenKind])),
              body,
              token,
            )
            checked++
            const where = `${label(op)} {${name}} (${kind} ${value}${token ? '' : ', signed out'})`
            const expected = isAdminPath(op.path) ? 403 : 404
            if (missing.status !== expected)
              problems.push(
                `${where}: a missing id answers ${missing.status} ${JSON.stringify(missing.body)}`,
              )
            const [h, m] = [shape(hidden, value), shape(missing, w.missing[hiddenKind])]
            if (h !== m) problems.push(`${where}: hidden ${h} ≠ missing ${m}`)
            const shown = leaks(hidden, value)
            if (shown.length > 0) problems.push(`${where}: the answer shows ${shown.join(', ')}`)
          }
      }
    }
    expect(checked).toBeGreaterThan(200)
    expect(problems).toEqual([])
    expect(await counts()).toEqual(before)
  }, 120_000)

  it('answers an id in a body naming a hidden object exactly as one naming nothing', async () => {
    const before = await counts()
    const problems: string[] = []
    let n = 0
    for (const c of bodyCases(w))
      for (const value of variants(c.kind)) {
        const hidden = await c.send(value, ++n)
        const missing = await c.send(w.missing[c.kind], ++n)
        const where = `${c.op} ${c.field} (${c.kind} ${value})`
        if (missing.status !== (c.status ?? 404))
          problems.push(`${where}: a missing id answers ${missing.status} ${JSON.stringify(missing.body)}`)
        const [h, m] = [shape(hidden, value), shape(missing, w.missing[c.kind])]
        if (h !== m) problems.push(`${where}: hidden ${h} ≠ missing ${m}`)
        const shown = leaks(hidden, value)
        if (shown.length > 0) problems.push(`${where}: the answer shows ${shown.join(', ')}`)
      }
    expect(problems).toEqual([])
    expect(await counts()).toEqual(before)
  })
})
