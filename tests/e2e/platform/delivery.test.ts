import type { Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'

/**
 * What a real browser gets (docs/performance.md, "Delivery"): the page and every script and
 * style sheet in brotli, hashed assets cached for a year, the page revalidated by ETag; and on
 * a second visit nothing but the page's revalidation goes over the wire for the client.
 */
let world: E2eWorld

beforeAll(async () => {
  world = await startE2eWorld()
})
afterAll(() => world?.close())

/** Every response of one navigation, with the headers the browser really sent. */
async function visit(go: () => Promise<unknown>): Promise<Response[]> {
  const responses: Response[] = []
  const listen = (r: Response) => responses.push(r)
  world.page.on('response', listen)
  await go()
  await world.page.getByTestId('contests-home').waitFor()
  await world.page.waitForLoadState('networkidle')
  world.page.off('response', listen)
  return responses
}

describe('the web client in a browser', () => {
  it('arrives in brotli, assets cached for a year and the page revalidated', async () => {
    const responses = await visit(() => world.page.goto('/contests'))
    const page = responses.find((r) => new URL(r.url()).pathname === '/contests')
    expect(page?.status()).toBe(200)
    expect(await page?.headerValue('content-encoding')).toBe('br')
    expect(await page?.headerValue('cache-control')).toBe('no-cache')
    expect(await page?.headerValue('etag')).toMatch(/^"/)
    const assets = responses.filter((r) => /\/assets\/.+\.(?:js|css)$/.test(r.url()))
    expect(assets.length).toBeGreaterThan(3)
    for (const asset of assets) {
      // Files under 512 bytes have no compressed copy (web/compress-assets.ts).
      if ((await asset.body()).length < 512) continue
      expect(await asset.headerValue('content-encoding'), asset.url()).toBe('br')
      expect(await asset.headerValue('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await asset.headerValue('vary')).toContain('Accept-Encoding')
    }
    expect(world.problems).toEqual([])
  })

  it('asks only for the page again on a second visit, and gets 304', async () => {
    // What went over the wire, as Chromium's network layer saw it: `responseReceived` reports
    // a revalidated page as the cached 200, the ExtraInfo events carry what was really sent.
    const cdp = await world.browser.newCDPSession(world.page)
    await cdp.send('Network.enable')
    type Seen = { path: string; cached: boolean; wireStatus?: number; ifNoneMatch?: string }
    const seen = new Map<string, Seen>()
    const entry = (id: string) => seen.get(id) ?? ({ path: '', cached: false } as Seen)
    cdp.on('Network.requestWillBeSent', (e) =>
      seen.set(e.requestId, { ...entry(e.requestId), path: new URL(e.request.url).pathname }),
    )
    cdp.on('Network.requestWillBeSentExtraInfo', (e) =>
      seen.set(e.requestId, { ...entry(e.requestId), ifNoneMatch: e.headers['If-None-Match'] as string }),
    )
    cdp.on('Network.responseReceivedExtraInfo', (e) =>
      seen.set(e.requestId, { ...entry(e.requestId), wireStatus: e.statusCode }),
    )
    cdp.on('Network.requestServedFromCache', (e) =>
      seen.set(e.requestId, { ...entry(e.requestId), cached: true }),
    )
    cdp.on('Network.responseReceived', (e) => {
      const cached = Boolean(e.response.fromDiskCache)
      if (cached) seen.set(e.requestId, { ...entry(e.requestId), cached })
    })
    await visit(() => world.page.goto('/contests'))
    await cdp.detach()
    const requests = [...seen.values()]
    const page = requests.find((r) => r.path === '/contests')
    expect(page?.ifNoneMatch).toMatch(/^"/)
    expect(page?.wireStatus).toBe(304)
    const assets = requests.filter((r) => r.path.startsWith('/assets/'))
    expect(assets.length).toBeGreaterThan(3)
    // Not one script or style sheet went over the wire, not even to be revalidated.
    expect(assets.filter((r) => !r.cached || r.wireStatus !== undefined)).toEqual([])
    expect(world.problems).toEqual([])
  })
})
