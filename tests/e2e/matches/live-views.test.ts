import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, SHOTS_DIR, startE2eWorld } from '../browser'
import { apiClient, saveValidTeam, signInBrowser, watchReloads } from '../league'

/**
 * With the clock running fast, every view of a match, a contest and my
 * contests follows it without a reload — countdowns at the clock's speed, the contest cards
 * locking at the start, My Contests moving the contest out of Upcoming, the home page's live
 * score moving, and the statistics of a finished match showing its points.
 */
const player = { email: 'live.fan@example.test', username: 'live_fan', password: 'follow-the-ball-9' }

interface Match {
  id: number
  event_time_in_millis: number
  sim_profile: string
}
interface Contest {
  id: number
  kind: string
  entry_fee: number
}

let world: E2eWorld
let api: ReturnType<typeof apiClient>
let adminToken: string
let match: Match
let mega: Contest
const pages: Page[] = []

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  api = apiClient(world)
  adminToken = await api.adminToken()
  const tokens = await api.signUp(player, 'Live Fan')
  const token = tokens.access_token
  const me = (await api.get<{ user: { id: number } }>('/api/me', token)).body.user
  await api.post('/api/admin/wallet/credits', { user_id: me.id, amount: 500 }, adminToken)
  match = (await api.get<{ matches: Match[] }>('/api/matches?sport_slug=cricket&status=upcoming&per_page=1'))
    .body.matches[0] as Match
  const contests = (await api.get<{ contests: Contest[] }>(`/api/matches/${match.id}/contests`)).body.contests
  mega = contests.find((c) => c.kind === 'mega') as Contest
  const teamId = await saveValidTeam(api, match.id, token, 'live-views')
  expect((await api.post(`/api/contests/${mega.id}/join`, { team_id: teamId }, token)).status).toBe(200)
  await signInBrowser(world.browser, world.server.url, tokens)
})
afterAll(async () => {
  for (const p of pages) await p.close()
  await world?.close()
})

const clock = (body: Record<string, unknown>) => api.post('/api/admin/clock', body, adminToken)

/** "1h 05m 09s", "8m 38s", "2d 4h" → seconds. */
function seconds(text: string): number {
  let total = 0
  for (const [, n, unit] of text.matchAll(/(\d+)([dhms])/g))
    total += Number(n) * { d: 86_400, h: 3600, m: 60, s: 1 }[unit as 'd' | 'h' | 'm' | 's']
  return total
}

async function open(path: string): Promise<Page> {
  const page = await world.browser.newPage()
  pages.push(page)
  page.setDefaultTimeout(15_000)
  await page.goto(path)
  return page
}

describe('live views at a fast clock', () => {
  it('runs countdowns at the clock’s speed', async () => {
    const { page } = world
    await page.goto('/contests')
    const countdown = page.locator(
      `[data-testid="match-card"][data-match-id="${match.id}"] [data-testid="countdown"]`,
    )
    await countdown.waitFor()
    const before = seconds((await countdown.textContent()) ?? '')
    expect(before).toBeGreaterThan(120)
    const reloads = watchReloads(page)
    expect((await clock({ speed: 60 })).status).toBe(200)
    // At 60× a real second is a game minute: well over two minutes pass in a few seconds.
    await expect
      .poll(async () => seconds((await countdown.textContent()) ?? ''), { timeout: 15_000 })
      .toBeLessThan(before - 120)
    // Paused, it stands still: the same reading twice, a real second apart (at 60× a running
    // countdown would have moved a minute). Polled: the pause takes a moment to arrive.
    expect((await clock({ paused: true })).status).toBe(200)
    try {
      await expect
        .poll(async () => {
          const first = await countdown.textContent()
          await page.waitForTimeout(1000)
          return first === (await countdown.textContent())
        })
        .toBe(true)
    } finally {
      expect((await clock({ paused: false })).status).toBe(200)
    }
    reloads.stop()
    expect(reloads.documents).toEqual([])
  })

  it('locks the cards, moves My Contests and scores the home page at the start, without a reload', async () => {
    const home = world.page
    const list = await open(`/matches/${match.id}/contests`)
    const upcoming = await open('/my-contests?type=upcoming')
    const live = await open('/my-contests?type=live')
    const card = list.locator(`[data-testid="contest-card"][data-contest-id="${mega.id}"]`)
    await card.getByTestId('entry-button').waitFor()
    expect(await card.getByTestId('entry-button').textContent()).toBe(`₹${mega.entry_fee} +`)
    expect(await card.getByTestId('spots-left').textContent()).toMatch(/spots? left/)
    const mine = upcoming.locator(`[data-testid="my-contest"][data-contest-id="${mega.id}"]`)
    await mine.waitFor()
    await live.getByTestId('my-contests').waitFor()
    expect(await live.locator(`[data-testid="my-contest"][data-contest-id="${mega.id}"]`).count()).toBe(0)
    const reloads = [home, list, upcoming, live].map(watchReloads)

    // A minute of game time before the start, at 60×: about a second from now.
    const now = (await api.get<{ now_in_millis: number }>('/api/health')).body.now_in_millis
    expect(
      (await clock({ now_in_millis: Math.max(now, match.event_time_in_millis - 60_000), speed: 60 })).status,
    ).toBe(200)
    await expect
      .poll(() => card.getByTestId('entry-button').textContent(), { timeout: 20_000 })
      .toBe('LOCKED')
    await expect.poll(() => card.getByTestId('spots-left').textContent()).toMatch(/joined$/)
    await expect.poll(() => mine.count(), { timeout: 20_000 }).toBe(0)
    await live
      .locator(`[data-testid="my-contest"][data-contest-id="${mega.id}"]`)
      .waitFor({ timeout: 20_000 })
    const homeCard = home.locator(`[data-testid="match-card"][data-match-id="${match.id}"]`)
    await home
      .locator(`[data-testid="match-card"][data-match-id="${match.id}"][data-status="live"]`)
      .waitFor({
        timeout: 20_000,
      })

    // Balls arrive at the clock's speed; the home page's score follows each one.
    expect(
      (await api.post(`/api/admin/matches/${match.id}/simulate`, { mode: 'live' }, adminToken)).status,
    ).toBe(200)
    const score = homeCard.getByTestId('live-score')
    await score.waitFor({ timeout: 20_000 })
    const first = await score.textContent()
    await expect.poll(() => score.textContent(), { timeout: 20_000 }).not.toBe(first)
    const second = await score.textContent()
    await expect.poll(() => score.textContent(), { timeout: 20_000 }).not.toBe(second)
    await world.shot('live-home')

    // Once the match has started the contest's tabs gain Compare, and it fits on a phone.
    const contestPage = await open(`/contests/${mega.id}`)
    const compare = contestPage.getByTestId('compare-link')
    await compare.waitFor()
    const tabs = await contestPage.getByRole('navigation', { name: 'Contest' }).boundingBox()
    const tab = await compare.boundingBox()
    await contestPage.screenshot({ path: `${SHOTS_DIR}/contest-tabs-390.png` })
    expect(tab && tabs && tab.x + tab.width <= tabs.x + tabs.width + 0.5).toBe(true)
    expect(tab && tab.x + tab.width <= (contestPage.viewportSize()?.width ?? 0)).toBe(true)
    for (const r of reloads) {
      r.stop()
      expect(r.documents).toEqual([])
    }
  })

  it('shows a finished match’s result with its points, and a seeded one without a scorecard says so', async () => {
    const stats = await open(`/matches/${match.id}/statistics`)
    await stats.getByTestId('scoreboard').locator('[data-testid^="innings-"]').first().waitFor()
    // Its info names the era it is simulated in (docs/simulation.md "Eras and leagues").
    await stats.getByText(new RegExp(` · ${match.sim_profile} era$`)).waitFor()
    const reloads = watchReloads(stats)
    // Five hours of game time at once: every ball falls due, the match completes and settles.
    expect((await clock({ advance_ms: 5 * 3_600_000 })).status).toBe(200)
    const finished = (
      await api.get<{ match: { match_status: string; result_text: string } }>(`/api/matches/${match.id}`)
    ).body.match
    expect(finished.match_status).toBe('completed')
    await stats.getByText(finished.result_text).waitFor({ timeout: 20_000 })
    expect(await stats.getByText('Waiting for the first ball').count()).toBe(0)
    const top = stats.getByTestId('player-points').getByTestId('points').first()
    expect(Number(await top.textContent())).toBeGreaterThan(0)
    reloads.stop()
    expect(reloads.documents).toEqual([])

    const old = (
      await api.get<{ matches: Array<{ id: number; result_text: string }> }>(
        '/api/matches?sport_slug=cricket&status=completed&per_page=5',
      )
    ).body.matches.find((m) => m.id !== match.id) as { id: number; result_text: string }
    await stats.goto(`/matches/${old.id}/statistics`)
    await stats.getByText(old.result_text).waitFor()
    await stats.getByText('No scorecard was kept for this match').waitFor()
    expect(await stats.getByText('Waiting for the first ball').count()).toBe(0)
    expect(await stats.getByTestId('player-points').count()).toBe(0)
  })

  it('logged no errors in the browser', () => {
    expect(world.problems).toEqual([])
  })
})
