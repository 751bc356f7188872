import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from 'vitest'
import { type E2eWorld, SHOTS_DIR, secondBrowser, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'
import { LAST, routePaths, SIGNED_OUT, seedRouteExamples, settle } from './route-walk'

/**
 * No page is wider than the screen: every route of the router (web/src/routes.tsx) — each
 * static one, and one real example of each with parameters — at a phone's size and a
 * laptop's, asserting the document does not scroll sideways. A route added without an
 * example here fails the test, so new pages are measured too. LAYOUT_SHOTS=1 also saves a
 * screenshot of every page (in /tmp/fanspole-shots/layout).
 */
const SIZES = [
  { name: 'phone', width: 412, height: 915 },
  { name: 'laptop', width: 1280, height: 800 },
] as const
const player = { email: 'wide.fan@example.test', username: 'wide_fan', password: 'no-sideways-9' }

let world: E2eWorld
let exampleOf: (pattern: string) => string

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  exampleOf = await seedRouteExamples(world, player, 'Wide Fan')
  await world.page.emulateMedia({ reducedMotion: 'reduce' })
})
afterAll(() => world?.close())

async function widthOf(page: Page, url: string, shot: string | null, poll: ExpectStatic['poll']) {
  await settle(page, url, poll)
  if (shot) await page.screenshot({ path: shot })
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
    at: location.pathname,
  }))
}

describe('no page is wider than the screen', () => {
  const all = [...new Set(routePaths())]

  it('has an example for every route of the router', () => {
    expect(all.length).toBeGreaterThan(90)
    for (const pattern of all) expect(() => exampleOf(pattern), pattern).not.toThrow()
  })

  // The two sizes at once, each in its own browser (its own cookies): most of a page's time is
  // waiting for the network to go quiet, so two pages side by side take little longer than one.
  describe.concurrent('at each size', () => {
    for (const size of SIZES)
      it(`at ${size.width}×${size.height} (${size.name})`, { timeout: 400_000 }, async ({ expect }) => {
        const { page, browser } =
          size.name === 'phone' ? world : await secondBrowser(world, `layout-${size.name}`)
        const { server } = world
        await page.setViewportSize({ width: size.width, height: size.height })
        await page.emulateMedia({ reducedMotion: 'reduce' })
        await browser.clearCookies()
        const dir = process.env.LAYOUT_SHOTS ? path.join(SHOTS_DIR, 'layout') : null
        const wide: string[] = []
        const measure = async (pattern: string) => {
          const url = exampleOf(pattern)
          const name = `${size.name}-${url.replace(/[^a-z0-9]+/gi, '_') || 'root'}.png`
          const m = await widthOf(page, url, dir ? path.join(dir, name) : null, expect.poll)
          if (m.scrollWidth > m.innerWidth)
            wide.push(`${url} (at ${m.at}): ${m.scrollWidth} > ${m.innerWidth}`)
        }
        for (const pattern of SIGNED_OUT) await measure(pattern)
        const api = apiClient(world)
        await signInBrowser(browser, server.url, await api.signIn(player.email, player.password))
        for (const pattern of all.filter((p) => !SIGNED_OUT.includes(p) && !LAST.includes(p)))
          await measure(pattern)
        for (const pattern of LAST) await measure(pattern)
        if (browser !== world.browser) await browser.close()
        expect(wide).toEqual([])
      })
  })

  it('logged no errors in the browser', () => {
    expect(world.problems).toEqual([])
  })
})
