import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertEsportsContest } from '../../helpers/esports-rooms-fixture'
import { validTeamBody } from '../../helpers/league'
import { type E2eWorld, startE2eWorld } from '../browser'
import { type ApiPlayer, apiClient, captainsAndSave, validPick } from '../league'

/**
 * The rough pages a player met, each in Chromium against the demo league: a bare compare
 * address shows the member picker; the invite page shows the match, fee, spots, lock and
 * prizes; opening a creation form verifies nothing until the draft is complete, then once;
 * a visitor on an esports contest never asks for its room; the result page of a gateway
 * without a payment says where to start; saving a championship team opened by its address
 * goes back to the championship; every page has its own title; esports is in the menu.
 */
const owner = { email: 'rough.owner@example.test', username: 'rough_owner', password: 'rough-pages-owner-1' }
const guest = { email: 'rough.guest@example.test', username: 'rough_guest', password: 'rough-pages-guest-1' }
type Player = typeof owner & { id: number; token: string; refresh: string; teamId: number }

interface ContestJson {
  id: number
  name: string
  invite_code: string | null
}
interface MatchJson {
  id: number
  team1: { name_attr: string } | null
  team2: { name_attr: string } | null
}

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let match: MatchJson
let contest: ContestJson
const players: Record<string, Player> = {}
const p = (u: { username: string }) => players[u.username] as Player

async function signInAs(u: { username: string }) {
  await world.browser.clearCookies()
  await world.browser.addCookies([
    { name: 'at', value: p(u).token, url: world.server.url },
    { name: 'rt', value: p(u).refresh, url: world.server.url },
  ])
}

/** Every request the page makes whose path matches, from now on. */
function recordRequests(test: (path: string, request: Request) => boolean) {
  const seen: string[] = []
  const listener = (request: Request) => {
    const path = new URL(request.url()).pathname
    if (test(path, request)) seen.push(`${request.method()} ${path}`)
  }
  page.on('request', listener)
  return { seen, stop: () => page.off('request', listener) }
}

async function shotBoth(name: string) {
  await world.shot(`rough-${name}`)
  await page.setViewportSize({ width: 1280, height: 860 })
  await world.shot(`rough-${name}`)
  await page.setViewportSize({ width: 390, height: 844 })
}

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  await page.emulateMedia({ reducedMotion: 'reduce' })
  api = apiClient(world)
  const adminToken = await api.adminToken()
  const upcoming = (
    await api.get<{ matches: Array<{ id: number }> }>(
      '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
    )
  ).body.matches[0]
  if (!upcoming) throw new Error('the demo league has no upcoming cricket match')
  match = (await api.get<{ match: MatchJson }>(`/api/matches/${upcoming.id}`)).body.match
  for (const [i, u] of [owner, guest].entries()) {
    const tokens = await api.signUp(u)
    const me = (await api.get<{ user: { id: number } }>('/api/me', tokens.access_token)).body.user
    await api.post('/api/admin/wallet/credits', { user_id: me.id, amount: 500 }, adminToken)
    const body = await validTeamBody(world.server.deps, match.id, 'cricket', `rough-${i}`)
    const team = await api.post<{ user_team: { id: number } }>(
      `/api/matches/${match.id}/user_teams`,
      body,
      tokens.access_token,
    )
    expect(team.status).toBe(201)
    players[u.username] = {
      ...u,
      id: me.id,
      token: tokens.access_token,
      refresh: tokens.refresh_token,
      teamId: team.body.user_team.id,
    }
  }
  await api.post(`/api/admin/users/${p(owner).id}/contest_access`, { note: 'e2e' }, adminToken)
  const created = await api.post<{ contest: ContestJson }>(
    '/api/contests',
    {
      game: 'single-match',
      match_id: match.id,
      name: 'Hostel cup',
      entry_fee: 50,
      members_limit: 4,
      is_private: true,
      prize_option: 'winner_takes_all',
      team_id: p(owner).teamId,
    },
    p(owner).token,
  )
  expect(created.status).toBe(201)
  contest = created.body.contest
}, 240_000)
afterAll(async () => {
  await world?.close()
})

describe('the private contest’s invite page', () => {
  it('shows the match, the fee, the spots, the time left to join and the prize table', async () => {
    await signInAs(guest)
    await page.goto(`/contests/${contest.id}/join?code=${contest.invite_code}`)
    const facts = page.getByTestId('invited-facts')
    await facts.waitFor()
    await facts.getByTestId('match-strip').waitFor()
    expect(await facts.getByTestId('match-strip').innerText()).toContain(match.team1?.name_attr ?? '?')
    expect(await facts.getByTestId('invited-fee').innerText()).toBe('₹50')
    expect(await facts.getByTestId('invited-spots').innerText()).toBe('1/4 · 3 left')
    expect(await facts.getByTestId('invited-start').innerText()).toMatch(
      /^\d{1,2} \w{3}( \d{4})?, \d\d:\d\d IST$/,
    )
    expect(await facts.getByTestId('invited-lock').innerText()).toMatch(/^in \S/)
    await facts.getByTestId('prize-table').waitFor()
    expect(await facts.getByTestId('prize-table').locator('tbody tr').count()).toBe(1)
    await shotBoth('invite')
  })
})

describe('the contest creation form', () => {
  it('verifies nothing on open, then the complete draft once', async () => {
    await signInAs(owner)
    const verifies = recordRequests((path) => path === '/api/contests/verify')
    const refused: number[] = []
    const onResponse = (r: { url(): string; status(): number }) => {
      if (r.status() >= 400 && r.url().includes('/api/')) refused.push(r.status())
    }
    page.on('response', onResponse)
    await page.goto(`/contests/create/single-match?match=${match.id}`)
    await page.getByTestId('create-contest-form').waitFor()
    await page.waitForTimeout(1500)
    expect(verifies.seen).toEqual([])
    expect(refused).toEqual([])
    await page.getByLabel('Contest name').pressSequentially('Friends Cup', { delay: 40 })
    await expect.poll(() => verifies.seen.length, { timeout: 5000 }).toBe(1)
    await page.waitForTimeout(1000)
    expect(verifies.seen).toHaveLength(1)
    expect(refused).toEqual([])
    verifies.stop()
    page.off('response', onResponse)
  })
})

describe('compare without a member', () => {
  it('shows the picker, not a dead end', async () => {
    await signInAs(owner)
    await page.goto(`/contests/${contest.id}/compare/member`)
    await page.getByTestId('compare-picker').waitFor()
    expect(await page.getByText('Choose a member to compare with').count()).toBe(0)
  })
})

describe('an esports contest seen by a visitor', () => {
  it('never asks for the room details, and says who sees them', async () => {
    const esports = await insertEsportsContest(world.server.deps, {
      hostId: p(owner).id,
      name: 'Miramar night',
    })
    await signInAs(guest)
    const asked = recordRequests((path) => path.endsWith('/room_details'))
    await page.goto(`/contests/${esports.id}`)
    await page.getByTestId('esports-contest-page').waitFor()
    await page.getByTestId('room-members-only').waitFor()
    await page.waitForTimeout(500)
    expect(asked.seen).toEqual([])
    asked.stop()
    // The host still gets the room card with its form.
    await signInAs(owner)
    const hostAsks = recordRequests((path) => path.endsWith('/room_details'))
    await page.goto(`/contests/${esports.id}`)
    await expect.poll(() => hostAsks.seen.length).toBeGreaterThan(0)
    hostAsks.stop()
  })
})

describe('a payment result page opened without a payment', () => {
  it('says what is missing and links to Add cash, without a verify call', async () => {
    await signInAs(owner)
    for (const path of ['/paytm/payment', '/payumoney/success']) {
      const calls = recordRequests((p) => p.includes('verify'))
      await page.goto(path)
      await page.getByTestId('payment-missing').waitFor()
      expect(await page.getByTestId('payment-missing').innerText()).toContain('needs a payment id')
      expect(await page.getByTestId('start-add-cash').getAttribute('href')).toBe('/add-cash')
      expect(calls.seen).toEqual([])
      calls.stop()
    }
    await shotBoth('payment-missing')
  })
})

describe('a championship team opened by its address', () => {
  it('goes back to the championship when saved, not to the contests', async () => {
    const adminToken = await api.adminToken()
    const phases = (
      await api.get<{ series_phases: Array<{ id: number; status: string }> }>(
        '/api/championship/series_phases',
        adminToken,
      )
    ).body.series_phases.filter((ph) => ph.status !== 'completed')
    let made: { phaseId: number; teamId: number; pick: ReturnType<typeof validPick> } | null = null
    for (const phase of phases) {
      const pool = (
        await api.get<{ players: ApiPlayer[] }>(
          `/api/championship/series_phases/${phase.id}/players`,
          adminToken,
        )
      ).body.players
      const pick = validPick('cricket', pool, 'rough')
      const team = await api.post<{ classic_team: { id: number } }>(
        '/api/championship/classic_teams',
        {
          phase_id: phase.id,
          player_ids: pick.player_ids.join(','),
          captain: pick.captain_id,
          vice_captain: pick.vice_captain_id,
        },
        p(owner).token,
      )
      if (team.status === 201) {
        made = { phaseId: phase.id, teamId: team.body.classic_team.id, pick }
        break
      }
    }
    if (!made) throw new Error('no open championship phase in the demo league')
    await signInAs(owner)
    await page.goto('/contests')
    await page.evaluate(() => localStorage.clear())
    await page.goto(`/championship/phases/${made.phaseId}/edit-team/${made.teamId}`)
    await page.getByTestId('next').click()
    await captainsAndSave(page, made.pick)
    await page.waitForURL('**/championship')
  })
})

describe('page titles', () => {
  it('names each page, the contest with its match', async () => {
    await signInAs(owner)
    // The page settles (its data in), then its title is read: the page's, not a loading one.
    const titleOf = async (path: string) => {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      await page.waitForFunction(() => document.title !== 'Fanspole', null, { timeout: 5000 }).catch(() => {})
      return page.title()
    }
    const teams = `${match.team1?.name_attr} vs ${match.team2?.name_attr}`
    expect(await titleOf(`/contests/${contest.id}`)).toBe(`Hostel cup · ${teams} · Fanspole`)
    expect(await titleOf(`/contests/${contest.id}/prizes`)).toBe(`Hostel cup · ${teams} · Fanspole`)
    const routes = [
      '/contests',
      '/my-contests',
      '/wallet',
      '/wallet/unused-passbook',
      '/add-cash',
      '/groups',
      '/notifications',
      '/championship',
      '/auctions',
      '/pubg/contests',
      '/leaderboards',
      '/profile',
      '/profile/settings',
      `/users/${owner.username}`,
      '/feeds',
      '/discover',
      '/point-system',
      '/help',
      `/matches/${match.id}/contests`,
      `/matches/${match.id}/create-team`,
      '/contests/create/single-match',
      `/contests/${contest.id}/join?code=${contest.invite_code}`,
      `/contests/${contest.id}/activities`,
    ]
    const titles = new Map<string, string>()
    for (const route of routes) titles.set(route, await titleOf(route))
    const untitled = [...titles].filter(([, title]) => !/^\S.* · Fanspole$/.test(title))
    expect(untitled).toEqual([])
    // Pages are told apart by their titles.
    expect(new Set(titles.values()).size, JSON.stringify([...titles])).toBeGreaterThanOrEqual(
      routes.length - 3,
    )
    expect(await titleOf('/no-such-page')).toBe('Page not found · Fanspole')
    await world.browser.clearCookies()
    expect(await titleOf('/login')).toMatch(/ · Fanspole$/)
  })
})

describe('esports in the menu', () => {
  it('is in the side bar on a wide screen and in the drawer on a phone', async () => {
    await signInAs(guest)
    await page.setViewportSize({ width: 1280, height: 860 })
    await page.goto('/contests')
    const side = page.locator('aside[aria-label="Menu"]')
    await side.getByRole('link', { name: 'Esports' }).click()
    await page.waitForURL('**/pubg/contests')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/contests')
    await page.getByRole('button', { name: 'Open menu' }).first().click()
    const drawer = page.locator('[aria-label="Main menu"]')
    await drawer.getByRole('link', { name: 'Esports' }).click()
    await page.waitForURL('**/pubg/contests')
    await world.browser.clearCookies()
    await page.goto('/contests')
    await page.getByRole('button', { name: 'Open menu' }).first().click()
    expect(await drawer.getByRole('link', { name: 'Esports' }).count()).toBe(1)
  })
})

describe('a profile’s contest cards on a phone', () => {
  it('fit the 390 px screen', async () => {
    // A finished contest of the owner's: another match, played (marked completed here).
    const list = (
      await api.get<{ matches: Array<{ id: number }> }>(
        '/api/matches?sport_slug=cricket&status=upcoming&per_page=5',
      )
    ).body.matches
    const other = list.find((m) => m.id !== match.id)
    if (!other) throw new Error('the demo league has one upcoming cricket match only')
    const body = await validTeamBody(world.server.deps, other.id, 'cricket', 'rough-profile')
    const team = await api.post<{ user_team: { id: number } }>(
      `/api/matches/${other.id}/user_teams`,
      body,
      p(owner).token,
    )
    expect(team.status).toBe(201)
    const made = await api.post<{ contest: ContestJson }>(
      '/api/contests',
      {
        game: 'single-match',
        match_id: other.id,
        // Paid: the card's one-line label then carries the match and this long name.
        name: 'Hostel four late night super league of legends',
        entry_fee: 20,
        members_limit: 4,
        is_private: true,
        prize_option: 'winner_takes_all',
        team_id: team.body.user_team.id,
      },
      p(owner).token,
    )
    expect(made.status).toBe(201)
    await world.server.deps.db
      .updateTable('matches')
      .set({ status: 'completed' })
      .where('id', '=', other.id)
      .execute()
    await signInAs(owner)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/users/${owner.username}`)
    await page.getByTestId('user-contests').getByTestId('contest-card').first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await world.shot('rough-profile-contests')
  })
})
