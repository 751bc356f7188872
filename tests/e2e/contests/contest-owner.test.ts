import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ENTRY_FEE_MAX_PAISE,
  FREE_CONTEST_MEMBERS_MAX,
  MAX_ENTRIES_PER_USER_MAX,
  MEMBERS_LIMIT_MAX,
  MEMBERS_LIMIT_MIN,
  OPEN_OWNED_CONTESTS_MAX,
} from '../../../server/domain/contest-creation'
import { DEFAULT_RAKE_BPS } from '../../../server/domain/prizes'
import { CRICKET_MIN } from '../../../server/domain/team/cricket'
import { SPORT_RULES } from '../../../server/domain/team-rules'
import { validTeamBody } from '../../helpers/league'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, watchReloads } from '../league'

/**
 * Contest creation end to end, second part, in Chromium: the rules pages show the numbers the
 * server enforces; the owner of a private paid contest removes a member (refunded) and
 * watches the activity list fill live; then deletes the contest, and a member finds the
 * refund on the contest page and in the passbook; a member reports a contest once (a
 * second report is refused) and the admin queue has it.
 */
const FEE = 50
const owner = { email: 'captain.cool@example.test', username: 'captain_cool', password: 'helicopter-7-owner' }
const mahi = { email: 'mahi.fan@example.test', username: 'mahi_fan', password: 'helicopter-7-mahi' }
const yuvi = { email: 'yuvi.fan@example.test', username: 'yuvi_fan', password: 'helicopter-7-yuvi' }
const sachin = { email: 'sachin.fan@example.test', username: 'sachin_fan', password: 'helicopter-7-sachin' }
type Player = typeof owner & { id: number; token: string; refresh: string; teamId: number }

interface ContestJson {
  id: number
  name: string
  invite_code: string | null
  members_count: number
  contest_status: string
}

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let adminToken: string
let matchId: number
const players: Record<string, Player> = {}
let contest: ContestJson

const text = async (testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim()
const balance = async (p: Player) =>
  (await api.get<{ user: { unused_balance: number } }>('/api/me', p.token)).body.user.unused_balance

/** The browser signs in as `p` (the session is the two cookies) and starts on a clean page. */
async function signInAs(p: Player) {
  await world.browser.clearCookies()
  await world.browser.addCookies([
    { name: 'at', value: p.token, url: world.server.url },
    { name: 'rt', value: p.refresh, url: world.server.url },
  ])
}

async function shotBoth(shot: string) {
  // Shots share a folder with the other e2e tests: these start with `owner-`.
  const name = `owner-${shot}`
  await world.shot(name)
  await page.setViewportSize({ width: 1280, height: 860 })
  await world.shot(name)
  await page.setViewportSize({ width: 412, height: 860 })
}

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  await page.setViewportSize({ width: 412, height: 860 })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  api = apiClient(world)
  adminToken = await api.adminToken()
  const match = (
    await api.get<{ matches: Array<{ id: number }> }>(
      '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
    )
  ).body.matches[0]
  if (!match) throw new Error('the demo league has no upcoming cricket match')
  matchId = match.id
  for (const [i, u] of [owner, mahi, yuvi, sachin].entries()) {
    const tokens = await api.signUp(u)
    const token = tokens.access_token
    const me = (await api.get<{ user: { id: number } }>('/api/me', token)).body.user
    expect(
      (await api.post('/api/admin/wallet/credits', { user_id: me.id, amount: 500 }, adminToken)).status,
    ).toBe(201)
    const body = await validTeamBody(world.server.deps, matchId, 'cricket', `owner-e2e-${i}`)
    const team = await api.post<{ user_team: { id: number } }>(
      `/api/matches/${matchId}/user_teams`,
      body,
      token,
    )
    expect(team.status).toBe(201)
    players[u.username] = {
      ...u,
      id: me.id,
      token,
      refresh: tokens.refresh_token,
      teamId: team.body.user_team.id,
    }
  }
  // A paid contest needs access (docs/contest-creation.md): the admin grants it to the owner.
  const o = players[owner.username] as Player
  expect(
    (await api.post(`/api/admin/users/${o.id}/contest_access`, { note: 'e2e' }, adminToken)).status,
  ).toBe(200)
})
afterAll(async () => {
  await world?.close()
})

const p = (u: { username: string }) => players[u.username] as Player

describe('contest owner pages in the browser', () => {
  it('shows the games and the rules pages with the numbers the server enforces', async () => {
    await page.goto('/contests/games')
    await page.getByTestId('game-link').first().waitFor()
    expect(await page.getByTestId('game-kind').count()).toBeGreaterThanOrEqual(10)
    await shotBoth('contest-games')
    await page.getByTestId('game-link').first().click()
    await page.getByTestId('contest-game').waitFor()
    expect(await page.getByTestId('contest-game').getAttribute('data-slug')).toBe('cricket')
    await page.locator('[data-testid="game-kind"][data-slug="single-match"]').waitFor()
    await shotBoth('contest-game-cricket')

    await page.locator('[data-testid="game-kind"][data-slug="single-match"] a', { hasText: 'Rules' }).click()
    await page.waitForURL('**/contests/rules/single-match')
    await page.getByTestId('creation-rules').waitFor()
    expect(await text('members-range')).toBe(`${MEMBERS_LIMIT_MIN}–${MEMBERS_LIMIT_MAX}`)
    expect(await text('entry-fee-max')).toBe(`₹0–₹${(ENTRY_FEE_MAX_PAISE / 100).toLocaleString('en-IN')}`)
    expect(await text('free-members-max')).toContain(String(FREE_CONTEST_MEMBERS_MAX))
    expect(await text('max-entries')).toBe(`up to ${MAX_ENTRIES_PER_USER_MAX}`)
    expect(await text('open-contests-max')).toContain(String(OPEN_OWNED_CONTESTS_MAX))
    expect(await text('rake-percent')).toContain(`${DEFAULT_RAKE_BPS / 100}%`)
    expect(await text('team-size')).toBe(String(SPORT_RULES.cricket?.team_size))
    expect(await text('team-budget')).toBe(`${(SPORT_RULES.cricket?.budget_tenths ?? 0) / 10} credits`)
    const bowlers = page.locator('[data-testid="role-limits"] [data-role="BOWL"] td').first()
    expect(await bowlers.textContent()).toBe(String(CRICKET_MIN.BOWL))
    expect(await page.getByTestId('point-table').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('refund-rules').locator('li').count()).toBeGreaterThan(0)
    expect(await page.locator('[data-testid="prize-options"] [data-key="winner_takes_all"]').count()).toBe(1)
    await shotBoth('contest-rules-single-match')

    await page.goto('/contests/rules/pubg')
    await page.getByTestId('esports-rules').waitFor()
    await page.goto('/contests/rules/no-such-game')
    await page.getByText('Page not found').first().waitFor()
  })

  it('lets the owner remove a member (refunded) while the activity list fills live', async () => {
    const o = p(owner)
    const created = await api.post<{ contest: ContestJson }>(
      '/api/contests',
      {
        game: 'single-match',
        match_id: matchId,
        name: 'Hostel 4 paid league',
        description: 'Winner buys the samosas.',
        entry_fee: FEE,
        members_limit: 4,
        multiple_entries: false,
        guaranteed: false,
        is_private: true,
        prize_option: 'winner_takes_all',
        team_id: o.teamId,
      },
      o.token,
    )
    expect(created.status).toBe(201)
    contest = created.body.contest
    expect(contest.invite_code).toBeTruthy()
    for (const u of [mahi, yuvi]) {
      const join = await api.post(
        `/api/contests/${contest.id}/join`,
        { team_id: p(u).teamId, invite_code: contest.invite_code },
        p(u).token,
      )
      expect(join.status).toBe(200)
    }
    expect(await balance(p(yuvi))).toBe(500 - FEE)

    await signInAs(o)
    await page.goto(`/contests/${contest.id}/info`)
    await page.getByTestId('owner-controls').waitFor()
    expect(await text('contest-visibility')).toBe('Private')
    expect(await text('contest-owner')).toBe(owner.username)
    expect(await text('contest-description')).toBe('Winner buys the samosas.')
    await page.getByTestId('edit-contest').waitFor()
    expect(await page.getByTestId('edit-contest').getAttribute('href')).toBe(`/contests/${contest.id}/edit`)
    await shotBoth('contest-owner-info')

    await page.goto(`/contests/${contest.id}/members`)
    await page.getByTestId('remove-members').click()
    const yuviRow = page.locator('[data-testid="board-row"]', { hasText: yuvi.username })
    await yuviRow.getByTestId('remove-check').check()
    // The owner's own entry has no checkbox.
    expect(
      await page
        .locator('[data-testid="board"] [data-testid="board-row"]', { hasText: owner.username })
        .getByTestId('remove-check')
        .count(),
    ).toBe(0)
    await shotBoth('remove-pick')
    await page.getByTestId('remove-picked').click()
    await page.getByTestId('remove-dialog').waitFor()
    await shotBoth('contest-remove-member')
    await page.getByTestId('confirm-remove').click()
    await expect
      .poll(() => page.locator('[data-testid="board-row"]', { hasText: yuvi.username }).count())
      .toBe(0)
    expect(await balance(p(yuvi))).toBe(500)

    await page.getByTestId('activities-link').click()
    await page.waitForURL(`**/contests/${contest.id}/activities`)
    const items = page.getByTestId('activity')
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(4)
    expect(await items.first().getAttribute('data-kind')).toBe('member_removed')
    expect(await page.getByTestId('activity-list').textContent()).toContain(mahi.username)
    await page.locator('[data-testid="activities-live"][data-connected="true"]').waitFor()
    const reloads = watchReloads(page)
    const before = await items.count()
    // sachin joins in another "browser" (the API): the line arrives without a reload.
    expect(
      (
        await api.post(
          `/api/contests/${contest.id}/join`,
          { team_id: p(sachin).teamId, invite_code: contest.invite_code },
          p(sachin).token,
        )
      ).status,
    ).toBe(200)
    await expect.poll(() => items.count()).toBe(before + 1)
    expect(await items.first().getAttribute('data-kind')).toBe('joined')
    expect(await items.first().textContent()).toContain(sachin.username)
    reloads.stop()
    expect(reloads.documents).toEqual([])
    // Pushed, not polled: no activities request after the join.
    expect(reloads.requests.filter((r) => r.endsWith('/activities'))).toEqual([])
    await shotBoth('contest-activities')
  })

  it('deletes the contest: every member is refunded and sees it on the contest and in the passbook', async () => {
    await page.goto(`/contests/${contest.id}`)
    await page.getByTestId('delete-contest').click()
    await page.getByTestId('delete-dialog').waitFor()
    await shotBoth('contest-delete-confirm')
    await page.getByTestId('confirm-delete').click()
    await page.locator('[data-testid="refund-status"][data-refunded="true"]').waitFor()
    expect(await page.getByTestId('delete-contest').count()).toBe(0)
    for (const u of [owner, mahi, sachin]) expect(await balance(p(u))).toBe(500)

    await signInAs(p(mahi))
    await page.goto(`/contests/${contest.id}`)
    await page.locator('[data-testid="refund-status"][data-refunded="true"]').waitFor()
    expect(await text('refund-status')).toContain(`₹${FEE}`)
    expect(await page.getByTestId('owner-controls').count()).toBe(0)
    await shotBoth('contest-refund-status')
    await page.goto('/wallet/unused-passbook')
    const entries = page.getByTestId('passbook-entry')
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(3)
    expect(await entries.first().getByTestId('entry-amount').textContent()).toBe(`+₹${FEE}`)
    await shotBoth('contest-refund-passbook')

    await page.goto(`/contests/${contest.id}/activities`)
    await page.getByTestId('activity').first().waitFor()
    const kinds = await page
      .getByTestId('activity')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))
    expect(kinds).toContain('deleted')
  })

  it('reports a contest once; the admin queue has it and a second report is refused', async () => {
    await page.goto(`/contests/${contest.id}/report`)
    await page.getByRole('radio').first().waitFor()
    await page.getByLabel('Prizes not as promised').check()
    await page.getByLabel('Tell us more').fill('The owner deleted it a minute before the toss.')
    await shotBoth('contest-report')
    await page.getByTestId('send-report').click()
    await page.getByTestId('report-sent').waitFor()
    const queue = await api.get<{ reports: Array<{ contest_id: number; reason: string; text: string }> }>(
      '/api/admin/reports?status=open',
      adminToken,
    )
    expect(queue.body.reports).toEqual(
      expect.arrayContaining([expect.objectContaining({ contest_id: contest.id, reason: 'wrong_prizes' })]),
    )

    await page.goto(`/contests/${contest.id}/report`)
    await page.getByLabel('Prizes not as promised').check()
    await page.getByLabel('Tell us more').fill('Again.')
    await page.getByTestId('send-report').click()
    await page.getByRole('alert').first().waitFor()
    expect(await page.getByTestId('report-sent').count()).toBe(0)
    expect(world.problems).toEqual([])
  })
})
