import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'
import { signInBrowser } from '../league'

/**
 * Two tabs of one browser share the token cookies. When the access token stops working in
 * both at once, both get a 401 and want to refresh with the same refresh token; neither tab
 * may end up signed out.
 */
let world: E2eWorld

beforeAll(async () => {
  world = await startE2eWorld()
})
afterAll(() => world?.close())

const headers = { 'content-type': 'application/json', 'x-fanspole-client': 'web' }

/** A player signed up and signed in through the API; the browser gets the pair as cookies. */
async function signedInPlayer(username: string) {
  const email = `${username}@example.test`
  const password = 'two-tabs-pass-1'
  const created = await fetch(`${world.server.url}/api/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, username, password, full_name: 'Two Tabs' }),
  })
  expect(created.status).toBe(201)
  const res = await fetch(`${world.server.url}/oauth/token`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ grant_type: 'password', email, password }),
  })
  const pair = (await res.json()) as { access_token: string; refresh_token: string }
  await signInBrowser(world.browser, world.server.url, pair)
  return pair
}

const cookie = async (name: string) => (await world.browser.cookies()).find((c) => c.name === name)?.value

async function meStatus(token: string | undefined) {
  const res = await fetch(`${world.server.url}/api/me`, {
    headers: { authorization: `Bearer ${token}`, 'x-fanspole-client': 'web' },
  })
  return res.status
}

/**
 * Opens the settings page in two tabs, breaks the access token, and reloads both at once.
 * Refresh requests are held until `release` says both tabs are far enough, so the race the
 * test is about happens every time: `401s` waits until both tabs were refused, `refreshes`
 * until both tabs sent a refresh.
 */
async function bothTabsRefresh(username: string, pages: Page[], release: '401s' | 'refreshes') {
  for (const page of pages) {
    await page.goto('/profile/settings')
    await page.locator('input[name=username]').waitFor()
  }
  const before = await cookie('rt')
  const refused = new Set<Page>()
  const refreshing = new Set<Page>()
  for (const page of pages) {
    page.on('response', (response) => {
      if (response.status() === 401 && response.url().includes('/api/')) refused.add(page)
    })
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/post_login')) refreshing.add(page)
    })
  }
  const ready = () => (release === '401s' ? refused.size : refreshing.size) === pages.length
  await world.browser.route('**/post_login/', async (route) => {
    const until = Date.now() + 5_000
    while (!ready() && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
    await route.continue()
  })
  // What an expired access token looks like to the client: every call answers 401.
  await world.browser.addCookies([{ name: 'at', value: 'expired-in-both-tabs', url: world.server.url }])
  await Promise.all(pages.map((page) => page.reload()))
  for (const page of pages) {
    await page.locator('input[name=username]').waitFor()
    expect(await page.locator('input[name=username]').inputValue()).toBe(username)
    expect(page.url()).toMatch(/\/profile\/settings$/)
  }
  await world.browser.unroute('**/post_login/')
  expect(refused.size).toBe(pages.length)
  expect(await cookie('rt')).not.toBe(before)
  // The session the tabs share is alive on the server.
  expect(await meStatus(await cookie('at'))).toBe(200)
  return refreshing.size
}

describe('web client: two tabs refreshing at once', () => {
  it('takes turns: the second tab uses the pair the first stored, even with no server grace', async () => {
    // No grace on the server: a second rotation of the same refresh token would revoke the family.
    const graceMs = world.server.deps.config.refreshGraceMs
    world.server.deps.config.refreshGraceMs = 0
    try {
      await signedInPlayer('tab_taker')
      const pages = [world.page, await world.browser.newPage()]
      // Only the first tab rotates; the second waits its turn and finds the new pair.
      expect(await bothTabsRefresh('tab_taker', pages, '401s')).toBe(1)
      await pages[1]?.close()
    } finally {
      world.server.deps.config.refreshGraceMs = graceMs
    }
  })

  it('in a browser without Web Locks, both tabs refresh and the server answers both with one pair', async () => {
    await world.browser.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true })
    })
    await signedInPlayer('tab_racer')
    const pages = [world.page, await world.browser.newPage()]
    // Both tabs present the same refresh token; the grace answers both with one pair.
    expect(await bothTabsRefresh('tab_racer', pages, 'refreshes')).toBe(2)
    await pages[1]?.close()
  })
})
