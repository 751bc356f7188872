import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/core/config'
import { type TestWorld, testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { codeInputs, fillPath, label, type Operation, openApiDoc, operations } from '../../helpers/openapi'

// One limiter for every code a caller could guess (server/http/code-lookup.ts): only wrong
// codes count, per player and per address; a player with no misses is served even from an
// address over its limit. Runs on SQLite and, in api-pg, on PostgreSQL.

const WINDOW_MS = 15 * 60_000
/** Small limits, so that every operation can be driven past them. */
function limits(perUser: number, perAddress: number) {
  return {
    ...loadConfig({}, {}).rateLimits,
    codeLookupPerUser: { windowMs: WINDOW_MS, limit: perUser },
    codeLookupPerAddress: { windowMs: WINDOW_MS, limit: perAddress },
  }
}

let world: TestWorld
let api: ReturnType<typeof client>

/** A request from `address` (in-process requests carry the node server's socket info). */
async function send(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; address: string },
) {
  const headers: Record<string, string> = { 'x-fanspole-client': 'web' }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const res = await api.app.request(
    path,
    { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    { incoming: { socket: { remoteAddress: options.address } } },
  )
  const text = await res.text()
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    retryAfter: res.headers.get('retry-after'),
  }
}

/** The operation called with `code` in every code input (other path ids: 1). */
function callWith(op: Operation, inputs: ReturnType<typeof codeInputs>, code: string) {
  const params: Record<string, string> = {}
  const query = new URLSearchParams()
  const body: Record<string, string> = {}
  for (const input of inputs) {
    if (input.in === 'path') params[input.name] = code
    if (input.in === 'query') query.set(input.name, code)
    if (input.in === 'body') body[input.name] = code
  }
  const path = fillPath(op.path, params) + (query.size > 0 ? `?${query}` : '')
  return { path, body: inputs.some((i) => i.in === 'body') ? body : undefined }
}

describe('every operation that takes a code (from /api/openapi.json)', () => {
  let ops: Array<{ op: Operation; inputs: ReturnType<typeof codeInputs> }>
  beforeAll(async () => {
    world = await testWorld({ rateLimits: limits(2, 2) })
    api = client(world.deps)
    const doc = await openApiDoc(api.app)
    ops = operations(doc)
      .map((op) => ({ op, inputs: codeInputs(doc, op) }))
      .filter((o) => o.inputs.length > 0)
  })
  afterAll(() => world.close())

  it('finds the code lookups of every area', () => {
    const found = ops.map((o) => label(o.op))
    // A floor, not the list: the walk below covers whatever is declared.
    for (const known of [
      'GET /api/contests/invite_code/{code}',
      'POST /api/groups/join',
      'GET /api/leagues/code/{code}',
      'POST /api/leagues/join',
      'POST /api/auctions/{id}/join',
      'GET /api/auctions',
      'POST /api/auction/tournaments/{id}/join',
      'GET /api/esports/contests/by_code/{invite_code}',
      'POST /api/esports/contests/{id}/join',
      'POST /api/esports/tournaments/{id}/squads/join',
      'POST /api/contests/{id}/join',
      'POST /api/championship/contests/{id}/join',
      'GET /api/contests/{id}',
      'POST /api/me/refer_code',
      'POST /api/users',
    ])
      expect(found).toContain(known)
  })

  it('answers wrong codes past the limit with 429 and Retry-After, per player or (signed out) per address', async () => {
    const unlimited: string[] = []
    let n = 0
    for (const { op, inputs } of ops) {
      n++
      const address = `10.77.${Math.floor(n / 250)}.${n % 250}`
      const token = op.secured ? (await api.player()).token : undefined
      const { path, body } = callWith(op, inputs, `NOPE${n}X`)
      const answers = []
      for (let i = 0; i < 3; i++) answers.push(await send(op.method, path, { token, body, address }))
      const [first, second, third] = answers as [
        (typeof answers)[0],
        (typeof answers)[0],
        (typeof answers)[0],
      ]
      expect([first.status, second.status], label(op)).not.toContain(429)
      expect(first.status, `${label(op)}: a wrong code succeeded`).toBeGreaterThanOrEqual(400)
      if (third.status !== 429) {
        unlimited.push(
          `${label(op)} (${inputs.map((i) => `${i.in}:${i.name}`).join(', ')}) → ${third.status}`,
        )
        continue
      }
      expect(third.body, label(op)).toMatchObject({ code: 'RATE_LIMITED', request_id: expect.any(String) })
      expect(Number(third.retryAfter), label(op)).toBeGreaterThan(0)
      expect(Number(third.retryAfter), label(op)).toBeLessThanOrEqual(WINDOW_MS / 1000)
    }
    expect(unlimited, 'operations whose codes can be guessed without limit').toEqual([])
  })
})

/** A group and its invite code, made by `owner`. */
async function groupCode(owner: { token: string }) {
  const made = await api.post('/api/groups', { name: 'Year 9 maths' }, owner.token)
  expect(made.status).toBe(201)
  const uuid = made.body.group.group_uuid_id as string
  const share = await api.post(`/api/groups/${uuid}/share`, {}, owner.token)
  return { uuid, code: share.body.invite_code as string }
}

const join = (code: string, token: string, address = '10.3.3.3') =>
  send('POST', '/api/groups/join', { token, body: { invite_code: code }, address })

async function members(uuid: string) {
  const rows = await world.deps.db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select('m.user_id')
    .where('g.uuid', '=', uuid)
    .where('m.removed_at_ms', 'is', null)
    .execute()
  return rows.length
}

describe('POST /api/groups/join (the code-lookup limiter)', () => {
  beforeEach(async () => {
    world = await testWorld({ rateLimits: limits(3, 5) })
    api = client(world.deps)
  })
  afterEach(() => world.close())

  it('counts only wrong codes: a right one goes through any number of times', async () => {
    const owner = await api.player()
    const { code } = await groupCode(owner)
    const p = await api.player()
    for (let i = 0; i < 10; i++) expect((await join(code, p.token)).status).toBe(200)
    expect((await join('ZZZZZZZZZZ', p.token)).status).toBe(404)
    expect((await join(code, p.token)).status).toBe(200)
  })

  it('makes a player with `limit` wrong codes wait, the right code too; others at the address are served', async () => {
    const owner = await api.player()
    const { uuid, code } = await groupCode(owner)
    const guesser = await api.player()
    for (let i = 0; i < 3; i++) expect((await join(`WRONG${i}ZZZZ`, guesser.token)).status).toBe(404)
    const before = await members(uuid)
    const blocked = await join(code, guesser.token)
    expect(blocked.status).toBe(429)
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(blocked.retryAfter)).toBe(WINDOW_MS / 1000)
    // Nothing was written by the refusal.
    expect(await members(uuid)).toBe(before)
    // A classmate at the same address joins.
    const classmate = await api.player()
    expect((await join(code, classmate.token)).status).toBe(200)
    // The window ends on wall time.
    world.wall.advance(WINDOW_MS)
    expect((await join(code, guesser.token)).status).toBe(200)
  })

  it('over the address limit: wrong codes wait and players who missed there wait; a player with no misses is served', async () => {
    const owner = await api.player()
    const { code } = await groupCode(owner)
    const typists = [await api.player(), await api.player(), await api.player()]
    // Five misses from the room (the address limit), two by the first typist.
    for (const [i, p] of [typists[0], typists[0], typists[1], typists[2], typists[1]].entries())
      expect((await join(`MISS${i}ZZZZZ`, (p as { token: string }).token)).status).toBe(404)
    // A sixth wrong code from there waits, even from a player with no misses (and it counts)…
    const fresh = await api.player()
    expect((await join('MISS9ZZZZZ', fresh.token)).status).toBe(429)
    expect((await join(code, fresh.token)).status).toBe(429)
    // …a typist waits with the right code too…
    expect((await join(code, (typists[0] as { token: string }).token)).status).toBe(429)
    // …and everyone who typed it right is served, from there or elsewhere.
    for (let i = 0; i < 4; i++) expect((await join(code, (await api.player()).token)).status).toBe(200)
    expect((await join(code, (typists[0] as { token: string }).token, '10.4.4.4')).status).toBe(200)
  })

  it('lets exactly `limit` of many simultaneous wrong codes reach the handler', async () => {
    const p = await api.player()
    // From eight addresses, so that only the player's own bucket decides.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => join(`RACE${i}ZZZZZ`, p.token, `10.6.6.${i}`)),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([404, 404, 404, 429, 429, 429, 429, 429])
  })

  it('counts signed-out lookups per address', async () => {
    const lookup = (c: string, address: string) => send('GET', `/api/contests/invite_code/${c}`, { address })
    for (let i = 0; i < 5; i++) expect((await lookup(`NONE${i}ZZZZ`, '10.5.5.5')).status).toBe(404)
    expect((await lookup('NONE9ZZZZ', '10.5.5.5')).status).toBe(429)
    expect((await lookup('NONE9ZZZZ', '10.5.5.6')).status).toBe(404)
  })
})
