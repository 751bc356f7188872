import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { makeUser } from '../../helpers/deps'
import { creditUnused, insertVerifiedAccount } from '../../helpers/esports-fixture'
import { type E2eWorld, SHOTS_DIR, secondBrowser, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * Esports end to end in Chromium (docs/esports.md): a host with a verified PUBG account
 * (level ≥ 20, the admin's grant for paid rooms) creates a paid squad contest on the web form;
 * Asha and Ravi, each in their own browser, add their PUBG accounts in Settings and the admin
 * verifies them; Asha creates a squad and Ravi joins it by her invite link (Chetan's squad joins
 * through the API so two squads play); the host sets the room; Asha sees when it appears, the
 * admin moves the clock past the reveal and her open page shows the id and password without a
 * reload; after the start the host enters the results (Asha's squad 1st); both see their rank
 * and winnings on the results page and the winnings in their passbooks; the ledger balances.
 */
let world: E2eWorld
let api: ReturnType<typeof apiClient>
type User = Awaited<ReturnType<typeof makeUser>>
let admin: User
let adminToken: string
let host: User
let asha: User
let ravi: User
let chetan: User
let a: { browser: BrowserContext; page: Page }
let r: { browser: BrowserContext; page: Page }
let contestId = 0

async function signIn(browser: BrowserContext, u: User) {
  const t = await api.signIn(u.email, u.password)
  await browser.clearCookies()
  await signInBrowser(browser, world.server.url, t)
}

async function shot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 })
  await page.waitForTimeout(100)
  await page.screenshot({ path: `${SHOTS_DIR}/esports-done-${name}-${width}.png`, fullPage: true })
}

/** No page is wider than the screen. */
async function fits(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(wide).toBeLessThanOrEqual(0)
}

async function advanceTo(ms: number) {
  const now = world.server.deps.clock.now()
  const moved = await api.post('/api/admin/clock', { advance_ms: Math.max(1, ms - now) }, adminToken)
  expect(moved.status).toBe(200)
}

/** Adds the player's PUBG account in Settings › Game accounts, as the accounts card does. */
async function addPubgAccount(page: Page, name: string, characterId: string, level: string) {
  await page.goto('/profile/settings')
  const row = page.getByTestId('game-account-pubg')
  await row.getByRole('button', { name: 'Add PUBG account' }).click()
  const form = row.getByRole('form', { name: 'PUBG account' })
  await form.getByLabel('In-game name').fill(name)
  await form.getByLabel('Character id').fill(characterId)
  await form.getByLabel('Level').fill(level)
  await form.getByRole('button', { name: 'Add account' }).click()
  await row.getByTestId('game-account-status').getByText('pending').waitFor()
}

async function verifyPending(userId: number) {
  const list = await api.get<{ game_accounts: Array<{ id: number; user: { id: number } }> }>(
    '/api/admin/game_accounts?status=pending',
    adminToken,
  )
  const account = list.body.game_accounts.find((g) => g.user.id === userId)
  expect(account).toBeDefined()
  const verified = await api.post(`/api/admin/game_accounts/${account?.id}/verify`, {}, adminToken)
  expect(verified.status).toBe(200)
}

beforeAll(async () => {
  world = await startE2eWorld()
  await world.page.emulateMedia({ reducedMotion: 'reduce' })
  api = apiClient(world)
  const deps = world.server.deps
  admin = await makeUser(deps, { role: 'admin', username: 'done_admin' })
  adminToken = await api.token(admin.email, admin.password)
  host = await makeUser(deps, { username: 'done_host' })
  asha = await makeUser(deps, { username: 'asha_done' })
  ravi = await makeUser(deps, { username: 'ravi_done' })
  chetan = await makeUser(deps, { username: 'chetan_done' })
  for (const p of [asha, ravi, chetan]) await creditUnused(deps, p.id, 50_000)

  // The host's PUBG account (level 42) through the API, verified by the admin; the admin's
  // grant lets them host a paid (public) room.
  const hostToken = await api.token(host.email, host.password)
  const added = await api.post<{ game_account: { id: number } }>(
    '/api/game_accounts',
    { slug: 'pubg', in_game_name: 'RoomMaster', character_id: '5100000001', game_level: 42 },
    hostToken,
  )
  expect(added.status).toBe(201)
  expect(
    (await api.post(`/api/admin/game_accounts/${added.body.game_account.id}/verify`, {}, adminToken)).status,
  ).toBe(200)
  expect((await api.post(`/api/admin/users/${host.id}/contest_access`, {}, adminToken)).status).toBe(200)
  await insertVerifiedAccount(deps.db, chetan.id, 'pubg', 35, { in_game_name: 'ChetanRush' })

  await signIn(world.browser, host)
  a = await secondBrowser(world, 'asha')
  r = await secondBrowser(world, 'ravi')
  await signIn(a.browser, asha)
  await signIn(r.browser, ravi)
}, 240_000)

afterAll(async () => {
  await a?.browser.close()
  await r?.browser.close()
  await world?.close()
})

describe('esports, done: two players, one squad, a room, results and winnings', () => {
  it('the host creates a paid PUBG squad contest on the web form', async () => {
    const h = world.page
    await h.setViewportSize({ width: 1280, height: 900 })
    await h.goto('/contests/create/pubg')
    await h.getByTestId('esports-create-form').waitFor()
    await h.getByTestId('esports-mode').selectOption('squad')
    await h.getByTestId('esports-name').fill('Done Means Squads')
    await h.getByTestId('esports-slots').fill('4')
    await h.getByTestId('esports-fee').fill('50')
    await h.getByTestId('esports-prizes').selectOption('winner_takes_all')
    await h.getByTestId('esports-starts-in').fill('60')
    await shot(h, 'host-create', 1280)
    await h.getByTestId('esports-create-submit').click()
    await h.waitForURL(/\/contests\/\d{7}$/)
    contestId = Number(/\/contests\/(\d+)$/.exec(h.url())?.[1])
    expect(contestId).toBeGreaterThan(1_000_000)
    await h.getByTestId('esports-contest-page').waitFor()
    const row = await world.server.deps.db
      .selectFrom('esports_contests')
      .selectAll()
      .where('id', '=', contestId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ mode: 'squad', entry_fee_paise: 5_000, is_private: 0, host_id: host.id })
    // One room card, the host's form in it (the card comes with the room's own read: wait for it).
    await h.getByTestId('room-form').waitFor()
    expect(await h.getByTestId('room-details').count()).toBe(1)
  })

  it('Asha and Ravi add their PUBG accounts in Settings; the admin verifies them', async () => {
    await addPubgAccount(a.page, 'AshaSnipes', '5200000001', '44')
    await addPubgAccount(r.page, 'RaviRush', '5200000002', '31')
    await shot(a.page, 'asha-settings-pending', 390)
    await verifyPending(asha.id)
    await verifyPending(ravi.id)
    await a.page.reload()
    await a.page
      .getByTestId('game-account-pubg')
      .getByTestId('game-account-status')
      .getByText('verified')
      .waitFor()
  })

  it('Asha creates a squad; Ravi joins it by her invite link; a second squad joins', async () => {
    const p = a.page
    await p.setViewportSize({ width: 390, height: 844 })
    await p.goto(`/contests/${contestId}`)
    await p.getByTestId('esports-contest-page').waitFor()
    await p.getByLabel('New squad’s name').fill('Night Owls')
    await p.getByRole('button', { name: /Create a squad/ }).click()
    await p.getByTestId('my-squad').waitFor()
    await p.getByTestId('invite-squad-link').click()
    await p.getByTestId('invite-link').waitFor()
    const link = (await p.getByTestId('invite-link').textContent()) ?? ''
    expect(link).toMatch(new RegExp(`/contests/${contestId}/squads\\?invite=[A-Z2-9]{8}$`))
    await shot(p, 'asha-squads', 390)
    await fits(p)

    const q = r.page
    await q.setViewportSize({ width: 390, height: 844 })
    await q.goto(new URL(link).pathname + new URL(link).search)
    await q.getByRole('button', { name: /Join with code/ }).click()
    await q.getByTestId('invite-link').waitFor()
    await q.getByText('RaviRush').first().waitFor()
    await shot(q, 'ravi-joined', 390)

    const chetanToken = await api.token(chetan.email, chetan.password)
    const joined = await api.post(
      `/api/esports/contests/${contestId}/join`,
      { squad_name: 'Bravo' },
      chetanToken,
    )
    expect(joined.status).toBe(201)
    // Asha's open page hears about the new squad and Ravi over /cable.
    await p.goto(`/contests/${contestId}`)
    await p.getByTestId('my-squad').getByText('RaviRush').waitFor()
    await expect.poll(() => p.getByTestId('slots-left').textContent()).toBe('2 of 4')
  })

  it('the host sets the room; Asha sees when it appears, then the details arrive live', async () => {
    const h = world.page
    await h.goto(`/contests/${contestId}`)
    await h.getByTestId('room-form').waitFor()
    await h.getByLabel('Room ID').fill('DONE42')
    await h.getByLabel('Room password').fill('owls7')
    await h.getByTestId('room-save').click()
    await expect.poll(() => h.getByTestId('room-id').textContent()).toBe('DONE42')
    await shot(h, 'host-room-set', 1280)
    await fits(h)

    const p = a.page
    await p.goto(`/contests/${contestId}`)
    await expect
      .poll(() => p.getByTestId('room-countdown').textContent())
      .toMatch(/^Room details appear at \d\d:\d\d \(in \d+ minutes\)\.$/)
    await expect.poll(() => p.getByTestId('esports-contest-page').getAttribute('data-live')).toBe('true')
    expect(await p.getByTestId('room-details').count()).toBe(1)
    expect(await p.getByTestId('room-id').count()).toBe(0)
    await shot(p, 'asha-before-reveal', 390)
    await fits(p)

    const contest = await world.server.deps.db
      .selectFrom('esports_contests')
      .select(['starts_at_ms', 'reveal_minutes'])
      .where('id', '=', contestId)
      .executeTakeFirstOrThrow()
    const reveal = Number(contest.starts_at_ms) - contest.reveal_minutes * 60_000
    const reloads: string[] = []
    p.on('framenavigated', (f) => {
      if (f === p.mainFrame()) reloads.push(f.url())
    })
    await advanceTo(reveal + 1_000)
    await expect.poll(() => p.getByTestId('room-id').textContent(), { timeout: 15_000 }).toBe('DONE42')
    expect(await p.getByTestId('room-password').textContent()).toBe('owls7')
    await expect.poll(() => p.getByTestId('esports-status').textContent()).toBe('Locked: squads final')
    expect(reloads).toEqual([])
    // Squads are locked: the squad's invite goes from the page.
    await expect.poll(() => p.getByTestId('invite-squad-link').count()).toBe(0)
    await shot(p, 'asha-revealed', 390)
    await fits(p)
    await advanceTo(Number(contest.starts_at_ms) + 60_000)
  })

  it('the host enters the results; Asha and Ravi see rank, winnings and their passbooks', async () => {
    const h = world.page
    await h.goto(`/contests/${contestId}`)
    await h.getByTestId('results-link').click()
    await h.waitForURL(new RegExp(`/contests/${contestId}/pubg-update$`))
    await h.getByTestId('results-form').waitFor()
    const rows = h.getByTestId('result-row')
    expect(await rows.count()).toBe(2)
    for (let i = 0; i < 2; i++) {
      const row = rows.nth(i)
      const owls = ((await row.textContent()) ?? '').includes('Night Owls')
      await row.getByTestId('placement').selectOption(owls ? '1' : '2')
      await row.getByTestId('kills').fill(owls ? '1' : '0')
    }
    await shot(h, 'host-results-form', 1280)
    await h.getByTestId('save-results').click()
    await h.getByTestId('standings').waitFor()
    await shot(h, 'host-results', 1280)
    await fits(h)
    // The room is over: the host still sees it, but no longer the form to change it.
    await h.goto(`/contests/${contestId}`)
    await expect.poll(() => h.getByTestId('room-id').textContent()).toBe('DONE42')
    expect(await h.getByTestId('room-form').count()).toBe(0)

    // ₹50 × 3 players = ₹150, less 15 % = ₹127 pool, winner takes all: ₹63.50 each.
    for (const [who, page] of [
      ['asha', a.page],
      ['ravi', r.page],
    ] as const) {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`/contests/${contestId}`)
      await page.getByTestId('results-link').click()
      await page.waitForURL(new RegExp(`/contests/${contestId}/pubg-update$`))
      const mine = page.locator('[data-testid="standing"][data-mine="true"]')
      await mine.waitFor()
      const text = (await mine.textContent()) ?? ''
      expect(text).toContain('Night Owls')
      expect(text).toMatch(/^1/)
      expect(text).toContain('127')
      expect(await page.getByTestId('my-result').textContent()).toMatch(/ranked 1st · your winnings ₹63\.50/)
      await shot(page, `${who}-results`, 390)
      await fits(page)
      await page.goto('/wallet/winnings-passbook')
      const entry = page.getByTestId('passbook-entry').filter({ hasText: 'Winnings · Done Means Squads' })
      await entry.first().waitFor()
      expect(await entry.first().getByTestId('entry-amount').textContent()).toContain('63.50')
      await shot(page, `${who}-passbook`, 390)
      await fits(page)
    }
    expect((await verifyLedger(world.server.deps.db)).problems).toEqual([])
    expect(world.problems).toEqual([])
  })
})
