import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../../helpers/deps'
import { creditUnused, insertEsportsContest, insertVerifiedAccount } from '../../helpers/esports-fixture'
import { type E2eWorld, SHOTS_DIR, secondBrowser, startE2eWorld } from '../browser'
import { signInBrowser } from '../league'

/**
 * Esports members and squads, in two Chromium browsers: Asha opens an esports contest at
 * /contests/{id}, creates a squad (the fee charged), copies her invite link; Ravi, without a
 * game account, is told what is missing; with one he opens the link and joins; Asha renames
 * the squad and removes Ravi on /contests/{id}/squad-update.

 */
let world: E2eWorld
let contestId = 0
let ravi: { browser: BrowserContext; page: Page }
type User = Awaited<ReturnType<typeof makeUser>>
let asha: User
let raviUser: User

async function tokens(u: User) {
  const res = await fetch(`${world.server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fanspole-client': 'web' },
    body: JSON.stringify({ grant_type: 'password', email: u.email, password: u.password }),
  })
  return (await res.json()) as { access_token: string; refresh_token: string }
}

async function signIn(browser: BrowserContext, u: User) {
  const t = await tokens(u)
  await browser.clearCookies()
  await signInBrowser(browser, world.server.url, t)
}

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(80)
    await page.screenshot({ path: `${SHOTS_DIR}/esports-squads-${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 390, height: 844 })
}

beforeAll(async () => {
  world = await startE2eWorld()
  const deps = world.server.deps
  const host = await makeUser(deps, { username: 'room_host' })
  asha = await makeUser(deps, { username: 'asha_sq' })
  raviUser = await makeUser(deps, { username: 'ravi_sq' })
  await insertVerifiedAccount(deps.db, asha.id, 'pubg', 45, { in_game_name: 'AshaSnipes' })
  await creditUnused(deps, asha.id, 10_000)
  await creditUnused(deps, raviUser.id, 10_000)
  const contest = await insertEsportsContest(deps.db, {
    host_id: host.id,
    name: 'Friday Erangel squads',
    mode: 'squad',
    entry_fee_paise: 2_500,
    slots: 12,
    min_level: 20,
    starts_at_ms: deps.clock.now() + 3 * 3_600_000,
  })
  contestId = contest.id
  await signIn(world.browser, asha)
  ravi = await secondBrowser(world, 'ravi')
  await signIn(ravi.browser, raviUser)
}, 240_000)

afterAll(async () => {
  await ravi?.browser.close()
  await world?.close()
})

describe('esports members and squads in the browser', () => {
  it('Asha creates a squad; Ravi is told what is missing, then joins by her link; Asha edits and removes', async () => {
    const a = world.page
    await a.goto(`/contests/${contestId}`)
    await a.getByTestId('esports-contest-page').waitFor()
    await expect(a.getByRole('heading', { name: 'Friday Erangel squads' }).isVisible()).resolves.toBe(true)
    expect(await a.getByTestId('slots-left').textContent()).toBe('12 of 12')
    expect(await a.getByTestId('room-details').textContent()).toMatch(/Room details appear at \d\d:\d\d/)
    await shots(a, 'contest-open')

    // A one-letter name: the server's 422 under the field.
    await a.getByLabel('New squad’s name').fill('N')
    await a.getByRole('button', { name: /Create a squad/ }).click()
    await a.getByText(/must be 2 to 24 characters/).waitFor()
    await a.getByLabel('New squad’s name').fill('Night Owls')
    await a.getByRole('button', { name: /Create a squad/ }).click()
    await a.getByTestId('my-squad').waitFor()
    expect(await a.getByTestId('my-squad').textContent()).toContain('AshaSnipes')
    expect(await a.getByTestId('slots-left').textContent()).toBe('11 of 12')
    await shots(a, 'contest-joined')

    await a.getByTestId('esports-contest-nav').getByRole('link', { name: 'Squads', exact: true }).click()
    await a.getByTestId('invite-link').waitFor()
    const link = (await a.getByTestId('invite-link').textContent()) ?? ''
    expect(link).toMatch(new RegExp(`/contests/${contestId}/squads\\?invite=[A-Z2-9]{8}$`))
    await shots(a, 'squads')

    // Ravi has no PUBG account yet: the message names it and links to settings.
    const r = ravi.page
    await r.goto(new URL(link).pathname + new URL(link).search)
    await r.getByRole('button', { name: /Join with code/ }).click()
    await r
      .getByText('You need a verified PUBG game account to join: add one in your profile settings')
      .waitFor()
    await shots(r, 'invite-missing-account')
    await insertVerifiedAccount(world.server.deps.db, raviUser.id, 'pubg', 30, { in_game_name: 'RaviRush' })
    await r.getByRole('button', { name: /Join with code/ }).click()
    await r.getByText('RaviRush').waitFor()
    await r.getByTestId('invite-link').waitFor()

    // Asha's squad page: rename (a clash is 422 under the field), then remove Ravi.
    await a.goto(`/contests/${contestId}/squad-update`)
    await a.getByTestId('squad-update-page').waitFor()
    await a.getByText('RaviRush').waitFor()
    await a.getByLabel('Squad name').fill('Owls of the Night')
    await a.getByRole('button', { name: 'Rename' }).click()
    await a.getByText('Squad renamed').waitFor()
    await shots(a, 'squad-update')
    a.once('dialog', (d) => d.accept())
    await a.getByRole('button', { name: 'Remove' }).click()
    await a.getByText('RaviRush').waitFor({ state: 'detached' })
    const raviWallet = await world.server.deps.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('user_id', '=', raviUser.id)
      .where('kind', '=', 'unused')
      .executeTakeFirstOrThrow()
    expect(Number(raviWallet.balance)).toBe(10_000)

    // After the lock everything is disabled with the reason.
    await world.server.deps.db
      .updateTable('esports_contests')
      .set({ status: 'locked' })
      .where('id', '=', contestId)
      .execute()
    await a.reload()
    await a.getByText(/Squads are final: the contest is locked/).waitFor()
    expect(await a.getByLabel('Squad name').isDisabled()).toBe(true)
    await shots(a, 'squad-update-locked')
    expect(world.problems).toEqual([])
  }, 180_000)
})
