import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, SHOTS_DIR, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * Auction scores and tournaments in Chromium against a real server with the demo league.
 * (a) A match auction with two managers run through the API: the browser's user buys the
 * first lot, the auction ends, the admin plays the match instantly; the leaderboard tab shows
 * the points and the manager page the squad and that match's player scores. (b) A tournament
 * created in the browser that three API users join (the 4th join opens the first window): the
 * browser's user bids, the clock jumps past the window, the squad page shows the player, he is
 * released, and the bidding page shows him locked.
 */
const me = { email: 'scores.owner@example.test', username: 'scores_owner', password: 'gavel-owner-8' }
const HOUR = 3_600_000

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let adminToken: string
let myToken: string

const signUp = (user: { email: string; username: string; password: string }) =>
  api.signUp(user, 'Auction Player')

const other = async (name: string) =>
  (
    await signUp({
      email: `${name}@example.test`,
      username: name,
      password: 'other-player-pass',
    })
  ).access_token

/** Both widths of every screen the test looks at. */
async function shots(name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 390, height: 844 })
}

const text = async (testId: string, scope: Page | ReturnType<Page['locator']> = page) =>
  ((await scope.getByTestId(testId).first().textContent()) ?? '').trim()

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  api = apiClient(world)
  adminToken = await api.adminToken()
  const tokens = await signUp(me)
  myToken = tokens.access_token
  await signInBrowser(world.browser, world.server.url, tokens)
})
afterAll(async () => {
  await world?.close()
})

describe('a match auction scored from its match', () => {
  let auctionId = 0
  let matchId = 0
  let boughtId = 0
  let myManagerId = 0

  it('the browser user buys a player through the API; the auction ends; the leaderboard waits', async () => {
    const matches = await api.get<{ matches: Array<{ id: number }> }>(
      '/api/matches?sport_slug=cricket&status=upcoming&per_page=5',
      myToken,
    )
    matchId = matches.body.matches[0]?.id ?? 0
    expect(matchId).toBeGreaterThan(0)
    const created = await api.post<{ new_auction: { id: number; code: string } }>(
      '/api/auctions',
      { name: 'Scores Night', match_id: matchId, squad_min: 1, squad_max: 4, balanced: false, purse: 5000 },
      myToken,
    )
    expect(created.status).toBe(201)
    auctionId = created.body.new_auction.id
    const code = created.body.new_auction.code
    const mine = await api.post<{ manager: { id: number } }>(
      `/api/auctions/${auctionId}/join`,
      { code, franchise_name: 'Pune Pacers', color: 'blue' },
      myToken,
    )
    myManagerId = mine.body.manager.id
    const friendToken = await other('scores_friend')
    const theirs = await api.post<{ manager: { id: number } }>(
      `/api/auctions/${auctionId}/join`,
      { code, franchise_name: 'Goa Gulls', color: 'red' },
      friendToken,
    )
    const ok = await api.post(
      `/api/auctions/${auctionId}/managers/${theirs.body.manager.id}/approve`,
      {},
      myToken,
    )
    expect(ok.status).toBe(200)
    expect((await api.post(`/api/auctions/${auctionId}/start`, {}, myToken)).status).toBe(200)
    const lot = (
      await api.get<{ bidding_player: { id: number }; next_bid_amount: number }>(
        `/api/auctions/${auctionId}/bidding_player`,
        myToken,
      )
    ).body
    boughtId = lot.bidding_player.id
    const bid = await api.post(
      `/api/auctions/${auctionId}/bid_player`,
      { player_id: boughtId, bid_amount: lot.next_bid_amount },
      myToken,
    )
    expect(bid.status).toBe(200)
    // The lot runs out on the game clock: nobody outbids, so he is ours.
    expect((await api.post('/api/admin/clock', { advance_ms: 40_000 }, adminToken)).status).toBe(200)
    expect((await api.post(`/api/auctions/${auctionId}/complete`, {}, myToken)).status).toBe(200)

    await page.goto(`/auctions/${auctionId}/leaderboard`)
    await page.getByText("Points arrive when the auction's matches are played").waitFor()
  })

  it('after the match is simulated the leaderboard shows the points and links to the manager page', async () => {
    const sim = await api.post(`/api/admin/matches/${matchId}/simulate`, { mode: 'instant' }, adminToken)
    expect(sim.status).toBe(200)
    const scores = (
      await api.get<{ player_scores: Array<{ player_id: number; total_score: number }> }>(
        `/api/matches/${matchId}/player_scores`,
      )
    ).body.player_scores
    const points = scores.find((s) => s.player_id === boughtId)?.total_score ?? 0
    const shown = (Math.round(points * 10) / 10).toLocaleString('en-IN')

    await page.reload()
    const row = page.locator(`[data-testid="leaderboard-row"][data-manager-id="${myManagerId}"]`)
    await row.waitFor()
    expect(await page.getByTestId('leaderboard-row').count()).toBe(2)
    expect(await text('leaderboard-points', row)).toBe(shown)
    expect(await row.getAttribute('data-mine')).toBe('true')
    await shots('auction-leaderboard')

    await row.click()
    await page.waitForURL(`**/auction/managers/${myManagerId}`)
    expect(await text('manager-name')).toBe('Pune Pacers')
    expect(await text('manager-points')).toBe(shown)
    expect(await text('manager-rank')).toMatch(/^[12]$/)
    const squad = page.getByTestId('squad-player')
    expect(await squad.count()).toBe(1)
    expect(await squad.first().getAttribute('data-player-id')).toBe(String(boughtId))

    const match = page.locator(`[data-testid="manager-match"][data-match-id="${matchId}"]`)
    expect(await text('match-points', match)).toBe(shown)
    await match.getByTestId('match-toggle').click()
    const score = match.locator(`[data-testid="player-score"][data-player-id="${boughtId}"]`)
    await score.waitFor()
    expect(await score.textContent()).toContain(shown)
    // The row's title is the match's, not just its number.
    expect(await match.getByTestId('match-toggle').textContent()).toMatch(/ vs /)
    await shots('auction-manager')
  })
})

describe('an auction tournament', () => {
  let tournamentId = 0
  let targetId = 0

  it('the browser user creates one; three players join through the API and the first window opens', async () => {
    await page.goto('/auctions')
    await page.getByTestId('tournaments-link').click()
    await page.waitForURL('**/auction/tournaments')
    await page.getByText('No tournaments yet').waitFor()
    await page.fill('input[name=tournament_name]', 'Season Gavel')
    await page.selectOption('select[name=window_hours]', '6')
    await shots('tournament-list')
    await page.getByTestId('create-tournament').click()
    await page.waitForURL(/\/auction\/tournaments\/\d+\/bidding$/)
    tournamentId = Number(/tournaments\/(\d+)\//.exec(page.url())?.[1])
    await page.locator('[data-testid="tournament-window"][data-phase="waiting"]').waitFor()
    await page.locator('[data-testid="live-indicator"][data-connected="true"]').waitFor()

    for (const name of ['tour_two', 'tour_three', 'tour_four']) {
      const joined = await api.post(
        `/api/auction/tournaments/${tournamentId}/join`,
        { franchise_name: `${name} XI` },
        await other(name),
      )
      expect(joined.status).toBe(201)
    }
    // The 4th join opens the window; the page follows over /cable.
    await page.locator('[data-testid="tournament-window"][data-phase="sealed"]').waitFor()
    expect(await text('closes-in')).toMatch(/Closes in [56]h/)
    expect(await text('block-purse')).toBe('1,70,000')
    expect(await text('block-slots')).toBe('15')
    expect(await text('block-stars')).toBe('4')
  })

  it('the browser user bids; the window closes on the clock and the squad page shows the player', async () => {
    const row = page.getByTestId('tournament-player').first()
    targetId = Number(await row.getAttribute('data-player-id'))
    const base = Number((/base ([\d,]+)/.exec((await row.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''))
    expect(base).toBeGreaterThan(0)
    await row.getByTestId('tournament-bid-input').fill(String(base + 500))
    await row.getByTestId('tournament-bid-submit').click()
    const amount = (base + 500).toLocaleString('en-IN')
    await row.getByTestId('my-tournament-bid').filter({ hasText: amount }).waitFor()
    await page
      .locator(`[data-testid="active-bid"][data-player-id="${targetId}"]`)
      .filter({ hasText: amount })
      .waitFor()
    await shots('tournament-bidding')

    const jump = await api.post('/api/admin/clock', { advance_ms: 6 * HOUR + 1000 }, adminToken)
    expect(jump.status).toBe(200)
    // Window 2 opens at once: the block shows the purchase without a reload.
    await expect.poll(() => text('block-slots')).toBe('14')
    // The countdown follows the jumped clock: window 2 has its six hours, not twelve.
    await expect.poll(() => text('closes-in')).toMatch(/Closes in [56]h/)
    expect(
      await page.locator(`[data-testid="tournament-player"][data-player-id="${targetId}"]`).count(),
    ).toBe(0)

    await page.getByRole('link', { name: 'My squad' }).click()
    await page.waitForURL(`**/auction/tournaments/${tournamentId}/squad`)
    const mine = page.locator(`[data-testid="squad-bid"][data-player-id="${targetId}"]`)
    await mine.waitFor()
    expect(await mine.textContent()).toContain(amount)
    await page.getByTestId('activity').filter({ hasText: 'Window 2 opened' }).waitFor()
    await shots('tournament-squad')
  })

  it('the user releases him (after confirming) and the bidding page shows him locked', async () => {
    const mine = page.locator(`[data-testid="squad-bid"][data-player-id="${targetId}"]`)
    await mine.getByTestId('release').click()
    await page.getByTestId('release-dialog').getByText('cannot bid for').waitFor()
    await page.getByTestId('confirm-release').click()
    await mine.waitFor({ state: 'detached' })
    await page.getByTestId('activity').filter({ hasText: 'released' }).waitFor()

    await page.getByRole('link', { name: 'Bidding' }).click()
    const row = page.locator(`[data-testid="tournament-player"][data-player-id="${targetId}"]`)
    // The page may first show the bidding view cached from before the release, then the
    // fresh one: wait for the fresh one rather than reading once.
    await expect.poll(() => row.getAttribute('data-locked')).toBe('true')
    expect(await text('locked-until', row)).toMatch(/^Locked until /)
    expect(await row.getByTestId('tournament-bid-input').count()).toBe(0)
    await expect.poll(() => text('block-slots')).toBe('15')
    // Search narrows the list to him (the ★ of a star is no part of his name).
    const name = ((await row.locator('strong').first().textContent()) ?? '').replace('★', '').trim()
    await page.getByTestId('player-search').fill(name)
    await expect.poll(() => page.getByTestId('tournament-player').count()).toBeGreaterThan(0)
    await row.waitFor()
    await shots('tournament-locked')

    expect(world.problems).toEqual([])
  })
})
