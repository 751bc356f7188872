import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { esportsRoom, type Room } from '../../helpers/esports-results-fixture'
import { client } from '../../helpers/http'
import { type E2eWorld, startE2eWorld } from '../browser'
import { signInBrowser } from '../league'

/**
 * The esports results page in Chromium (docs/esports.md "Results, payouts and corrections"):
 * the host of a finished Free Fire room enters the results (a 422 shows under the rows),
 * sees the standings, a member sees theirs highlighted and disputes, and the host corrects.
 * The room is made of server-side rows (tests/helpers/esports-results-fixture.ts).
 */
let world: E2eWorld
let page: Page
let api: ReturnType<typeof client>
let room: Room

async function signInAs(p: { email: string; password: string }) {
  const tokens = await api.login(p.email, p.password)
  await world.browser.clearCookies()
  await signInBrowser(world.browser, world.server.url, tokens)
}

async function shotBoth(name: string) {
  await world.shot(`esports-results-${name}`)
  await page.setViewportSize({ width: 1280, height: 860 })
  await world.shot(`esports-results-${name}`)
  await page.setViewportSize({ width: 390, height: 844 })
}

beforeAll(async () => {
  world = await startE2eWorld()
  page = world.page
  await page.emulateMedia({ reducedMotion: 'reduce' })
  api = client(world.server.deps)
  const admin = await api.admin()
  room = await esportsRoom(world.server.deps, api, admin, {
    entryFee: 50,
    perKill: 2,
    mode: 'duo',
    squads: 3,
  })
}, 300_000)
afterAll(() => world?.close())

const path = (game = 'free-fire') => `/contests/${room.contest.id}/${game}-update`

describe('the results page', () => {
  it('lets the host enter results, showing 422s under the rows, then the standings', async () => {
    await signInAs(room.host)
    await page.goto(path())
    await page.getByTestId('results-form').waitFor()
    const rows = page.getByTestId('result-row')
    expect(await rows.count()).toBe(3)
    await shotBoth('form')

    // Two squads placed 1st: the message names them, under the second row.
    await rows.nth(0).getByTestId('placement').selectOption('1')
    await rows.nth(1).getByTestId('placement').selectOption('1')
    await rows.nth(2).getByTestId('placement').selectOption('3')
    await page.getByTestId('save-results').click()
    await expect
      .poll(() => rows.nth(1).textContent())
      .toContain('Squad Alpha and Squad Bravo both placed 1st')
    await shotBoth('errors')

    await rows.nth(1).getByTestId('placement').selectOption('2')
    await rows.nth(0).getByTestId('kills').fill('3')
    await rows.nth(1).getByTestId('kills').fill('1')
    await page.getByTestId('save-results').click()
    await page.getByTestId('standings').waitFor()
    const standings = page.getByTestId('standing')
    expect(await standings.count()).toBe(3)
    expect(await standings.nth(0).textContent()).toContain('Squad Alpha')
    expect(await standings.nth(0).textContent()).toContain('₹129.50')
    expect(await page.getByTestId('results-version').textContent()).toContain(
      `Version 1 · entered by ${room.host.username}`,
    )
    await shotBoth('standings-host')
  })

  it('is the 404 page under another game’s path', async () => {
    await page.goto(path('pubg'))
    await page.getByTestId('not-found').waitFor()
  })

  it('shows a member their row and takes a dispute', async () => {
    const member = room.squads[1]!.players[0]!
    await signInAs(member)
    await page.goto(path())
    await page.getByTestId('standings').waitFor()
    const mine = page.locator('[data-testid="standing"][data-mine="true"]')
    expect(await mine.textContent()).toContain('Squad Bravo')
    expect(await page.getByTestId('correct-results').count()).toBe(0)
    await page.getByTestId('dispute-results').click()
    await page.getByTestId('dispute-form').waitFor()
    await page.getByTestId('dispute-form').locator('textarea').fill('Too short')
    await page.getByTestId('send-dispute').click()
    await expect
      .poll(() => page.getByTestId('dispute-form').textContent())
      .toContain('at least 10 characters')
    await page.getByTestId('dispute-form').locator('textarea').fill('We finished 1st on the room screen')
    await page.getByTestId('send-dispute').click()
    await page.getByTestId('dispute-sent').waitFor()
    await shotBoth('dispute')
  })

  it('lets the host correct the results', async () => {
    await signInAs(room.host)
    await page.goto(path())
    await page.getByTestId('correct-results').click()
    const rows = page.getByTestId('result-row')
    await rows.first().waitFor()
    expect(await rows.nth(0).getByTestId('placement').inputValue()).toBe('1')
    await rows.nth(0).getByTestId('placement').selectOption('2')
    await rows.nth(1).getByTestId('placement').selectOption('1')
    await page.getByTestId('save-results').click()
    await expect.poll(() => page.getByTestId('results-version').textContent()).toContain('Version 2')
    expect(await page.getByTestId('standing').nth(0).textContent()).toContain('Squad Bravo')
    await shotBoth('corrected')
    expect(world.problems).toEqual([])
  })
})
