import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, SHOTS_DIR, startE2eWorld } from '../browser'
import { apiClient, playLiveUntilMineScores, saveValidTeam, signInBrowser, watchReloads } from '../league'

/**
 * The contest views follow what others do, without a reload: a card's count and spots left
 * when someone else joins, My Contests when the player joins from another tab, relative times
 * that tick, and the leaderboard through settlement — every prize, ranks 1–10 included.
 */
const me = { email: 'live.contests@example.test', username: 'live_contests', password: 'every-rank-paid-1' }
const other = { email: 'other.joiner@example.test', username: 'other_joiner', password: 'another-tab-22' }

interface Match {
  id: number
}
interface Contest {
  id: number
  kind: string
  entry_fee: number
  members_count: number
  members_limit: number
  contest_status: string
}

let world: E2eWorld
let api: ReturnType<typeof apiClient>
let adminToken: string
let match: Match
let mega: Contest
let myToken: string
let otherToken: string
const pages: Page[] = []

/** Signs up, gets ₹500 and a valid team for the match: answers the token and the team's id. */
async function playerWithTeam(user: typeof me, salt: string) {
  const tokens = await api.signUp(user)
  const token = tokens.access_token
  const id = (await api.get<{ user: { id: number } }>('/api/me', token)).body.user.id
  await api.post('/api/admin/wallet/credits', { user_id: id, amount: 500 }, adminToken)
  const teamId = await saveValidTeam(api, match.id, token, `live-contests:${salt}`)
  return { tokens, token, teamId }
}

let myTeam: number
let otherTeam: number

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  api = apiClient(world)
  adminToken = await api.adminToken()
  match = (await api.get<{ matches: Match[] }>('/api/matches?sport_slug=cricket&status=upcoming&per_page=1'))
    .body.matches[0] as Match
  const contests = (await api.get<{ contests: Contest[] }>(`/api/matches/${match.id}/contests`)).body.contests
  mega = contests.find((c) => c.kind === 'mega') as Contest
  const mine = await playerWithTeam(me, 'me')
  myToken = mine.token
  myTeam = mine.teamId
  const theirs = await playerWithTeam(other, 'other')
  otherToken = theirs.token
  otherTeam = theirs.teamId
  await signInBrowser(world.browser, world.server.url, mine.tokens)
})
afterAll(async () => {
  for (const p of pages) await p.close()
  await world?.close()
})

async function open(path: string): Promise<Page> {
  const page = await world.browser.newPage()
  pages.push(page)
  page.setDefaultTimeout(15_000)
  await page.goto(path)
  return page
}

/** A page of its own, shot on a phone and a laptop screen. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true })
  }
}

const spotsLeft = (n: number) => `${n.toLocaleString('en-IN')} spot${n === 1 ? '' : 's'} left`

describe('contest views follow others without a reload', () => {
  it('moves a card’s spots left when someone else joins', async () => {
    const page = await open(`/matches/${match.id}/contests`)
    const card = page.locator(`[data-testid="contest-card"][data-contest-id="${mega.id}"]`)
    const left = card.getByTestId('spots-left')
    await left.waitFor()
    const now = (await api.get<{ contest: Contest }>(`/api/contests/${mega.id}`)).body.contest
    expect(await left.textContent()).toBe(spotsLeft(now.members_limit - now.members_count))
    // Let the page's subscriptions settle before the join happens elsewhere.
    await page.waitForTimeout(1500)
    const reloads = watchReloads(page)
    const joined = await api.post(`/api/contests/${mega.id}/join`, { team_id: otherTeam }, otherToken)
    expect(joined.status).toBe(200)
    await expect
      .poll(() => left.textContent(), { timeout: 10_000 })
      .toBe(spotsLeft(now.members_limit - now.members_count - 1))
    reloads.stop()
    expect(reloads.documents).toEqual([])
    await shoot(page, 'match-contests-live-count')
  })

  it('shows a join made in another tab on My Contests', async () => {
    const page = await open('/my-contests?type=upcoming')
    await page.getByTestId('my-contests').waitFor()
    const card = page.locator(`[data-testid="my-contest"][data-contest-id="${mega.id}"]`)
    expect(await card.count()).toBe(0)
    await page.waitForTimeout(1500)
    const reloads = watchReloads(page)
    // The other tab: the same player, through the API.
    const joined = await api.post(`/api/contests/${mega.id}/join`, { team_id: myTeam }, myToken)
    expect(joined.status).toBe(200)
    await card.waitFor({ timeout: 10_000 })
    reloads.stop()
    expect(reloads.documents).toEqual([])
    await shoot(page, 'my-contests-joined-elsewhere')
  })

  it('ticks relative times while the page is open', async () => {
    const page = await open(`/contests/${mega.id}/activities`)
    const first = page.getByTestId('activity').first().getByTestId('time-ago')
    await first.waitFor()
    const before = await first.textContent()
    // "just now" → "5 seconds ago" → "6 seconds ago": it moves on its own within seconds.
    await expect.poll(() => first.textContent(), { timeout: 12_000 }).not.toBe(before)
    const later = await first.textContent()
    await expect.poll(() => first.textContent(), { timeout: 5_000 }).not.toBe(later)
  })

  it('follows the leaderboard through settlement: a prize on every winning rank, 1–10 too', async () => {
    const page = await open(`/contests/${mega.id}/members`)
    await page.getByTestId('leaderboard').waitFor()
    const reloads = watchReloads(page)
    await playLiveUntilMineScores(page, api, adminToken, match.id)
    // The board is now the pushed live top; the rest of the match in one jump, then settlement.
    expect((await api.post('/api/admin/clock', { advance_ms: 6 * 3600_000 }, adminToken)).status).toBe(200)
    const settled = await api.get<{
      members: Array<{ id: number; rank: number | null; prize: number }>
    }>(`/api/contests/${mega.id}/members?page=1`, myToken)
    const paid = settled.body.members.filter((m) => m.prize > 0)
    const topPaid = paid.filter((m) => (m.rank ?? 99) <= 10)
    expect(topPaid.length).toBeGreaterThan(0)
    for (const m of topPaid) {
      const row = page.getByTestId('board').locator(`[data-testid="board-row"][data-member-id="${m.id}"]`)
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Won')
      expect(await row.getByTestId('row-rank').textContent()).toBe(`#${m.rank}`)
    }
    reloads.stop()
    expect(reloads.documents).toEqual([])
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({
        path: path.join(SHOTS_DIR, `contest-members-settled-${width}.png`),
        fullPage: true,
      })
    }
  })

  it('ticks the notifications’ times too', async () => {
    const id = (await api.get<{ user: { id: number } }>('/api/me', myToken)).body.user.id
    const sent = await api.post('/api/admin/notifications', { user_id: id, body: 'Well played!' }, adminToken)
    expect(sent.status).toBeLessThan(300)
    const page = await open('/notifications')
    const first = page.getByTestId('time-ago').first()
    await first.waitFor()
    const before = await first.textContent()
    await expect.poll(() => first.textContent(), { timeout: 12_000 }).not.toBe(before)
  })

  it('logged no errors in the browser', () => {
    expect(world.problems).toEqual([])
  })
})
