import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatNumber } from '../../../web/src/lib/format'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { client } from '../../helpers/http'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * The auction room by keyboard and screen reader: a player reaches the Bid button with Tab
 * alone, bids with Enter, Space and the B shortcut, keeps the focus after each bid, and the
 * room's live regions say each bid (who, how much, who leads), a rival's bid pushed over
 * /cable, the countdown's last seconds (10 and 5 politely, 3, 2, 1 assertively) and the sale.
 * Nothing here clicks: every browser action is `page.keyboard`.
 */
const me = { email: 'keys.owner@example.test', username: 'keys_owner', password: 'gavel-keys-8' }
const rival = { email: 'keys.rival@example.test', username: 'keys_rival', password: 'gavel-rival-8' }

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let adminToken: string
let rivalToken: string
let auctionId = 0

/** Every text the page's live regions took, in order (a MutationObserver records them). */
const said = (testId: string) =>
  page.evaluate(
    (id) => (window as unknown as { __said?: Record<string, string[]> }).__said?.[id] ?? [],
    testId,
  )
const lastSaid = async (testId: string) => (await said(testId)).at(-1) ?? ''

async function recordLiveRegions() {
  await page.evaluate(() => {
    const w = window as unknown as { __said: Record<string, string[]> }
    w.__said = {}
    for (const region of document.querySelectorAll('[aria-live]')) {
      const id = region.getAttribute('data-testid') ?? 'unnamed'
      w.__said[id] = []
      new MutationObserver(() => {
        const text = region.textContent ?? ''
        if (text) w.__said[id]?.push(text)
      }).observe(region, { childList: true, characterData: true, subtree: true })
    }
  })
}

const lot = () =>
  api.get<{
    bidding_player: { id: number } | null
    next_bid_amount: number | null
    ends_at_in_millis: number
  }>(`/api/auctions/${auctionId}/bidding_player`, adminToken)

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  api = apiClient(world)
  adminToken = await api.adminToken()
  const mine = await api.signUp(me, 'Keys Owner')
  rivalToken = (await api.signUp(rival, 'Keys Rival')).access_token
  await signInBrowser(world.browser, world.server.url, mine)
  const match = (
    await api.get<{ matches: Array<{ id: number }> }>(
      '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
    )
  ).body.matches[0] as { id: number }
  const created = await api.post<{ new_auction: { id: number; code: string } }>(
    '/api/auctions',
    smallAuction('Keyboard Night', match.id, { lot_seconds: 60 }),
    mine.access_token,
  )
  expect(created.status).toBe(201)
  auctionId = created.body.new_auction.id
  await seatAndStart(client(world.server.deps), created.body.new_auction, { token: mine.access_token }, [
    { token: rivalToken },
  ])
})
afterAll(() => world?.close())

describe('the auction room by keyboard and screen reader', () => {
  it('Tab reaches the Bid button with a visible focus ring; Enter bids and the room says so', async () => {
    await page.goto(`/auctions/${auctionId}/bidding`)
    await page.getByTestId('lot-player').waitFor()
    await recordLiveRegions()
    expect(await page.getByTestId('bid-keys').textContent()).toContain('press B to bid')
    let reached = false
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab')
      reached = await page.evaluate(
        () => document.activeElement?.getAttribute('data-testid') === 'bid-button',
      )
    }
    expect(reached).toBe(true)
    const ring = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement as Element)
      return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) }
    })
    expect(ring.style).not.toBe('none')
    expect(ring.width).toBeGreaterThanOrEqual(2)

    const amount = await page.getByTestId('next-bid-amount').textContent()
    await page.keyboard.press('Enter')
    await expect.poll(() => lastSaid('auction-announcer')).toBe(`You bid ${amount}. You lead.`)
    // The focus stays on the button (now marked unavailable, the reason read with it).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('bid-button')
    expect(await page.getByTestId('bid-button').getAttribute('aria-disabled')).toBe('true')
    expect(await page.getByTestId('bid-button').getAttribute('aria-describedby')).toBe('bid-reason')
  })

  it("a rival's bid arrives over /cable and is said; Space and the B shortcut bid back", async () => {
    const rivalBid = async () => {
      const now = (await lot()).body
      const res = await api.post(
        `/api/auctions/${auctionId}/bid_player`,
        { player_id: now.bidding_player?.id, bid_amount: now.next_bid_amount },
        rivalToken,
      )
      expect(res.status).toBe(200)
      await expect
        .poll(() => lastSaid('auction-announcer'))
        .toBe(`Franchise 1 bids ${formatNumber(now.next_bid_amount ?? 0)}. Franchise 1 leads.`)
    }
    await rivalBid()
    await expect.poll(() => page.getByTestId('bid-button').getAttribute('aria-disabled')).toBe('false')
    let amount = await page.getByTestId('next-bid-amount').textContent()
    await page.keyboard.press('Space')
    await expect.poll(() => lastSaid('auction-announcer')).toBe(`You bid ${amount}. You lead.`)

    await rivalBid()
    await expect.poll(() => page.getByTestId('bid-button').getAttribute('aria-disabled')).toBe('false')
    amount = await page.getByTestId('next-bid-amount').textContent()
    // The shortcut works wherever the focus is: move it off the button first.
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('b')
    await expect.poll(() => lastSaid('auction-announcer')).toBe(`You bid ${amount}. You lead.`)
    expect(world.problems).toEqual([])
  })

  it('says the last seconds (10 and 5 politely, 3, 2, 1 assertively) and then the sale', async () => {
    const now = (await lot()).body
    const clock = (await api.get<{ now_in_millis: number }>('/api/admin/clock', adminToken)).body
      .now_in_millis
    // Jump to 12 s before the lot ends, then let it run out in real time.
    const jumped = await api.post(
      '/api/admin/clock',
      { advance_ms: now.ends_at_in_millis - clock - 12_000 },
      adminToken,
    )
    expect(jumped.status).toBe(200)
    await expect
      .poll(() => said('countdown-announcer'), { timeout: 15_000 })
      .toEqual(['10 seconds left', '5 seconds left'])
    await expect
      .poll(() => said('countdown-alert'), { timeout: 10_000 })
      .toEqual(['3 seconds left', '2 seconds left', '1 second left'])
    await expect
      .poll(
        async () => (await said('auction-announcer')).some((s) => /^Sold: .+ to You for [\d,]+\./.test(s)),
        {
          timeout: 10_000,
        },
      )
      .toBe(true)
  })
})
