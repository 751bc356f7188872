import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestWorld, testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { fillPath, label, type Operation, openApiDoc, operations } from '../../helpers/openapi'

/**
 * Sign-in comes before input: an operation that declares `security: Bearer` answers a caller
 * without a valid token with 401 whatever the path, query and body hold, so a signed-out
 * caller learns nothing about the fields (and no validation work runs for them). The router
 * does it for every route that declares security (server/http/router.ts).
 */

let world: TestWorld
let api: ReturnType<typeof client>
let ops: Operation[]

beforeAll(async () => {
  world = await testWorld()
  api = client(world.deps)
  ops = operations(await openApiDoc(api.app))
})
afterAll(() => world.close())

/** A request wrong in every part: ids that are not ids, unknown query keys, a body of unknown fields. */
function hostile(op: Operation, headers: Record<string, string> = {}) {
  const path = `${fillPath(op.path, {}, 'abc')}?page=-5&per_page=x&bogus=%00`
  return api.call(op.method, path, {
    headers,
    ...(op.method === 'GET' ? {} : { raw: '{"bogus": 1, "constructor": 2, "name": "\\u0000"}' }),
  })
}

describe('sign-in before validation', () => {
  it('answers 401 UNAUTHORIZED to a signed-out caller on every operation that requires sign-in', async () => {
    const secured = ops.filter((op) => op.secured)
    expect(secured.length).toBeGreaterThan(100)
    for (const op of secured) {
      const res = await hostile(op)
      expect(res.status, label(op)).toBe(401)
      expect(res.body, label(op)).toEqual({
        error: 'Sign in to continue',
        code: 'UNAUTHORIZED',
        request_id: expect.any(String),
      })
    }
  })

  it('answers 401 INVALID_TOKEN to an unknown token on every such operation', async () => {
    for (const op of ops.filter((o) => o.secured)) {
      const res = await hostile(op, { authorization: 'Bearer not-a-real-token' })
      expect(res.status, label(op)).toBe(401)
      expect(res.body.code, label(op)).toBe('INVALID_TOKEN')
    }
  })

  it('answers 403 to a player on every admin operation, before validation', async () => {
    const player = await api.player()
    const adminOps = ops.filter((op) => op.path.startsWith('/api/admin/'))
    expect(adminOps.length).toBeGreaterThan(20)
    for (const op of adminOps) {
      const res = await hostile(op, { authorization: `Bearer ${player.token}` })
      expect(res.status, label(op)).toBe(403)
      expect(res.body.code, label(op)).toBe('FORBIDDEN')
    }
  })

  it('still validates for a signed-in caller', async () => {
    const player = await api.player()
    const res = await api.post('/api/auctions', { bogus: 1 }, player.token)
    expect(res.status).toBe(422)
    expect(res.body.errors).toMatchObject({ bogus: ['is not a known field'], name: ['is required'] })
  })
})
