import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'

/**
 * An entry page's data starts with its chunk (docs/performance.md, "Delivery"): on a cold
 * `/contests` the browser asks for `/api/contests/home` while the contests chunk is still on
 * its way, and the page, once it runs, finds the answer instead of asking again.
 */
let world: E2eWorld

beforeAll(async () => {
  world = await startE2eWorld()
})
afterAll(() => world?.close())

/** The built file of the contests pages' chunk, from the build's manifest. */
function contestsChunk(): string {
  const dist = path.resolve(import.meta.dirname, '../../../web/dist')
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'))
  return manifest['src/features/contests/pages.ts'].file
}

describe("a cold page's data", () => {
  it('is asked for while the page chunk is held back, once', async () => {
    const homeRequests: number[] = []
    world.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/contests/home') homeRequests.push(Date.now())
    })
    let askedBeforeChunk: boolean | undefined
    await world.page.route(`**/${contestsChunk()}`, async (route) => {
      // Hold the chunk back until the data is asked for (or 5 s: then the data waited for it).
      const until = Date.now() + 5_000
      while (homeRequests.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25))
      askedBeforeChunk = homeRequests.length > 0
      await route.continue()
    })
    await world.page.goto('/contests')
    await world.page.getByTestId('contests-home').waitFor()
    await world.page.waitForLoadState('networkidle')
    expect(askedBeforeChunk).toBe(true)
    expect(homeRequests).toHaveLength(1)
    expect(world.problems).toEqual([])
  })
})
