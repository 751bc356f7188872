import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'
import { type ApiPlayer, apiClient, signInBrowser, validPick, watchReloads } from '../league'

/**
 * The match on every page about it: a contest page's score strip moves with each ball posted
 * from elsewhere (no reload), My Contests shows it above the live match's contests, and the
 * team view lists each player's selection shares and points by event.
 */
const player = { email: 'strip.fan@example.test', username: 'strip_fan', password: 'watch-the-over-7' }

let world: E2eWorld
let api: ReturnType<typeof apiClient>
let adminToken: string
let matchId: number
let contestId: number
let teamId: number
let squad: ApiPlayer[]
/** Two batters and a bowler of the player's team, so the balls give the team points. */
let batting: { striker: number; partner: number; bowler: number }

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  api = apiClient(world)
  adminToken = await api.adminToken()
  const tokens = await api.signUp(player, 'Strip Fan')
  matchId = (
    await api.get<{ matches: Array<{ id: number }> }>(
      '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
    )
  ).body.matches[0]!.id
  squad = (await api.get<{ players: ApiPlayer[] }>(`/api/matches/${matchId}/players`)).body.players
  const pick = validPick('cricket', squad, 'strip')
  const sideOf = (id: number) => squad.find((p) => p.id === id)!.team.id
  const home = sideOf(pick.player_ids[0]!)
  const ours = pick.player_ids.filter((id) => sideOf(id) === home)
  const theirs = pick.player_ids.filter((id) => sideOf(id) !== home)
  batting = { striker: ours[0]!, partner: ours[1]!, bowler: theirs[0]! }
  const team = await api.post<{ user_team: { id: number } }>(
    `/api/matches/${matchId}/user_teams`,
    { player_ids: pick.player_ids.join(','), captain: pick.captain_id, vice_captain: pick.vice_captain_id },
    tokens.access_token,
  )
  expect(team.status).toBe(201)
  teamId = team.body.user_team.id
  const contests = (
    await api.get<{ contests: Array<{ id: number; entry_fee: number }> }>(`/api/matches/${matchId}/contests`)
  ).body.contests
  const free = contests.find((c) => c.entry_fee === 0)!
  contestId = free.id
  expect(
    (await api.post(`/api/contests/${contestId}/join`, { team_id: teamId }, tokens.access_token)).status,
  ).toBe(200)
  await signInBrowser(world.browser, world.server.url, tokens)
})
afterAll(async () => {
  await world?.close()
})

const sides = () => [...new Set(squad.map((p) => p.team.id))]
/** A side's announced XI, with the batters and the bowler of the test in it. */
const xi = (teamId: number) => {
  const must = Object.values(batting).filter((id) => squad.find((p) => p.id === id)!.team.id === teamId)
  const rest = squad.filter((p) => p.team.id === teamId && !must.includes(p.id)).map((p) => p.id)
  return [...must, ...rest].slice(0, 11)
}
const nameOf = (id: number) => squad.find((p) => p.id === id)!.name

const post = (events: unknown[]) => api.post(`/api/admin/matches/${matchId}/events`, { events }, adminToken)

const ball = (n: number, runs: number, extra: Record<string, unknown> = {}) => ({
  type: 'ball',
  innings: 1,
  over: 0,
  ball: n,
  batter_id: batting.striker,
  non_striker_id: batting.partner,
  bowler_id: batting.bowler,
  runs,
  boundary: runs === 4 || runs === 6,
  ...extra,
})

describe('score strip', () => {
  it('shows the start before, then moves with every ball on the contest page without a reload', async () => {
    const page = world.page
    await page.goto(`/contests/${contestId}`)
    const strip = page.getByTestId('score-strip')
    await strip.getByText(/Starts/).waitFor()
    expect((await api.post(`/api/admin/matches/${matchId}/start`, undefined, adminToken)).status).toBe(200)
    const lineups = sides().map((id) => ({
      type: 'lineup',
      team_id: id,
      player_ids: xi(id),
    }))
    expect((await post([...lineups, ball(1, 4)])).status).toBe(200)
    const reloads = watchReloads(page)
    await expect.poll(async () => strip.getAttribute('data-status'), { timeout: 15_000 }).toBe('live')
    const balls = strip.getByTestId('last-balls').locator('li')
    await expect.poll(async () => balls.allTextContents(), { timeout: 15_000 }).toEqual(['4'])
    await page.getByTestId('live-indicator').and(page.locator('[data-connected="true"]')).waitFor()
    expect((await post([ball(2, 6)])).status).toBe(200)
    await expect.poll(async () => balls.allTextContents(), { timeout: 15_000 }).toEqual(['4', '6'])
    expect(await strip.getByTestId('strip-score').textContent()).toMatch(/10\/0 \(0\.2 ov\)/)
    expect(
      (await post([ball(3, 0, { wicket: { kind: 'bowled', player_out_id: batting.striker } })])).status,
    ).toBe(200)
    await expect.poll(async () => balls.allTextContents(), { timeout: 15_000 }).toEqual(['4', '6', 'W'])
    await expect.poll(async () => strip.getByTestId('strip-score').textContent()).toMatch(/10\/1 \(0\.3 ov\)/)
    expect(await strip.getByTestId('strip-crease').textContent()).toContain(
      String(nameOf(batting.partner).split(' ').at(-1)),
    )
    reloads.stop()
    expect(reloads.documents).toEqual([])

    const mine = await world.browser.newPage()
    await mine.goto('/my-contests?type=live')
    await mine.getByTestId('score-strip').getByTestId('last-balls').waitFor()
    expect(
      await mine.getByTestId('score-strip').getByTestId('last-balls').locator('li').allTextContents(),
    ).toEqual(['4', '6', 'W'])
    await mine.close()
  })

  it('lists selection shares and each player’s points by event in the team view', async () => {
    const page = world.page
    await page.goto(`/matches/${matchId}/viewteam/${teamId}`)
    await page.getByTestId('score-strip').getByTestId('last-balls').waitFor()
    const rows = page.getByTestId('breakdown-player')
    await expect.poll(async () => rows.count(), { timeout: 15_000 }).toBe(11)
    // The shares the page shows are the match's, as the API counts them over every team.
    const selection = (
      await api.get<{ selection: { players: Array<{ player_id: number; selected_by: number }> } }>(
        `/api/matches/${matchId}/selection`,
      )
    ).body.selection.players
    const share = selection.find((p) => p.player_id === batting.striker)!.selected_by
    expect(share).toBeGreaterThan(0)
    const striker = page.locator(`[data-testid="breakdown-player"][data-player-id="${batting.striker}"]`)
    expect(await striker.getByTestId('selected-by').textContent()).toBe(
      `Sel ${share.toLocaleString('en-IN')}%`,
    )
    await striker.locator('summary').click()
    const lines = await striker.locator('tbody th').allTextContents()
    expect(lines).toEqual(expect.arrayContaining(['Run', 'Six bonus (per six)']))
    const points = (await striker.locator('tbody td').allTextContents()).map(Number)
    const total = Number(await striker.locator('tfoot td').textContent())
    expect(points.reduce((sum, n) => sum + n, 0)).toBe(total)
    expect(total).toBeGreaterThan(10)
    expect(Number(await striker.getByTestId('player-points').textContent())).toBe(total)
  })
})
