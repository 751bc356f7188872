import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM, CLOSED_NETWORK_ARGS, type E2eWorld, SHOTS_DIR, startE2eWorld } from '../browser'
import { apiClient, signInBrowser, type Tokens, watchReloads } from '../league'

/**
 * The live auction in two Chromium windows against a real server with the demo league:
 * the owner creates a match auction, a friend joins with the invite code in a second
 * browser, the owner approves them, seats six bots and starts. Both see the same lot and
 * countdown; the friend's bid shows on the owner's page without a reload; the game clock
 * races the open round to its end; the owner runs a sealed round, the friend bids in it, the
 * clock closes it, and the players page shows who went where.
 */
const owner = { email: 'auction.owner@example.test', username: 'auction_owner', password: 'gavel-owner-7' }
const friend = {
  email: 'auction.friend@example.test',
  username: 'auction_friend',
  password: 'gavel-friend-7',
}
const OWNER_FRANCHISE = 'Mumbai Mavericks'
const FRIEND_FRANCHISE = 'Chennai Chargers'

let world: E2eWorld
let api: ReturnType<typeof apiClient>
let adminToken: string
let guestBrowser: Browser
let guestContext: BrowserContext
/** The owner's window is the world's page; the friend's is a second browser. */
let ownerPage: Page
let guestPage: Page
const guestProblems: string[] = []
let auctionId = 0
let inviteCode = ''
let sealedPlayerId = 0

const signUp = (user: typeof owner) => api.signUp(user, 'Auction Player')
const signIn = (context: BrowserContext, tokens: Tokens) => signInBrowser(context, world.server.url, tokens)

const clock = async (change: Record<string, unknown>) =>
  expect((await api.post('/api/admin/clock', change, adminToken)).status).toBe(200)

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  })

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim()

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  api = apiClient(world)
  adminToken = await api.adminToken()
  ownerPage = world.page
  await signIn(world.browser, await signUp(owner))
  // A second browser, not a second context of the first: two people, two cookie jars.
  // The same flags as the world's (no dialling out on a closed network).
  guestBrowser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CLOSED_NETWORK_ARGS,
  })
  guestContext = await guestBrowser.newContext({
    baseURL: world.server.url,
    viewport: { width: 390, height: 844 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  })
  await signIn(guestContext, await signUp(friend))
  guestPage = await guestContext.newPage()
  guestPage.setDefaultTimeout(10_000)
  guestPage.on('pageerror', (error) => guestProblems.push(`page error: ${error.message}`))
  guestPage.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      guestProblems.push(`console: ${message.text()}`)
  })
})
afterAll(async () => {
  await guestBrowser?.close()
  await world?.close()
})

describe('a live auction in two browsers', () => {
  it('the owner creates a match auction and lands in the waiting room with the invite code', async () => {
    await ownerPage.goto('/auctions')
    await ownerPage.getByText('No auctions yet').waitFor()
    await ownerPage.getByTestId('create-auction').click()
    await ownerPage.waitForURL('**/auctions/create')
    await ownerPage.fill('input[name=name]', 'Friday Night Auction')
    // The whole league's players, balanced squads of 11: asking for more franchises than the
    // pool can give a squad is refused, saying how many fit (pools and capacity).
    await ownerPage.getByTestId('source-league').click()
    expect(await ownerPage.inputValue('input[name=squad_min]')).toBe('11')
    await ownerPage.fill('input[name=max_managers]', '40')
    await ownerPage.getByTestId('create-submit').click()
    await ownerPage.getByText(/must be at most \d+: the league pool of \d+ players/).waitFor()
    expect(ownerPage.url()).toMatch(/\/auctions\/create$/)
    await ownerPage.fill('input[name=max_managers]', '')
    // A match auction: small squads, not balanced (the form's defaults for a match).
    await ownerPage.getByTestId('source-match').click()
    await expect.poll(() => ownerPage.getByText(/the league pool of/).count()).toBe(0)
    expect(await ownerPage.inputValue('input[name=squad_min]')).toBe('3')
    expect(await ownerPage.inputValue('input[name=squad_max]')).toBe('5')
    expect(await ownerPage.isChecked('input[name=balanced]')).toBe(false)
    await ownerPage.fill('input[name=lot_seconds]', '10')
    await ownerPage.fill('input[name=franchise_name]', OWNER_FRANCHISE)
    await ownerPage.getByTestId('color-blue').click()
    await shot(ownerPage, 'auction-create')
    await ownerPage.getByTestId('create-submit').click()
    await ownerPage.waitForURL(/\/auctions\/\d+\/waiting-room$/)
    auctionId = Number(/auctions\/(\d+)\//.exec(ownerPage.url())?.[1])
    inviteCode = await text(ownerPage, 'invite-code')
    expect(inviteCode).toMatch(/^[A-Z0-9]{4,}$/)
    const approved = ownerPage.getByTestId('approved-managers').getByTestId('manager-row')
    await expect.poll(() => approved.count()).toBe(1)
    expect(await approved.first().textContent()).toContain(OWNER_FRANCHISE)
    // How many more the pool takes (35 players, squads of 3: 11 franchises, the owner seated).
    expect(await ownerPage.getByText(/\d+ seats left/).textContent()).toMatch(/· (\d+) seats left/)
  })

  it('a friend joins with the code in a second browser; the owner approves, seats six bots and starts', async () => {
    await guestPage.goto('/auctions')
    await guestPage.getByTestId('join-auction').click()
    await guestPage.fill('input[name=code]', inviteCode.toLowerCase())
    await guestPage.getByTestId('find-auction').click()
    await guestPage.getByTestId('found-auction').waitFor()
    expect(await guestPage.getByTestId('found-auction').textContent()).toContain('Friday Night Auction')
    // The owner's colour is taken.
    await expect.poll(() => guestPage.getByTestId('color-blue').isDisabled()).toBe(true)
    await guestPage.fill('input[name=franchise_name]', FRIEND_FRANCHISE)
    await guestPage.getByTestId('color-yellow').click()
    await shot(guestPage, 'auction-join')
    await guestPage.getByTestId('join-submit').click()
    await guestPage.waitForURL(`**/auctions/${auctionId}/waiting-room`)
    await guestPage.getByText('The owner has to approve you').waitFor()

    // The request shows up in the owner's room by itself.
    const pending = ownerPage.getByTestId('pending-managers').getByTestId('manager-row')
    await pending.waitFor()
    const managerId = Number(await pending.getAttribute('data-manager-id'))
    await ownerPage.getByTestId(`approve-${managerId}`).click()
    await guestPage.getByText('The owner has to approve you').waitFor({ state: 'detached' })

    await ownerPage.selectOption('select[name=bot_count]', '6')
    await ownerPage.getByTestId('add-bots').click()
    const seated = ownerPage.getByTestId('approved-managers').getByTestId('manager-row')
    await expect.poll(() => seated.count()).toBe(8)
    await expect
      .poll(() => guestPage.getByTestId('approved-managers').getByTestId('manager-row').count())
      .toBe(8)
    await shot(ownerPage, 'auction-waiting-room')
    await ownerPage.getByTestId('start-auction').click()
    // Both windows move to the live lot: the friend's by following the channel.
    await ownerPage.waitForURL(`**/auctions/${auctionId}/bidding`)
    await guestPage.waitForURL(`**/auctions/${auctionId}/bidding`)
  })

  it('both see the same lot and countdown; the friend bids and the owner sees it without a reload', async () => {
    const lotOf = async (page: Page) => ({
      player: await page.getByTestId('lot').getAttribute('data-player-id'),
      name: await text(page, 'lot-player'),
      endsAt: await page.getByTestId('countdown').getAttribute('data-ends-at'),
      seconds: Number((await text(page, 'countdown-text')).replace(/\D/g, '')),
    })
    await ownerPage.getByTestId('lot-player').waitFor()
    await guestPage.getByTestId('lot-player').waitFor()
    // Bots keep bidding (each bid moves the end), so read both until they agree: the same
    // player, the same end, and (drawn from the server's clock) the same seconds left.
    type View = Awaited<ReturnType<typeof lotOf>>
    const agree = (o: View, g: View) =>
      o.player === g.player &&
      o.name === g.name &&
      o.endsAt === g.endsAt &&
      Math.abs(o.seconds - g.seconds) <= 1
    let seen: View | undefined
    await expect
      .poll(async () => {
        const [o, g] = await Promise.all([lotOf(ownerPage), lotOf(guestPage)])
        seen = o
        return agree(o, g)
      })
      .toBe(true)
    expect(seen?.seconds).toBeGreaterThan(0)
    expect(seen?.seconds).toBeLessThanOrEqual(10)
    expect(await guestPage.getByTestId('franchise-row').count()).toBe(8)

    // Freeze the game clock so no bot bids between the friend reading the amount and bidding,
    // then wait until the friend's page has caught up with the frozen lot (a bot's last bid
    // may still be on its way, however slow the machine).
    await clock({ paused: true })
    const frozen = (
      await api.get<{ next_bid_amount: number | null }>(
        `/api/auctions/${auctionId}/bidding_player`,
        adminToken,
      )
    ).body
    const reloads = watchReloads(ownerPage)
    const button = guestPage.getByTestId('bid-button')
    await expect
      .poll(() => text(guestPage, 'next-bid-amount'))
      .toBe(new Intl.NumberFormat('en-IN').format(frozen.next_bid_amount ?? 0))
    await expect.poll(() => button.isEnabled()).toBe(true)
    const amount = await text(guestPage, 'next-bid-amount')
    await button.click()
    await guestPage.getByTestId('bid-reason').filter({ hasText: 'You have the highest bid' }).waitFor()
    expect(await button.isDisabled()).toBe(true)
    // The owner's page shows the new high bid and bidder, pushed over /cable.
    await ownerPage.getByTestId('high-bidder').filter({ hasText: FRIEND_FRANCHISE }).waitFor()
    expect(await text(ownerPage, 'high-bid-amount')).toBe(amount)
    expect(await ownerPage.getByTestId('bid-row').first().textContent()).toContain(FRIEND_FRANCHISE)
    expect(reloads.documents).toEqual([])
    reloads.stop()
    await shot(guestPage, 'auction-bidding-friend')
    await shot(ownerPage, 'auction-bidding-owner')
    // And on a laptop screen.
    await ownerPage.setViewportSize({ width: 1280, height: 800 })
    await shot(ownerPage, 'auction-bidding-owner')
    await ownerPage.setViewportSize({ width: 390, height: 844 })
  })

  it('a fast clock plays the open round out; both windows move on to the sealed round page', async () => {
    const lastBid = () => ownerPage.getByTestId('bid-row').first().textContent()
    const before = await lastBid()
    await clock({ paused: false, speed: 50 })
    // A shot of the room once the bots have moved it on (or the round is already over). The
    // room may leave for the sealed round between two looks: a look never waits for a bid row.
    const movedOn = async () =>
      ownerPage.url().includes('secondary-bidding') ||
      (await ownerPage.getByTestId('bid-row').count()) === 0 ||
      (await lastBid()) !== before
    await expect.poll(movedOn, { timeout: 60_000 }).toBe(true)
    await shot(ownerPage, 'auction-bidding-fast')
    await ownerPage.waitForURL(`**/auctions/${auctionId}/secondary-bidding`, { timeout: 60_000 })
    await guestPage.waitForURL(`**/auctions/${auctionId}/secondary-bidding`, { timeout: 10_000 })
    // Back to real time for people to bid in the sealed round.
    await clock({ speed: 1 })
    const a = (
      await api.get<{ new_auction: { phase: string; unsold_count: number; sold_count: number } }>(
        `/api/auctions/${auctionId}`,
        adminToken,
      )
    ).body.new_auction
    expect(a.phase).toBe('between')
    expect(a.sold_count).toBeGreaterThan(0)
    expect(a.unsold_count).toBeGreaterThan(0)
  })

  it('the owner starts a sealed round, the friend bids in it, and the clock closes it', async () => {
    await ownerPage.getByTestId('start-sealed').click()
    await ownerPage.locator('[data-testid="sealed-round"][data-phase="sealed"]').waitFor()
    await guestPage.locator('[data-testid="sealed-round"][data-phase="sealed"]').waitFor()
    // The closing time arrives with the round's bids list, which the page fetches on `round_changed`.
    await expect.poll(() => text(guestPage, 'closes-in'), { timeout: 10_000 }).toMatch(/Closes in \dm \d\ds/)
    const row = guestPage.getByTestId('sealed-row').first()
    sealedPlayerId = Number(await row.getAttribute('data-player-id'))
    const base = Number((/base ([\d,]+)/.exec((await row.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''))
    expect(base).toBeGreaterThan(0)
    await row.getByTestId('sealed-input').fill(String(base + 3000))
    await row.getByTestId('sealed-submit').click()
    await row
      .getByTestId('my-sealed-bid')
      .filter({ hasText: String(base + 3000).replace(/\B(?=(\d{3})+(?!\d))/g, ',') })
      .waitFor()
    await shot(guestPage, 'auction-sealed-round')

    await clock({ advance_ms: 2 * 60_000 + 1000 })
    await guestPage.locator('[data-testid="sealed-round"][data-phase="between"]').waitFor()
    await ownerPage.locator('[data-testid="sealed-round"][data-phase="between"]').waitFor()
  })

  it('the players page shows who was sold to whom, and who went unsold', async () => {
    await guestPage.getByRole('link', { name: 'Players' }).click()
    await guestPage.waitForURL(`**/auctions/${auctionId}/players`)
    // After the rounds the page opens on the sales.
    const rows = guestPage.getByTestId('player-row')
    await expect.poll(() => rows.count()).toBeGreaterThan(0)
    expect(await guestPage.locator('[data-testid="player-row"]:not([data-status="sold"])').count()).toBe(0)
    const won = guestPage.locator(`[data-testid="player-row"][data-player-id="${sealedPlayerId}"]`)
    expect(await won.getAttribute('data-status')).toBe('sold')
    expect(await won.getByTestId('sale').textContent()).toContain(FRIEND_FRANCHISE)
    await shot(guestPage, 'auction-players-sold')
    await guestPage.getByRole('tab', { name: /Unsold/ }).click()
    await expect
      .poll(() => guestPage.locator('[data-testid="player-row"][data-status="unsold"]').count())
      .toBeGreaterThan(0)
    expect(await guestPage.locator('[data-testid="player-row"]:not([data-status="unsold"])').count()).toBe(0)

    // The friend's sealed bids page says how the bid ended.
    await guestPage.getByRole('link', { name: 'My sealed bids' }).click()
    const outcome = guestPage.locator(`[data-testid="sealed-outcome"][data-player-id="${sealedPlayerId}"]`)
    await expect.poll(() => outcome.getAttribute('data-won')).toBe('true')
  })

  it('the owner ends the auction: the friend sees it end, the owner finds it under completed', async () => {
    await ownerPage.getByTestId('complete').click()
    await ownerPage.getByTestId('confirm-complete').click()
    // From the sealed round page to the players, as the phase moves on.
    await ownerPage.waitForURL(`**/auctions/${auctionId}/players`)
    await guestPage.getByTestId('auction-status').filter({ hasText: 'Completed' }).waitFor()
    // The auction's bare address opens the page for its phase: now the players.
    await guestPage.goto(`/auctions/${auctionId}`)
    await guestPage.waitForURL(`**/auctions/${auctionId}/players`)
    await ownerPage.getByRole('link', { name: 'Auctions', exact: true }).first().click()
    await ownerPage.waitForURL('**/auctions')
    const card = ownerPage.getByTestId('auctions-completed').getByTestId('auction-card')
    await card.waitFor()
    expect(await card.textContent()).toContain('Friday Night Auction')
    await shot(ownerPage, 'auction-list')

    expect(world.problems).toEqual([])
    expect(guestProblems).toEqual([])
  })
})
