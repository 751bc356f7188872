import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validTeamBody } from '../../helpers/league'
import { type E2eWorld, secondBrowser, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * The contest's projector board, `/contests/{id}/board`: a private free contest shows its
 * QR code (the invite link on the page's address) while it can be joined, the entries as they
 * join, then — the match played live — the top of the leaderboard with points over /cable and
 * the score strip, the QR gone; A names entries "Entry N"; a stranger gets the 404 page.
 */
const owner = { email: 'cboard.owner@example.test', username: 'cboard_owner', password: 'cboard-owner-8' }
const friend = { email: 'cboard.friend@example.test', username: 'cboard_friend', password: 'cboard-friend-8' }
const stranger = { email: 'cboard.str@example.test', username: 'cboard_str', password: 'cboard-str-8' }

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let adminToken = ''
let matchId = 0
let contest = { id: 0, invite_code: '' }
let friendToken = ''
let friendTeam = 0

async function teamOf(token: string, salt: string) {
  const body = await validTeamBody(world.server.deps, matchId, 'cricket', salt)
  const team = await api.post<{ user_team: { id: number } }>(
    `/api/matches/${matchId}/user_teams`,
    body,
    token,
  )
  expect(team.status).toBe(201)
  return team.body.user_team.id
}

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  api = apiClient(world)
  adminToken = await api.adminToken()
  const match = (
    await api.get<{ matches: Array<{ id: number }> }>(
      '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
    )
  ).body.matches[0] as { id: number }
  matchId = match.id
  const mine = await api.signUp(owner, 'Board Owner')
  const theirs = await api.signUp(friend, 'Board Friend')
  friendToken = theirs.access_token
  friendTeam = await teamOf(friendToken, 'cboard-friend')
  await signInBrowser(world.browser, world.server.url, mine)
  const created = await api.post<{ contest: { id: number; invite_code: string } }>(
    '/api/contests',
    {
      game: 'single-match',
      match_id: matchId,
      name: 'Lab 3 league',
      entry_fee: 0,
      members_limit: 4,
      multiple_entries: false,
      // Guaranteed: it runs with the members it has (unfilled and not guaranteed, it is cancelled).
      guaranteed: true,
      is_private: true,
      prize_option: 'winner_takes_all',
      team_id: await teamOf(mine.access_token, 'cboard-owner'),
    },
    mine.access_token,
  )
  expect(created.status).toBe(201)
  contest = created.body.contest
})
afterAll(() => world?.close())

describe("a contest's projector board", () => {
  it('shows the join QR of a private contest that can be joined, and entries as they join', async () => {
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.goto(`/contests/${contest.id}/board`)
    await expect.poll(() => page.getByTestId('contest-board-row').count()).toBe(1)
    const url = `${world.server.url}/contests/${contest.id}/join?code=${contest.invite_code}`
    expect(await page.getByTestId('board-qr').getAttribute('data-url')).toBe(url)
    expect(await page.getByTestId('board-code').textContent()).toBe(contest.invite_code)
    const joined = await api.post(
      `/api/contests/${contest.id}/join`,
      { team_id: friendTeam, invite_code: contest.invite_code },
      friendToken,
    )
    expect(joined.status).toBeLessThan(300)
    await expect.poll(() => page.getByTestId('contest-board-row').count()).toBe(2)
    await page.keyboard.press('a')
    await expect
      .poll(() => page.getByTestId('contest-board-row').first().textContent())
      .toMatch(/^Entry \d+$/)
    await page.keyboard.press('a')
  })

  it('plays live: the top entries get points over /cable, the score strip runs, the QR goes', async () => {
    expect((await api.post('/api/admin/clock', { speed: 120 }, adminToken)).status).toBe(200)
    expect(
      (await api.post(`/api/admin/matches/${matchId}/simulate`, { mode: 'live' }, adminToken)).status,
    ).toBe(200)
    await page
      .getByTestId('score-strip')
      .and(page.locator('[data-status="live"]'))
      .waitFor({ timeout: 20_000 })
    await expect
      .poll(async () => page.getByTestId('contest-board-row').first().locator('strong').textContent(), {
        timeout: 20_000,
      })
      .toMatch(/[1-9]/)
    expect(await page.getByTestId('board-qr').count()).toBe(0)
    await world.shot('contest-board', { fullPage: false })
  })

  it('is the 404 page for a stranger to the private contest', async () => {
    const other = await secondBrowser(world, 'stranger')
    await signInBrowser(other.browser, world.server.url, await api.signUp(stranger))
    await other.page.goto(`/contests/${contest.id}/board`)
    await other.page.getByTestId('not-found').waitFor()
    expect(world.problems).toEqual([])
  })
})
