import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUser, type E2eWorld, startE2eWorld } from '../browser'
import {
  type ApiPlayer,
  apiClient,
  captainsAndSave,
  pickInBuilder,
  signUpInForm,
  validPick,
  watchReloads,
} from '../league'

/**
 * The championship end to end, in Chromium against a real server with the demo league: a new
 * player signs up, follows the landing page's Championship link, builds a team for a phase
 * (fixture filters and SEL in the builder, "∞" transfers before the first lock), makes
 * transfers across three simulated matches (the builder counting free and paid transfers
 * and the cost as players change, classic reset restoring the loaded team, a paid transfer
 * refused for want of balance and then charged at the lock), watches the phase leaderboard
 * move live during the third match and reads the history with players in and out per match.
 */
const player = { email: 'kohli.fan@example.test', username: 'kohli_fan', password: 'cover-drive-18' }

interface Phase {
  id: number
  name: string
  series: { id: number; name: string }
  status: string
  matches_completed: number
  current_user_classic_team: { id: number; score: number; rank: number | null } | null
}
interface MatchRow {
  id: number
  phase_id: number | null
  sport_slug: string
  match_status: string
  event_time_in_millis: number
  team1: { id: number } | null
  team2: { id: number } | null
}
interface PhasePlayer {
  id: number
  name: string
  display_name: string
  style: number
  value: number
  team: { id: number; name_attr: string }
}
interface HistoryRow {
  id: number
  score: number
  free_sub_used: number
  paid_sub_used: number
  player_in: Array<{ id: number; name: string }>
  player_out: Array<{ id: number; name: string }>
  captain: { id: number } | null
  match: { id: number }
}

let world: E2eWorld
let api: ReturnType<typeof apiClient>
let adminToken: string
let phase: Phase
let matches: MatchRow[]
let pool: ApiPlayer[]
let byId: Map<number, ApiPlayer>
let shortName: Map<number, string>
let teamIds: number[]
let classicTeamId: number
/** A free championship contest on the phase, joined once the team is built. */
let leagueId: number
/** Players swapped before match 2 and before match 3: [out, in] pairs. */
const swaps: Array<Array<[number, number]>> = []

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  await world.page.emulateMedia({ reducedMotion: 'reduce' })
  await world.page.setViewportSize({ width: 412, height: 915 })
  api = apiClient(world)
  adminToken = await api.adminToken()
  // A cricket phase with at least three matches still to play, none of them started.
  const phases = (await api.get<{ series_phases: Phase[] }>('/api/championship/series_phases', adminToken))
    .body.series_phases
  for (const p of phases) {
    if (p.status === 'completed') continue
    const list = (await api.get<{ matches: MatchRow[] }>(`/api/series/${p.series.id}/matches?per_page=200`))
      .body.matches
    const ahead = list
      .filter((m) => m.phase_id === p.id && m.sport_slug === 'cricket')
      .sort((a, b) => a.event_time_in_millis - b.event_time_in_millis)
    if (ahead.length >= 3 && ahead.every((m) => m.match_status === 'upcoming')) {
      phase = p
      matches = ahead
      break
    }
  }
  if (!phase) throw new Error('the demo league has no cricket phase with three matches ahead')
  const players = (
    await api.get<{ players: PhasePlayer[] }>(
      `/api/championship/series_phases/${phase.id}/players`,
      adminToken,
    )
  ).body.players
  pool = players.map((p) => ({
    id: p.id,
    name: p.name,
    style: p.style,
    value: p.value,
    value_tenths: Math.round(p.value * 10),
    team: p.team,
  }))
  byId = new Map(pool.map((p) => [p.id, p]))
  // A rival on the board, so the live leaderboard has someone to overtake.
  const rival = await apiUser(world.server, 'rival_fan')
  const rivalPick = validPick('cricket', pool, 'rival')
  const rivalTeam = await rival.post('/api/championship/classic_teams', {
    phase_id: phase.id,
    player_ids: rivalPick.player_ids.join(','),
    captain: rivalPick.captain_id,
    vice_captain: rivalPick.vice_captain_id,
  })
  expect(rivalTeam.status).toBe(201)
  shortName = new Map(players.map((p) => [p.id, p.display_name]))
})
afterAll(() => world?.close())

const row = (page: Page, id: number) => page.locator(`[data-testid="player-row"][data-player-id="${id}"]`)
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim()

/** A player of the same style, not in the team, no dearer than `out`: a swap the rules allow. */
function replacementFor(out: number, team: number[], taken: Set<number>): number {
  const o = byId.get(out) as ApiPlayer
  const r = pool
    .filter((p) => p.style === o.style && p.value <= o.value && !team.includes(p.id) && !taken.has(p.id))
    .sort((a, b) => b.value - a.value)[0]
  if (!r) throw new Error(`no replacement for ${o.name}`)
  return r.id
}

function planSwaps(count: number): Array<[number, number]> {
  const taken = new Set<number>()
  const out: Array<[number, number]> = []
  for (const id of teamIds) {
    if (out.length === count) break
    try {
      const r = replacementFor(id, teamIds, taken)
      taken.add(r)
      out.push([id, r])
    } catch {
      // This player has no cheaper twin in the phase; try the next.
    }
  }
  if (out.length < count) throw new Error(`only ${out.length} swaps possible`)
  return out
}

/** Swaps players in the open builder: each out first (freeing credits), then each in. */
async function swapInBuilder(page: Page, pairs: Array<[number, number]>) {
  await page.getByTestId('filter--1').click()
  for (const [out] of pairs) {
    await row(page, out).getByRole('button').click()
    await row(page, out).waitFor({ state: 'detached' })
  }
  await page.getByTestId('filter--1').click()
  await pickInBuilder(
    page,
    'cricket',
    pool,
    pairs.map(([, inId]) => inId),
  )
  teamIds = teamIds.map((id) => pairs.find(([out]) => out === id)?.[1] ?? id)
}

async function simulate(matchId: number, mode: 'instant' | 'live' = 'instant') {
  const sim = await api.post(`/api/admin/matches/${matchId}/simulate`, { mode }, adminToken)
  expect(sim.status).toBe(200)
}

async function openManage(page: Page) {
  await page.goto('/championship')
  const card = page.locator(`[data-testid="phase-card"][data-phase-id="${phase.id}"]`)
  await card.getByTestId('manage-team').click()
  await page.waitForURL(`**/championship/phases/${phase.id}/edit-team/${classicTeamId}`)
  await page.getByTestId('player-list').waitFor()
}

/** A swapped-out captain takes the armband with him: the first two rows get C and VC (a free change). */
async function saveFromCaptainStep(page: Page) {
  await page.getByTestId('next').click()
  await page.getByTestId('captain-list').waitFor()
  const rows = page.getByTestId('captain-row')
  await rows.nth(0).getByTestId('pick-captain').click()
  await rows.nth(1).getByTestId('pick-vice').click()
  await page.getByTestId('save-team').click()
}

describe('championship in the browser', () => {
  it('signs a new player up; the landing page leads to the championship', async () => {
    const { page } = world
    await signUpInForm(page, player)
    await page.goto('/landing')
    await page.getByTestId('mode-link-championship').click()
    await page.waitForURL('**/championship')
    const card = page.locator(`[data-testid="phase-card"][data-phase-id="${phase.id}"]`)
    await card.waitFor()
    expect(await card.getByTestId('my-phase-team').count()).toBe(0)
    expect(await card.getByTestId('next-deadline').textContent()).toMatch(/Transfers close in \d/)
    await world.shot('championship-home-empty')
  })

  it('builds a team: fixture filters and SEL, unlimited transfers, back to the championship', async () => {
    const { page } = world
    const card = page.locator(`[data-testid="phase-card"][data-phase-id="${phase.id}"]`)
    await card.getByTestId('create-classic-team').click()
    await page.waitForURL(`**/championship/phases/${phase.id}/create-team`)
    await page.getByTestId('player-list').waitFor()
    expect(await page.evaluate(() => localStorage.getItem('after_classic_team_create'))).toBe('/championship')
    expect(await text(page, 'free-left')).toBe('∞')
    expect(await text(page, 'paid-left')).toBe('∞')

    // A fixture filter keeps only its two sides' players.
    const filters = page.getByTestId('team-filters').getByRole('button')
    expect(await filters.count()).toBeGreaterThan(1)
    const fixture = filters.first()
    await fixture.click()
    const sides = await page
      .getByTestId('player-row')
      .evaluateAll((els) => els.map((e) => e.querySelector('[aria-hidden="true"]')?.textContent ?? ''))
    expect(new Set(sides).size).toBeLessThanOrEqual(2)
    await fixture.click()

    // From the sides of match 3, so the team scores while the board is watched live.
    const live = matches[2] as MatchRow
    const liveSides = [live.team1?.id, live.team2?.id]
    const pick = validPick(
      'cricket',
      pool.filter((p) => liveSides.includes(p.team.id)),
      'championship',
    )
    teamIds = [...pick.player_ids]
    await pickInBuilder(page, 'cricket', pool, teamIds)
    expect(await text(page, 'selected-count')).toBe('11/11')
    // SEL shows exactly the team, across every role.
    await page.getByTestId('filter--1').click()
    expect(await page.getByTestId('player-row').count()).toBe(11)
    await world.shot('championship-builder-sel')
    await page.getByTestId('filter--1').click()
    await page.getByTestId('next').click()
    await captainsAndSave(page, pick)
    await page.waitForURL('**/championship')
    const mine = card.getByTestId('my-phase-team')
    await mine.waitFor()
    expect(await mine.getByTestId('my-transfers').textContent()).toBe('∞/∞')
    expect(await page.evaluate(() => localStorage.getItem('after_classic_team_create'))).toBeNull()
    const token = await api.token(player.email, player.password)
    const teams = await api.get<{ classic_teams: Array<{ id: number }> }>(
      `/api/championship/classic_teams?phase_id=${phase.id}`,
      token,
    )
    classicTeamId = teams.body.classic_teams[0]?.id as number
    expect(classicTeamId).toBeGreaterThan(0)
    const league = await api.post<{ contest: { id: number } }>(
      `/api/admin/series_phases/${phase.id}/contests`,
      { name: 'Kohli Fans League', entry_fee: 0, members_limit: 4, guaranteed: true },
      adminToken,
    )
    expect(league.status).toBe(201)
    leagueId = league.body.contest.id
    expect((await api.post(`/api/championship/contests/${leagueId}/join`, {}, token)).status).toBe(200)
    await world.shot('championship-home-team')
  })

  it('after match 1: one free transfer, counted as players change; classic reset restores the team', async () => {
    const { page } = world
    await simulate(matches[0]?.id as number)
    await openManage(page)
    const free = Number(await text(page, 'free-left'))
    expect(free).toBeGreaterThanOrEqual(2)
    expect(await text(page, 'paid-left')).toBe('2')
    expect(await text(page, 'save-cost')).toBe('Free')
    const before = [...teamIds]
    const pairs = planSwaps(1)
    await swapInBuilder(page, pairs)
    expect(await text(page, 'free-left')).toBe(String(free - 1))
    const change = await text(page, 'transfer-change')
    const [[out, inId]] = pairs as [[number, number]]
    expect(change).toContain(`In: ${shortName.get(inId)}`)
    expect(change).toContain(`Out: ${shortName.get(out)}`)
    expect(await text(page, 'save-cost')).toBe('Free')
    await world.shot('championship-builder-transfer')
    await page.setViewportSize({ width: 1280, height: 800 })
    await world.shot('championship-builder-transfer')
    await page.setViewportSize({ width: 412, height: 915 })

    // Classic reset: back to the team as loaded, transfers and all.
    await page.getByTestId('reset-team').click()
    expect(await text(page, 'free-left')).toBe(String(free))
    expect(await row(page, out).getAttribute('data-selected')).toBe('true')
    teamIds = before
    await swapInBuilder(page, pairs)
    swaps.push(pairs)
    await saveFromCaptainStep(page)
    await page.waitForURL('**/championship')
    await page.getByTestId('snackbar').filter({ hasText: 'team is saved' }).waitFor()
  })

  it('after match 2: a paid transfer is priced, refused without balance, saved once there is money', async () => {
    const { page } = world
    await simulate(matches[1]?.id as number)
    await openManage(page)
    const free = Number(await text(page, 'free-left'))
    const pairs = planSwaps(free + 1)
    await swapInBuilder(page, pairs)
    expect(await text(page, 'free-left')).toBe('0')
    expect(await text(page, 'paid-left')).toBe('1')
    expect(await text(page, 'save-cost')).toBe('₹15')
    await world.shot('championship-builder-paid')
    await saveFromCaptainStep(page)
    const errors = page.getByTestId('save-errors')
    await errors.waitFor()
    // 409 INSUFFICIENT_BALANCE: the ₹15 could not be paid at the lock, so the save is refused now.
    expect(await errors.textContent()).toContain('₹15')
    expect(await text(page, 'free-left')).toBe('0')

    const me = (
      await api.get<{ user: { id: number } }>('/api/me', await api.token(player.email, player.password))
    ).body.user
    expect(
      (await api.post('/api/admin/wallet/credits', { user_id: me.id, amount: 100 }, adminToken)).status,
    ).toBe(201)
    await page.getByTestId('save-team').click()
    await page.waitForURL('**/championship')
    swaps.push(pairs)
  })

  it('watches the phase leaderboard move live during match 3, without a reload', async () => {
    const { page } = world
    await page.goto(`/championship/phases/${phase.id}/leaderboard`)
    await page.getByTestId('board').waitFor()
    const reloads = watchReloads(page)
    const mine = page.getByTestId('my-board-row').getByTestId('row-points')
    const start = await mine.textContent()
    expect((await api.post('/api/admin/clock', { speed: 600 }, adminToken)).status).toBe(200)
    await simulate(matches[2]?.id as number, 'live')
    await page.getByTestId('live-indicator').and(page.locator('[data-connected="true"]')).waitFor()
    await expect
      .poll(() => page.getByTestId('live-indicator').getAttribute('data-updates'), { timeout: 30_000 })
      .not.toBe('0')
    await expect.poll(() => mine.textContent(), { timeout: 60_000 }).not.toBe(start)
    await world.shot('championship-leaderboard-live')
    reloads.stop()
    expect(reloads.documents).toEqual([])
  })

  it('charged the paid transfer at the lock of match 3', async () => {
    const token = await api.token(player.email, player.password)
    const me = (await api.get<{ user: { current_balance: number } }>('/api/me', token)).body.user
    expect(me.current_balance).toBe(85)
  })

  it('shows the history: a row per match with players in and out, and the players scores', async () => {
    const { page } = world
    // The rest of match 3 at once (a live simulation never plays an event twice), clock back to normal.
    await simulate(matches[2]?.id as number)
    expect((await api.post('/api/admin/clock', { speed: 1 }, adminToken)).status).toBe(200)
    await page.goto(`/championship/teams/${classicTeamId}`)
    await page.getByTestId('classic-team').waitFor()
    await world.shot('championship-team')
    await page.getByTestId('view-history').click()
    await page.waitForURL(`**/championship/teams/${classicTeamId}/history`)
    const rows = page.getByTestId('history-row')
    await expect.poll(() => rows.count()).toBe(3)
    const token = await api.token(player.email, player.password)
    const history = (
      await api.get<{ classic_team_scores: HistoryRow[] }>(
        `/api/championship/classic_teams/${classicTeamId}/history`,
        token,
      )
    ).body.classic_team_scores
    for (const [i, pairs] of swaps.entries()) {
      const matchId = matches[i + 1]?.id as number
      const r = page.locator(`[data-testid="history-row"][data-match-id="${matchId}"]`)
      const ins = (await r.getByTestId('player-in').textContent()) ?? ''
      const outs = (await r.getByTestId('player-out').textContent()) ?? ''
      for (const [out, inId] of pairs) {
        expect(ins).toContain(byId.get(inId)?.name)
        expect(outs).toContain(byId.get(out)?.name)
      }
      const api3 = history.find((h) => h.match.id === matchId) as HistoryRow
      expect(await r.getByTestId('history-subs').textContent()).toBe(
        `${api3.paid_sub_used}/${api3.free_sub_used}`,
      )
    }
    const first = page.locator(`[data-testid="history-row"][data-match-id="${matches[0]?.id}"]`)
    expect(await first.getByTestId('player-in').count()).toBe(0)

    // One row opens to its players' scores; the captain's counts double.
    const last = history.find((h) => h.match.id === matches[2]?.id) as HistoryRow
    const lastRow = page.locator(`[data-testid="history-row"][data-match-id="${matches[2]?.id}"]`)
    await lastRow.getByRole('button').first().click()
    await lastRow.getByTestId('players-scores').waitFor()
    expect(await lastRow.getByTestId('player-score').count()).toBe(11)
    const raw = (
      await api.get<{ player_scores: Array<{ player_id: number; total_score: number }> }>(
        `/api/matches/${matches[2]?.id}/player_scores`,
      )
    ).body.player_scores
    const captainRaw = raw.find((s) => s.player_id === last.captain?.id)?.total_score ?? 0
    const captainShown = await lastRow
      .locator(`[data-testid="player-score"][data-player-id="${last.captain?.id}"] strong`)
      .textContent()
    expect(captainShown).toBe((captainRaw * 2).toLocaleString('en-IN'))
    await world.shot('championship-history')
  })

  it('shows the championship contest the player joined, ranked on phase totals, with my rows', async () => {
    const { page } = world
    await page.goto(`/contests/${leagueId}/championship-stats`)
    const mineRow = page.getByTestId('board-row').filter({ hasText: player.username })
    await mineRow.waitFor()
    const token = await api.token(player.email, player.password)
    const team = (
      await api.get<{ classic_team: { score: number } }>(
        `/api/championship/classic_teams/${classicTeamId}`,
        token,
      )
    ).body.classic_team
    expect(await mineRow.textContent()).toContain(team.score.toLocaleString('en-IN'))
    expect(await page.getByTestId('result-row').count()).toBe(3)
    await world.shot('championship-contest-stats')
    await page.goto('/contests/999999/championship-stats')
    await page.getByText('No such championship contest').waitFor()
  })

  it('looks right on a laptop too', async () => {
    const { page } = world
    await page.setViewportSize({ width: 1280, height: 800 })
    for (const [name, url] of [
      ['championship-home-team', '/championship'],
      ['championship-leaderboard-live', `/championship/phases/${phase.id}/leaderboard`],
      ['championship-team', `/championship/teams/${classicTeamId}`],
      ['championship-history', `/championship/teams/${classicTeamId}/history`],
    ] as const) {
      await page.goto(url)
      await page.waitForLoadState('networkidle')
      await world.shot(name)
    }
  })

  it('logged no errors in the browser', () => {
    expect(world.problems).toEqual([])
  })
})
