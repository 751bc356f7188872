import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { client } from '../../helpers/http'
import { type E2eWorld, secondBrowser, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * The debrief, `/auctions/{id}/debrief` (docs/auctions.md, "The debrief"): reached from the
 * finished auction and its board; replayed at max speed it shows every bid with the manager who
 * made it, in order; the names toggle (and `?anonymous=1`) leaves only "Manager N"; a running
 * auction says it is not ready; a stranger to the private auction gets the 404 page.
 */
const owner = { email: 'debrief.owner@example.test', username: 'debrief_owner', password: 'debrief-own-8' }
const student = {
  email: 'debrief.student@example.test',
  username: 'debrief_student',
  password: 'debrief-stu-8',
}
const stranger = {
  email: 'debrief.stranger@example.test',
  username: 'debrief_stranger',
  password: 'debrief-str-8',
}

let world: E2eWorld
let page: Page
let strangerPage: Page
let auctionId = 0
let runningId = 0
let quietId = 0

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  const api = apiClient(world)
  const mine = await api.signUp(owner, 'Debrief Owner')
  const theirs = await api.signUp(student, 'Debrief Student')
  const strangers = await api.signUp(stranger, 'Debrief Stranger')
  await signInBrowser(world.browser, world.server.url, mine)
  strangerPage = (await secondBrowser(world, 'stranger')).page
  await signInBrowser(strangerPage.context(), world.server.url, strangers)
  const http = client(world.server.deps)
  const match = (
    await api.get<{ matches: Array<{ id: number }> }>(
      '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
    )
  ).body.matches[0] as { id: number }
  const me = { token: mine.access_token }
  const them = { token: theirs.access_token }
  const make = async (name: string) => {
    const created = await http.post(
      '/api/auctions',
      smallAuction(name, match.id, { private: true }),
      me.token,
    )
    expect(created.status).toBe(201)
    const a = created.body.new_auction as { id: number; code: string }
    await seatAndStart(http, a, me, [them])
    return a.id
  }
  auctionId = await make('Debrief Night')
  // Lot 1: the student, then the owner; lot 2: the student; then the owner ends it.
  for (const bidders of [[them, me], [them]]) {
    for (const who of bidders) {
      const lot = (await http.get(`/api/auctions/${auctionId}/bidding_player`, who.token)).body
      const bid = await http.post(
        `/api/auctions/${auctionId}/bid_player`,
        { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
        who.token,
      )
      expect(bid.status).toBe(200)
    }
    await http.post(`/api/auctions/${auctionId}/close_lot`, {}, me.token)
  }
  expect((await http.post(`/api/auctions/${auctionId}/complete`, {}, me.token)).status).toBe(200)
  runningId = await make('Still Running')
  quietId = await make('Nobody Bid')
  expect((await http.post(`/api/auctions/${quietId}/complete`, {}, me.token)).status).toBe(200)
})
afterAll(() => world?.close())

const bidders = () => page.getByTestId('debrief-bidder').allTextContents()

describe('the auction debrief', () => {
  it('is linked from the finished auction and its board', async () => {
    await page.goto(`/auctions/${auctionId}/board`)
    await page.getByTestId('board-debrief-link').waitFor()
    await page.goto(`/auctions/${auctionId}/players`)
    await page.getByTestId('auction-debrief-link').click()
    await page.getByTestId('auction-debrief').waitFor()
    expect(new URL(page.url()).pathname).toBe(`/auctions/${auctionId}/debrief`)
  })

  it('replayed from the start at max speed shows every bid in order with who made it', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`/auctions/${auctionId}/debrief`)
    await page.getByTestId('debrief-scrubber').fill('0')
    await expect.poll(() => page.getByTestId('debrief-count').textContent()).toBe('0 of 3 bids')
    expect(await page.getByTestId('debrief-bid').count()).toBe(0)
    await page.getByTestId('debrief-speed').selectOption('max')
    await page.getByTestId('debrief-play').click()
    await expect.poll(() => page.getByTestId('debrief-count').textContent()).toBe('3 of 3 bids')
    // Newest first: the student's lot-2 bid, the owner's, the student's opening bid.
    expect(await bidders()).toEqual(['Franchise 1', 'Franchise 0', 'Franchise 1'])
    expect(await page.getByTestId('price-bar').count()).toBeGreaterThanOrEqual(2)
    expect(await page.getByTestId('spend-line').count()).toBe(2)
    expect(await page.getByTestId('value-dot').count()).toBe(2)
    await world.shot('auction-debrief')
  })

  it('hides the names behind "Manager N" with the toggle, and opens that way with ?anonymous=1', async () => {
    await page.getByTestId('debrief-anonymous').click()
    await expect.poll(bidders).toEqual(['Manager 2', 'Manager 1', 'Manager 2'])
    expect(page.url()).toContain('anonymous=1')
    expect(await page.getByTestId('auction-debrief').textContent()).not.toMatch(/Franchise|debrief_/)
    await page.goto(`/auctions/${auctionId}/debrief?anonymous=1`)
    await expect.poll(bidders).toEqual(['Manager 2', 'Manager 1', 'Manager 2'])
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: '/tmp/fanspole-shots/auction-debrief-390.png', fullPage: true })
    await page.keyboard.press('a')
    await expect.poll(bidders).toEqual(['Franchise 1', 'Franchise 0', 'Franchise 1'])
  })

  it('says so when nobody bid', async () => {
    await page.goto(`/auctions/${quietId}/debrief`)
    await page.getByTestId('debrief-empty').waitFor()
    expect(await page.getByTestId('debrief-empty').textContent()).toBe('No bids were placed in this auction.')
    expect(await page.getByTestId('debrief-bid').count()).toBe(0)
  })

  it('says a running auction is not ready yet', async () => {
    await page.goto(`/auctions/${runningId}/debrief`)
    await page.getByTestId('debrief-error').waitFor()
    expect(await page.getByTestId('debrief-error').textContent()).toContain(
      'ready when the auction has finished',
    )
  })

  it('is the 404 page for a stranger to the private auction', async () => {
    await strangerPage.goto(`/auctions/${auctionId}/debrief`)
    await strangerPage.getByTestId('not-found').waitFor()
    expect(await strangerPage.getByTestId('auction-debrief').count()).toBe(0)
  })
})
