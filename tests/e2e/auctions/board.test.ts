import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { client } from '../../helpers/http'
import { type E2eWorld, secondBrowser, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'
import { readQr } from '../qr'

/**
 * The projector board, `/auctions/{id}/board`: the owner projects it; a student's bid, placed in
 * the student's own browser, appears on it over /cable; the owner's Space pauses and resumes,
 * N closes the lot; A (and `?anonymous=1`) names the managers "Manager N"; a student sees it
 * read-only (their keys do nothing); a stranger to the private auction gets the 404 page; the
 * QR code, read back from the pixels the browser drew, is the join URL on the page's address.
 */
const owner = { email: 'board.owner@example.test', username: 'board_owner', password: 'board-owner-8' }
const student = { email: 'board.student@example.test', username: 'board_student', password: 'board-stud-8' }
const stranger = { email: 'board.stranger@example.test', username: 'board_stranger', password: 'board-str-8' }

let world: E2eWorld
let page: Page
let studentPage: Page
let strangerPage: Page
let api: ReturnType<typeof apiClient>
let ownerToken = ''
let auction = { id: 0, code: '' }

const auctionNow = async () =>
  (
    await api.get<{ new_auction: { paused: boolean; sold_count: number; unsold_count: number } }>(
      `/api/auctions/${auction.id}`,
      ownerToken,
    )
  ).body.new_auction

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  api = apiClient(world)
  const mine = await api.signUp(owner, 'Board Owner')
  ownerToken = mine.access_token
  const theirs = await api.signUp(student, 'Board Student')
  const strangers = await api.signUp(stranger, 'Board Stranger')
  await signInBrowser(world.browser, world.server.url, mine)
  studentPage = (await secondBrowser(world, 'student')).page
  await signInBrowser(studentPage.context(), world.server.url, theirs)
  strangerPage = (await secondBrowser(world, 'stranger')).page
  await signInBrowser(strangerPage.context(), world.server.url, strangers)
  const match = (
    await api.get<{ matches: Array<{ id: number }> }>(
      '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
    )
  ).body.matches[0] as { id: number }
  const created = await api.post<{ new_auction: { id: number; code: string } }>(
    '/api/auctions',
    smallAuction('Projector Night', match.id, { lot_seconds: 60, private: true }),
    ownerToken,
  )
  expect(created.status).toBe(201)
  auction = created.body.new_auction
  // The board before the start: nobody seated yet, the QR code to join.
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto(`/auctions/${auction.id}/board`)
  await page.getByTestId('board-qr').waitFor()
  await seatAndStart(client(world.server.deps), auction, { token: ownerToken }, [
    { token: theirs.access_token },
  ])
})
afterAll(() => world?.close())

describe('the projector board', () => {
  it('shows the QR code of the join URL on the address the board was opened on, and the code', async () => {
    const url = `${world.server.url}/auctions/join?code=${auction.code}`
    expect(await page.getByTestId('board-qr').getAttribute('data-url')).toBe(url)
    expect(await readQr(page)).toBe(url)
    expect(await page.getByTestId('board-code').textContent()).toBe(auction.code)
  })

  it("shows the live lot; a student's bid from their own browser appears on it over /cable", async () => {
    await page.getByTestId('board-lot').waitFor()
    await expect.poll(() => page.getByTestId('board-franchise').count()).toBe(2)
    expect(await page.getByTestId('board-leader').textContent()).toBe('No bids yet')
    expect(await page.getByTestId('board-keys').textContent()).toContain('Space pause')
    await studentPage.goto(`/auctions/${auction.id}/bidding`)
    const amount = (await studentPage.getByTestId('next-bid-amount').textContent()) ?? ''
    await studentPage.getByTestId('bid-button').click()
    // The opening bid shows the base price already: the leader is what the bid changes.
    await expect.poll(() => page.getByTestId('board-leader').textContent()).toBe('Franchise 1')
    expect(await page.getByTestId('board-price').textContent()).toBe(amount)
    expect(await page.getByTestId('board-bid').count()).toBe(1)
    await world.shot('auction-board')
  })

  it('A hides the names behind stable anonymous ids (and ?anonymous=1 opens that way)', async () => {
    await page.keyboard.press('a')
    await expect.poll(() => page.getByTestId('board-leader').textContent()).toBe('Manager 2')
    expect(page.url()).toContain('anonymous=1')
    const names = await page.getByTestId('board-franchise-name').allTextContents()
    expect(names).toEqual(['Manager 1', 'Manager 2'])
    expect(await page.getByTestId('auction-board').textContent()).not.toContain('Franchise')
    await page.reload()
    await expect.poll(() => page.getByTestId('board-leader').textContent()).toBe('Manager 2')
    await page.keyboard.press('A')
    await expect.poll(() => page.getByTestId('board-leader').textContent()).toBe('Franchise 1')
  })

  it('a student sees the board read-only: their Space and N change nothing', async () => {
    await studentPage.goto(`/auctions/${auction.id}/board`)
    await studentPage.getByTestId('board-lot').waitFor()
    expect(await studentPage.getByTestId('board-keys').textContent()).not.toContain('Space')
    const posts: string[] = []
    studentPage.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url())
    })
    await studentPage.keyboard.press('Space')
    await studentPage.keyboard.press('n')
    await studentPage.waitForLoadState('networkidle')
    expect(posts).toEqual([])
    expect(await studentPage.getByTestId('board-note').textContent()).toBe('')
    const now = await auctionNow()
    expect(now).toMatchObject({ paused: false, sold_count: 0 })
    await studentPage.setViewportSize({ width: 390, height: 844 })
    await studentPage.screenshot({
      path: '/tmp/fanspole-shots/auction-board-student-390.png',
      fullPage: true,
    })
  })

  it("the owner's Space pauses and resumes; N closes the lot, sold to its leader", async () => {
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByTestId('board-phase').textContent()).toBe('Paused')
    expect((await auctionNow()).paused).toBe(true)
    await expect.poll(() => studentPage.getByTestId('board-phase').textContent()).toBe('Paused')
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByTestId('board-phase').textContent()).toBe('Live bidding')
    const before = await page.getByTestId('board-lot').getAttribute('data-player-id')
    await page.keyboard.press('n')
    await expect.poll(async () => (await auctionNow()).sold_count).toBe(1)
    await expect.poll(() => page.getByTestId('board-lot').getAttribute('data-player-id')).not.toBe(before)
    await expect.poll(() => page.getByTestId('board-squad').count()).toBe(1)
    expect(await page.getByTestId('board-note').textContent()).toBe('Lot closed: next player')
    await page.setViewportSize({ width: 1280, height: 720 })
    await world.shot('auction-board-after', { fullPage: false })
  })

  it('is the 404 page for a stranger to the private auction', async () => {
    await strangerPage.goto(`/auctions/${auction.id}/board`)
    await strangerPage.getByTestId('not-found').waitFor()
    expect(await strangerPage.getByTestId('auction-board').count()).toBe(0)
    expect(world.problems).toEqual([])
  })
})
