import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/core/config'
import { FIELDS_MAX_DEPTH } from '../../../server/http/fields'
import { NOT_AN_OBJECT } from '../../../server/http/validation'
import { type TestWorld, testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { fillPath, label, type Operation, openApiDoc, operations } from '../../helpers/openapi'

/**
 * Requests that answered 500 (or worse, were stored) before the shared HTTP layer learned to
 * refuse them: each walks every operation of /api/openapi.json that takes such input, so a
 * new operation is covered the day it is declared.
 */

let world: TestWorld
let api: ReturnType<typeof client>
let ops: Operation[]
let admin: Awaited<ReturnType<typeof api.admin>>

/** No rate limit in the way: these tests send many refused requests to the same endpoints. */
const unlimited = Object.fromEntries(
  Object.entries(loadConfig({}, {}).rateLimits).map(([name, rule]) => [name, { ...rule, limit: 1_000_000 }]),
) as ReturnType<typeof loadConfig>['rateLimits']

beforeAll(async () => {
  world = await testWorld({ rateLimits: unlimited })
  api = client(world.deps)
  admin = await api.admin()
  ops = operations(await openApiDoc(api.app))
})
afterAll(() => world.close())

const jsonOps = () => ops.filter((op) => op.bodyTypes.includes('application/json'))
const bodyOps = () => ops.filter((op) => op.bodyTypes.length > 0)
/** Placeholders filled with values that pass parameter validation (ids are `1`). */
const at = (op: Operation) => fillPath(op.path, { gateway: 'paytm' })

const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']

describe('prototype-named keys in a body', () => {
  it('are unknown fields (422) on every operation with a JSON body, signed out on the token endpoint too', async () => {
    expect(jsonOps().length).toBeGreaterThan(40)
    for (const op of jsonOps()) {
      for (const key of PROTOTYPE_KEYS) {
        const res = await api.call(op.method, at(op), { raw: `{"${key}": 1}`, token: admin.token })
        expect(res.status, `${label(op)} ${key}`).toBe(422)
        expect(res.body.code, `${label(op)} ${key}`).toBe('VALIDATION_FAILED')
        expect(res.body.errors[key], `${label(op)} ${key}`).toEqual(['is not a known field'])
      }
    }
    const token = await api.call('POST', '/oauth/token', { raw: '{"grant_type":"password","__proto__":{}}' })
    expect(token.status).toBe(422)
    expect(Object.keys(token.body.errors)).toContain('__proto__')
  })

  it('are unknown fields when sent as a url-encoded or multipart form', async () => {
    for (const op of jsonOps()) {
      for (const key of PROTOTYPE_KEYS) {
        const form = await api.call(op.method, at(op), {
          raw: `${key}=1&${key}=2`,
          token: admin.token,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
        expect(form.status, `${label(op)} ${key}`).toBe(422)
        expect(form.body.errors[key], `${label(op)} ${key}`).toEqual(['is not a known field'])
      }
    }
    const multipart = new FormData()
    multipart.append('constructor', 'x')
    const res = await api.app.request('/api/me', {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}` },
      body: multipart,
    })
    expect(res.status).toBe(422)
    expect((await res.json()).errors).toEqual({ constructor: ['is not a known field'] })
  })
})

describe('bodies that cannot be read', () => {
  it('answers 400 BAD_REQUEST to multipart without a boundary on every operation with a body', async () => {
    expect(bodyOps().length).toBeGreaterThan(50)
    for (const op of bodyOps()) {
      for (const raw of ['', 'a=1', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1']) {
        const res = await api.call(op.method, at(op), {
          raw,
          token: admin.token,
          headers: { 'content-type': 'multipart/form-data' },
        })
        expect(res.status, label(op)).toBe(400)
        expect(res.body).toMatchObject({ code: 'BAD_REQUEST', request_id: expect.any(String) })
      }
    }
  })

  it('answers a cut-off multipart body with 400 too', async () => {
    const res = await api.call('PUT', '/api/me', {
      raw: '--b\r\nContent-Disposition: form-data; name="team_name"\r\n\r\nabc',
      token: admin.token,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('BAD_REQUEST')
  })

  it('answers null, a list, a string or a number in place of the object with the 422 shape', async () => {
    for (const op of jsonOps()) {
      for (const raw of ['null', '[]', '"x"', '5', 'true']) {
        const res = await api.call(op.method, at(op), { raw, token: admin.token })
        expect(res.status, `${label(op)} ${raw}`).toBe(422)
        expect(res.body, `${label(op)} ${raw}`).toEqual({
          error: NOT_AN_OBJECT,
          code: 'VALIDATION_FAILED',
          errors: { base: [NOT_AN_OBJECT] },
          request_id: expect.any(String),
        })
      }
    }
  })
})

describe('?fields=', () => {
  const reads = () =>
    ops.filter((op) => op.method === 'GET' && op.params.length === 0 && !op.path.startsWith('/api/admin'))

  it('answers a selection nested 8,000 deep with 422 on `fields` on every read, never a stack overflow', async () => {
    for (const op of reads()) {
      for (const spec of ['{'.repeat(8000), 'a{'.repeat(FIELDS_MAX_DEPTH + 1)]) {
        const res = await api.call('GET', `${op.path}?fields=${encodeURIComponent(spec)}`, {
          token: admin.token,
        })
        expect(res.status, label(op)).toBe(422)
        expect(Object.keys(res.body.errors), label(op)).toEqual(['fields'])
      }
    }
  })

  it('answers a malformed selection with 422 and keeps accepting a good one', async () => {
    for (const spec of ['id}', 'id{', '{id}', 'sports{slug}}', 'id,na.me']) {
      const res = await api.get(`/api/sports?fields=${encodeURIComponent(spec)}`)
      expect(res.status, spec).toBe(422)
      expect(res.body.code).toBe('VALIDATION_FAILED')
      expect(res.body.errors.fields).toHaveLength(1)
    }
    expect((await api.get('/api/sports?fields=slug,name')).body.sports[0]).toEqual({
      slug: 'cricket',
      name: 'Cricket',
    })
  })

  it('selects only real fields: `constructor` and `__proto__` select nothing', async () => {
    const res = await api.get('/api/sports?fields=slug,constructor,__proto__{x},toString')
    expect(res.status).toBe(200)
    expect(res.body.sports[0]).toEqual({ slug: 'cricket' })
  })
})

describe('path and query ids', () => {
  it('answers ids that cannot exist with one 422 on the field, and a real-looking one with 404', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '1e3', '0x1f', '99999999999999999999', '2147483648']) {
      const res = await api.get(`/api/contests/${encodeURIComponent(id)}`)
      expect(res.status, id).toBe(422)
      expect(res.body.errors, id).toEqual({ id: ['must be a whole number from 1 to 2147483647'] })
    }
    expect((await api.get('/api/contests/2147483647')).status).toBe(404)
    const query = await api.get('/api/matches?series_id=2147483648')
    expect(query.status).toBe(422)
    expect(query.body.errors).toEqual({ series_id: ['must be a whole number from 1 to 2147483647'] })
  })

  it('gives every id path parameter of every operation the same rule', async () => {
    // Queries are validated before paths: leave out the few operations with a required query.
    const requiredQuery = (op: Operation) =>
      (op.op.parameters ?? []).some((p: { in: string; required?: boolean }) => p.in === 'query' && p.required)
    const idParams = (op: Operation): string[] =>
      (op.op.parameters ?? [])
        .filter(
          (p: { in: string; schema?: { type?: string } }) => p.in === 'path' && p.schema?.type === 'integer',
        )
        .map((p: { name: string }) => p.name)
    const withIds = ops.filter((op) => idParams(op).length > 0 && !requiredQuery(op))
    expect(withIds.length).toBeGreaterThan(40)
    for (const op of withIds) {
      const path = fillPath(op.path, Object.fromEntries(idParams(op).map((p) => [p, 2 ** 31])))
      const res = await api.call(op.method, path, {
        token: admin.token,
        ...(op.method === 'GET' ? {} : { raw: '{}' }),
      })
      expect(res.status, label(op)).toBe(422)
      expect(Object.values(res.body.errors).flat(), label(op)).toContain(
        'must be a whole number from 1 to 2147483647',
      )
    }
  })

  it('refuses an id in a body beyond the integer range', async () => {
    const res = await api.post('/api/scratch_cards/claim', { id: 2 ** 31 }, admin.token)
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ id: ['must be a whole number from 1 to 2147483647'] })
  })
})

describe('the edge every route passes', () => {
  it('declares every API route in /api/openapi.json, so none bypasses the router or the fuzzer', async () => {
    const declared = new Set(ops.map((op) => `${op.method} ${op.path}`))
    // Documents about the API itself, not operations of it.
    const undeclared = new Set(['GET /api/openapi', 'GET /api/docs', 'GET /api/health'])
    const routes = new Set(
      api.app.routes
        .filter((r) => r.method !== 'ALL' && /^\/(api|oauth|post_login|gateway)(\/|$)/.test(r.path))
        .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`),
    )
    expect([...routes].filter((r) => !declared.has(r) && !undeclared.has(r))).toEqual([])
  })
})
