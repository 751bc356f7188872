import { createRoute, z } from '@hono/zod-openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { invalid } from '../../server/http/errors'
import { errors, json, jsonBody } from '../../server/http/responses'
import { bearerSecurity, createRouter } from '../../server/http/router'
import { formatProblems, fuzzApi } from './fuzzer'
import { type FuzzWorld, fuzzWorld } from './world'

/**
 * The fuzzer must fail on the bugs it exists to catch. Two operations are planted in the real
 * app through the ordinary router (so they appear in /api/openapi.json like any new area):
 * one answers 500 for most strings, one writes a row and then refuses the request.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261124)

let target: FuzzWorld
beforeAll(async () => {
  target = await fuzzWorld(7)
})
afterAll(() => target.close())

const PRIZE_BY_KIND: Record<string, number> = { gold: 100, silver: 50 }

function plantedRoutes(deps: FuzzWorld['deps']) {
  const app = createRouter()
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/planted/prizes',
      summary: 'A lookup that trusts its input',
      request: { body: jsonBody(z.strictObject({ kind: z.string().max(20), note: z.string().optional() })) },
      responses: { 200: json(z.object({ prize: z.string() }), 'The prize'), ...errors(422) },
    }),
    // The bug: an unknown kind is undefined, and undefined has no toFixed.
    (c) => c.json({ prize: (PRIZE_BY_KIND[c.req.valid('json').kind] as number).toFixed(2) }, 200),
  )
  let n = 0
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/planted/names',
      summary: 'A check after the write',
      security: bearerSecurity,
      request: { body: jsonBody(z.strictObject({ name: z.string().max(40) })) },
      responses: { 201: json(z.object({ ok: z.boolean() }), 'Kept'), ...errors(401, 422) },
    }),
    // The bug: the row is written outside any transaction, then the request is refused.
    async (c) => {
      n++
      await deps.db
        .insertInto('app_settings')
        .values({ key: `planted-${n}`, value: c.req.valid('json').name, updated_at_ms: 0 })
        .execute()
      throw invalid({ name: ['is already taken'] })
    },
  )
  return app
}

describe('the fuzzer against planted bugs', () => {
  it('reports an operation that answers 500 and a refused write that changed a table', async () => {
    const app = createApp(target.deps)
    app.route('/', plantedRoutes(target.deps))
    const report = await fuzzApi(target, app, {
      seed: SEED,
      runs: 1,
      only: (op) => op.path.startsWith('/api/planted/'),
    })
    expect(report.operations).toBe(2)
    const summary = formatProblems(report, SEED)
    const crashed = report.problems.filter((p) => p.operation === 'POST /api/planted/prizes')
    expect(crashed.length, summary).toBeGreaterThan(0)
    expect(
      crashed.every((p) => p.reason === 'answered 500'),
      summary,
    ).toBe(true)
    expect(crashed[0]?.replay).toMatch(/^seed -?\d+, path "\d+(:\d+)*"$/)
    const halfWritten = report.problems.filter((p) => p.operation === 'POST /api/planted/names')
    expect(halfWritten.length, summary).toBeGreaterThan(0)
    // Signed out, the route answers 401 before its handler: nothing written, nothing reported.
    expect(
      halfWritten.some((p) => p.identity === 'anon'),
      summary,
    ).toBe(false)
    for (const p of halfWritten)
      expect(p.reason).toMatch(/^a refused write changed app_settings: \d+ → \d+ rows/)
    expect(summary).toContain(`FUZZ_SEED=${SEED}`)
  })
})
