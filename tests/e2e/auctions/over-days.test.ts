import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seatAndStart } from '../../helpers/auctions'
import { client } from '../../helpers/http'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * An auction that runs over days on the web (docs/auctions.md, "Over days"): the create form's
 * "Runs over days" section (hours a lot, the quiet window, its zone, stand-ins); after the clock
 * passes 22:00 in Kolkata, the bidding room and the projector board say "Paused overnight —
 * resumes 08:00", and the countdown keeps the time the lot had.
 */
const owner = { email: 'days.owner@example.test', username: 'days_owner', password: 'days-owner-9' }
const student = { email: 'days.student@example.test', username: 'days_student', password: 'days-stud-9' }

type Auction = { id: number; code: string; paused_note: string | null }

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let ownerToken = ''
let studentToken = ''
let adminToken = ''

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  api = apiClient(world)
  adminToken = await api.adminToken()
  const mine = await api.signUp(owner, 'Days Owner')
  ownerToken = mine.access_token
  studentToken = (await api.signUp(student, 'Days Student')).access_token
  await signInBrowser(world.browser, world.server.url, mine)
})
afterAll(() => world?.close())

describe('an auction that runs over days, on the web', () => {
  it('is created from the form with 6-hour lots, quiet 22:00–08:00 in Kolkata, stand-ins; paused overnight it says when it resumes', async () => {
    await page.goto('/auctions/create')
    await page.fill('input[name=name]', 'Week-long Class Auction')
    await page.getByTestId('source-match').click()
    await page.getByTestId('over-days-card').waitFor()
    expect(await page.locator('input[name=lot_hours]').count()).toBe(0)
    await page.check('input[name=over_days]')
    // The hours replace the seconds.
    expect(await page.locator('input[name=lot_seconds]').count()).toBe(0)
    await page.fill('input[name=lot_hours]', '6')
    await page.fill('input[name=quiet_from]', '22:00')
    await page.fill('input[name=quiet_to]', '08:00')
    await page.selectOption('select[name=time_zone]', 'Asia/Kolkata')
    await page.check('input[name=stand_in]')
    await page.uncheck('input[name=play]')
    await world.shot('auction-over-days-create')
    await page.getByTestId('create-submit').click()
    await page.waitForURL(/\/auctions\/\d+\/waiting-room$/)
    const id = Number(/auctions\/(\d+)\//.exec(page.url())?.[1])
    const made = (await api.get<{ new_auction: Auction }>(`/api/auctions/${id}`, ownerToken)).body.new_auction
    expect(made).toMatchObject({
      lot_seconds: 21_600,
      quiet_hours: { from: '22:00', to: '08:00', time_zone: 'Asia/Kolkata' },
      stand_in: true,
    })

    // At noon in Kolkata (06:30 UTC) it is seated and started: lots run 12:00–18:00 and
    // 18:00–00:00; the clock then runs to a minute past 22:00 (16:31 UTC), 1 h 59 min before
    // the second lot's end.
    const now = (await api.get<{ now_in_millis: number }>('/api/health')).body.now_in_millis
    const day = new Date(now)
    let noon = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 6, 30)
    if (noon <= now) noon += 86_400_000
    expect((await api.post('/api/admin/clock', { now_in_millis: noon }, adminToken)).status).toBe(200)
    await seatAndStart(client(world.server.deps), made, { token: ownerToken }, [{ token: studentToken }])
    const night = noon + (10 * 60 + 1) * 60_000
    expect((await api.post('/api/admin/clock', { now_in_millis: night }, adminToken)).status).toBe(200)
    const paused = (await api.get<{ new_auction: Auction }>(`/api/auctions/${id}`, ownerToken)).body
      .new_auction
    expect(paused.paused_note).toContain('08:00 (Asia/Kolkata)')

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/auctions/${id}/bidding`)
      await page.getByText('Paused overnight — resumes 08:00').waitFor()
      expect(await page.getByTestId('countdown-text').textContent()).toMatch(
        /^Paused overnight · \d+h \d\dm \d\ds$/,
      )
      await world.shot('auction-over-days-room')
      await page.goto(`/auctions/${id}/board`)
      await expect
        .poll(() => page.getByTestId('board-phase').textContent())
        .toBe('Paused overnight — resumes 08:00')
      await world.shot('auction-over-days-board')
    }

    // 08:01: bidding resumed; the absent student's stand-in bids, marked so in the feed.
    const morning = night + 10 * 3_600_000
    expect((await api.post('/api/admin/clock', { now_in_millis: morning }, adminToken)).status).toBe(200)
    await page.goto(`/auctions/${id}/bidding`)
    await page.getByTestId('bid-history').getByText('Bid by stand-in for Franchise 1').first().waitFor()
    expect(await page.getByTestId('countdown-text').textContent()).toMatch(/^1h 5\dm \d\ds$/)
    await world.shot('auction-over-days-stand-in')
  })
})
