import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUser, type E2eWorld, startE2eWorld } from '../browser'

/**
 * The web client in headless Chromium against a real server: a new player signs up
 * through every step, logs out and back in, and meets the cross-cutting behaviour
 * (422 field messages, token refresh, live notifications, 404).
 */
const player = { email: 'kohli.fan@example.test', username: 'kohli_fan', password: 'cover-drive-18' }

let world: E2eWorld
let other: Awaited<ReturnType<typeof apiUser>>

beforeAll(async () => {
  world = await startE2eWorld()
  other = await apiUser(world.server, 'rohit_fan')
})
afterAll(() => world?.close())

const cookie = async (name: string) => (await world.browser.cookies()).find((c) => c.name === name)?.value
const local = (key: string) => world.page.evaluate((k) => localStorage.getItem(k), key)

/** GET with the browser's current access token, from Node: what the server believes. */
async function apiAs<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${world.server.url}${path}`, {
    headers: { authorization: `Bearer ${await cookie('at')}`, 'x-fanspole-client': 'web' },
  })
  return { status: res.status, body: (await res.json()) as T }
}

/** The path of the link in the newest mail to the player with this subject (the outbox is local). */
async function mailedLink(subject: string): Promise<string> {
  const mail = await world.server.deps.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('to_address', '=', player.email)
    .where('subject', '=', subject)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const link = /https?:\/\/[^/\s]+(\/reset-password\/\S+)/.exec(mail.body)?.[1]
  if (!link) throw new Error(`no link in the mail "${subject}"`)
  return link
}

describe('web client: sign up, log out, log in', () => {
  it('shows the landing page to a visitor at /', async () => {
    const { page } = world
    const warnings: string[] = []
    const onConsole = (m: { type(): string; text(): string }) => {
      if (m.type() === 'warning') warnings.push(m.text())
    }
    page.on('console', onConsole)
    await page.goto('/')
    await page.waitForURL('**/landing')
    await page.getByRole('heading', { level: 1 }).waitFor()
    page.off('console', onConsole)
    // The redirect at / is a route of its own; the router must not warn about it.
    expect(warnings.filter((w) => w.includes('Matched leaf route'))).toEqual([])
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('WIN CASH DAILY!')
    expect(await page.getByText('Have a Referral Code?').isVisible()).toBe(true)
    await world.shot('landing')
  })

  it('signs up through the three signup steps', async () => {
    const { page } = world
    await page.getByTestId('lets-play').click()
    await page.waitForURL('**/signup')
    await page.fill('input[name=email]', player.email)
    await page.fill('input[name=username]', player.username)
    await page.fill('input[name=password]', player.password)
    await page.getByTestId('username-available').waitFor()
    await world.shot('signup', { fullPage: false })
    await page.getByRole('button', { name: 'Sign up' }).click()

    await page.waitForURL('**/signup/my-interests')
    await page.getByTestId('sport-cricket').click()
    await page.getByTestId('sport-football').click()
    await world.shot('signup-interests')
    await page.getByRole('button', { name: 'Next' }).click()

    await page.waitForURL('**/signup/select-avatar')
    await page.getByTestId('avatar-7').click()
    await world.shot('signup-avatar')
    await page.getByRole('button', { name: 'Next' }).click()

    await page.waitForURL('**/signup/suggested-accounts')
    const suggestion = page.getByTestId('suggestion').filter({ hasText: '@rohit_fan' })
    await suggestion.getByRole('button', { name: 'Follow' }).click()
    await suggestion.getByRole('button', { name: 'Following' }).waitFor()
    await world.shot('signup-suggestions')
    await page.getByTestId('finish-signup').click()
    // Home is the contests page.
    await page.waitForURL('**/contests')
    await page.getByTestId('contests-home').waitFor()

    const me = await apiAs<{ user: { interests: string[]; avatar_id: number; following_count: number } }>(
      '/api/me',
    )
    expect(me.status).toBe(200)
    expect(me.body.user.interests).toEqual(['cricket', 'football'])
    expect(me.body.user.avatar_id).toBe(7)
    expect(me.body.user.following_count).toBe(1)
  })

  it('shows the profile with the username and a ₹ balance', async () => {
    const { page } = world
    await page.goto('/profile')
    await page.getByTestId('profile').waitFor()
    expect(await page.getByTestId('profile-username').textContent()).toBe('@kohli_fan')
    expect(await page.getByTestId('current-balance').textContent()).toMatch(/^₹\d/)
    expect(await page.getByTestId('balance-chip').textContent()).toMatch(/^₹\d/)
    expect(await local('me_display_name')).toBe('kohli_fan')
    expect(await local('me_cricket_level')).toBe('1')
    expect(await local('me_current_balance')).toBe('0')
    await world.shot('profile')
  })

  it('shows a new notification live, without a reload', async () => {
    const { page } = world
    await page
      .getByRole('link', { name: /^Notifications/ })
      .first()
      .click()
    await page.waitForURL('**/notifications')
    await page.getByText('Welcome to Fanspole, kohli_fan!').waitFor()
    expect(await page.getByTestId('unread-count').textContent()).toBe('1')

    // Live means over /cable: the list must not be fetched again.
    const refetches: string[] = []
    const watch = (request: { url(): string }) => {
      if (request.url().includes('/api/notifications')) refetches.push(request.url())
    }
    page.on('request', watch)
    expect((await other.post('/api/users/kohli_fan/follow')).status).toBe(200)
    await page.getByText('rohit_fan started following you').waitFor({ timeout: 5000 })
    await page.getByTestId('unread-count').filter({ hasText: '2' }).waitFor()
    page.off('request', watch)
    expect(refetches).toEqual([])
    await world.shot('notifications')

    await page.getByRole('button', { name: 'Mark all read' }).click()
    await page.getByTestId('unread-count').waitFor({ state: 'detached' })
  })

  it('logs out: the tokens are revoked and every cached value is gone', async () => {
    const { page } = world
    const oldToken = await cookie('at')
    await page.goto('/logout')
    await page.waitForURL('**/landing')
    expect(await cookie('at')).toBeUndefined()
    expect(await cookie('rt')).toBeUndefined()
    for (const key of [
      'me_display_name',
      'me_team_name',
      'me_image',
      'me_cricket_level',
      'me_current_balance',
    ])
      expect(await local(key)).toBeNull()
    const res = await fetch(`${world.server.url}/api/me`, {
      headers: { authorization: `Bearer ${oldToken}`, 'x-fanspole-client': 'web' },
    })
    expect(res.status).toBe(401)
  })

  it("shows the server's 422 message under the username field", async () => {
    const { page } = world
    await page.goto('/signup')
    await page.fill('input[name=email]', 'someone.else@example.test')
    await page.fill('input[name=username]', player.username)
    await page.fill('input[name=password]', 'another-pass-1')
    await page.getByTestId('username-taken').waitFor()
    await page.getByRole('button', { name: 'Sign up' }).click()
    const field = page.locator('input[name=username]')
    await page.getByText('has already been taken').waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    const errorId = await field.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('has already been taken')
    expect(page.url()).toMatch(/\/signup$/)
    await world.shot('signup-422', { fullPage: false })
  })

  it('sends a signed-out visitor to log in, refuses a wrong password, then returns to the page', async () => {
    const { page } = world
    await page.goto('/notifications')
    await page.waitForURL('**/login')
    await page.fill('input[name=email]', player.username)
    await page.fill('input[name=password]', 'not-my-password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('Invalid email or password').waitFor()
    await world.shot('login-error', { fullPage: false })

    await page.fill('input[name=password]', player.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/notifications')
    await page.getByText('rohit_fan started following you').waitFor()
    await page.goto('/profile')
    expect(await page.getByTestId('profile-username').textContent()).toBe('@kohli_fan')
  })

  it('refreshes an expired access token once and carries on', async () => {
    const { page } = world
    const refreshBefore = await cookie('rt')
    await world.browser.addCookies([{ name: 'at', value: 'expired-or-revoked', url: world.server.url }])
    const refreshes: string[] = []
    const watch = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && request.url().includes('/post_login')) refreshes.push(request.url())
    }
    page.on('request', watch)
    await page.goto('/profile/settings')
    await page.locator('input[name=username]').waitFor()
    expect(await page.locator('input[name=username]').inputValue()).toBe('kohli_fan')
    expect(await cookie('at')).not.toBe('expired-or-revoked')
    expect(await cookie('rt')).not.toBe(refreshBefore)
    expect(page.url()).toMatch(/\/profile\/settings$/)
    page.off('request', watch)
    // /api/me and /api/notifications both got a 401; they shared one refresh (a second would reuse the rotated token).
    expect(refreshes).toHaveLength(1)
    await world.shot('settings')
  })

  it('retries safe reads twice on 5xx and network errors, and never retries a write', async () => {
    const { page } = world
    let reads = 0
    await page.route('**/api/point_systems', async (route) => {
      reads++
      if (reads === 1) return route.fulfill({ status: 503, body: '{"error":"busy","code":"INTERNAL"}' })
      if (reads === 2) return route.abort('connectionreset')
      return route.continue()
    })
    await page.goto('/point-system')
    await page.getByRole('tab', { name: 'Cricket' }).waitFor()
    expect(reads).toBe(3)
    await page.unroute('**/api/point_systems')

    let writes = 0
    await page.route('**/api/me', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue()
      writes++
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The server is busy, try again', code: 'INTERNAL' }),
      })
    })
    await page.goto('/profile/settings')
    await page.fill('input[name=full_name]', 'Virat Fan')
    await page.getByRole('button', { name: 'Save profile' }).click()
    expect(await page.getByTestId('snackbar').textContent()).toContain('The server is busy, try again')
    expect(writes).toBe(1)
    await page.getByTestId('snackbar').getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('snackbar').waitFor({ state: 'detached' })
    await page.unroute('**/api/me')
  })

  it('renders the point system, a help page and the 404 page', async () => {
    const { page } = world
    await page.goto('/point-system')
    await page.getByRole('tab', { name: 'Cricket' }).waitFor()
    expect(await page.getByRole('columnheader', { name: 'T20' }).count()).toBeGreaterThan(0)
    await world.shot('point-system')
    await page.getByRole('tab', { name: 'Football' }).click()
    await page.getByRole('rowheader', { name: 'Clean sheet (played 55+ minutes)' }).waitFor()

    await page.goto('/help/auction-bidding')
    await page.getByTestId('help-article').waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bidding in an auction')
    await world.shot('help-auction-bidding')

    // Neither are an unknown game kind's creation or rules page, nor a word where an id goes.
    for (const path of [
      '/definitely-not-a-page',
      '/contests/12/nothing-here',
      '/contests/create/no-such-kind',
      '/contests/rules/no-such-kind',
      '/matches/abc/contests',
    ]) {
      await page.goto(path)
      await page.getByTestId('not-found').waitFor()
      expect(await page.getByRole('alert').count()).toBe(0)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe("IT'S 404")
      expect(await page.getByText('Page not found').isVisible()).toBe(true)
      expect(await page.getByRole('link', { name: 'GO TO HOME' }).getAttribute('href')).toBe('/contests')
    }
    await world.shot('not-found')
    await page.getByRole('link', { name: 'GO TO HOME' }).click()
    await page.waitForURL('**/contests')
    await page.getByTestId('contests-home').waitFor()
  })

  it('reloads the page once when a code chunk fails to load', async () => {
    const { page } = world
    await page.goto('/help')
    await page.getByTestId('bottom-nav').waitFor()
    // What happens after a rebuild: the chunk this page's bundle names is gone for as long as
    // that page lives, and the reloaded page gets it. Every request for it fails until the
    // document is requested again, however many times (a modulepreload, then the import)
    // and in whatever order the browser asks; only a reload brings the page back.
    const documents: string[] = []
    let failed = 0
    const watch = (request: { url(): string; resourceType(): string }) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
    }
    page.on('request', watch)
    await page.route(/\/assets\/PointSystemPage-[^/]+\.js$/, (route) => {
      if (documents.length > 0) return route.continue()
      failed += 1
      return route.abort('failed')
    })
    await page.getByTestId('bottom-nav').getByRole('button', { name: 'More' }).click()
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Point System' })
      .click()
    await page.getByRole('tab', { name: 'Cricket' }).waitFor()
    page.off('request', watch)
    expect(documents).toEqual(['/point-system'])
    expect(failed).toBeGreaterThan(0)
    await page.unrouteAll()
  })

  it('lays out for a laptop screen with a side menu instead of the bottom bar', async () => {
    const { page } = world
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/profile')
    await page.getByTestId('profile').waitFor()
    expect(await page.getByRole('complementary', { name: 'Menu' }).isVisible()).toBe(true)
    expect(await page.getByRole('navigation', { name: 'Quick links' }).isVisible()).toBe(false)
    await world.shot('profile')
    for (const [path, name] of [
      ['/point-system', 'point-system'],
      ['/help', 'help'],
      ['/profile/settings', 'settings'],
    ] as const) {
      await page.goto(path)
      await page.locator('main h1').first().waitFor()
      await world.shot(name)
    }
  })

  it('ends the session when the refresh token is refused too', async () => {
    const { page } = world
    await world.browser.addCookies([
      { name: 'at', value: 'stale-access', url: world.server.url },
      { name: 'rt', value: 'stale-refresh', url: world.server.url },
    ])
    await page.goto('/notifications')
    await page.waitForURL('**/login')
    expect(await cookie('at')).toBeUndefined()
    expect(await cookie('rt')).toBeUndefined()
    expect(await local('me_display_name')).toBeNull()
    await page.goto('/landing')
    await world.shot('landing')
  })

  it('resets a forgotten password through the mailed link', async () => {
    const { page } = world
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL('**/login/forgot-password')
    await page.fill('input[name=email]', player.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByText('a reset link is on its way').waitFor()

    await page.goto(await mailedLink('Reset your Fanspole password'))
    await page.getByText('Choose a new password').waitFor()
    await page.fill('input[name=password]', 'new-cover-drive-19')
    await page.fill('input[name=password_confirmation]', 'something-else')
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByText("doesn't match password").waitFor()
    await page.fill('input[name=password_confirmation]', 'new-cover-drive-19')
    await world.shot('reset-password')
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByText('Password changed').waitFor()

    await page.getByRole('link', { name: 'Log in' }).click()
    await page.fill('input[name=email]', player.email)
    await page.fill('input[name=password]', 'new-cover-drive-19')
    await page.getByRole('button', { name: 'Log in' }).click()
    // A used reset link is no place to return to: home instead.
    await page.waitForURL('**/contests')
  })

  it('verifies the e-mail address from the welcome mail', async () => {
    const { page } = world
    await page.goto('/profile')
    await page.getByText(`Please verify ${player.email}`).waitFor()
    await page.goto(await mailedLink('Verify your e-mail address'))
    await page.getByText(`Thanks! ${player.email} is verified.`).waitFor()
    await page.getByRole('link', { name: 'Continue' }).click()
    await page.getByTestId('contests-home').waitFor()
    await page.goto('/profile')
    await page.getByTestId('profile').waitFor()
    expect(await page.getByText(`Please verify ${player.email}`).count()).toBe(0)
    const me = await apiAs<{ user: { email_verified: boolean } }>('/api/me')
    expect(me.body.user.email_verified).toBe(true)
  })

  it('logged no errors in the browser', () => {
    expect(world.problems).toEqual([])
  })
})
