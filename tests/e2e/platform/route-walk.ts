import type { Page } from 'playwright-core'
import type { RouteObject } from 'react-router'
import { type ExpectStatic, expect } from 'vitest'
import { GAME_KINDS } from '../../../server/domain/game-kinds'
import { createRng } from '../../../server/domain/rng'
import { pickTeam } from '../../../server/domain/team-picker'
import { routes } from '../../../web/src/routes'
import { smallAuction } from '../../helpers/auctions'
import type { E2eWorld } from '../browser'
import { apiClient } from '../league'

/**
 * A walk over every route of the router (web/src/routes.tsx): each static one, and one real
 * example of each with parameters, for a player seeded here with a team, a contest entry, an
 * auction, a tournament, a gang, a championship team and league, a post and a group. Shared by
 * the tests that visit every page (layout, accessibility). A route added without an example
 * makes `exampleOf` throw, so new pages are visited too.
 */

/** Every path of the route table, children joined to their parents ("contests/:id/members"). */
export function routePaths(list: RouteObject[] = routes, parent = ''): string[] {
  return list.flatMap((r) => {
    const here = r.path ? `${parent}/${r.path}`.replace(/\/+/g, '/') : parent
    const own = r.path || r.index ? [here || '/'] : []
    return [...own, ...routePaths(r.children ?? [], here)]
  })
}

/** Routes only a signed-out visitor sees (a signed-in one is sent on), and the one that signs out. */
export const SIGNED_OUT = [
  '/',
  '/landing',
  '/login',
  '/login/forgot-password',
  '/signup',
  '/reset-password/:token?',
]
export const LAST = ['/logout']

export interface RoutePlayer {
  email: string
  username: string
  password: string
}

/** Seeds the player's world and returns the function that turns a route pattern into an address. */
// Long: one straight line of seeding, each step feeding the next; split, it would only pass ids around.
export async function seedRouteExamples(world: E2eWorld, player: RoutePlayer, fullName: string) {
  const api = apiClient(world)
  const adminToken = await api.adminToken()
  expect((await api.post('/api/users', { ...player, full_name: fullName })).status).toBe(201)
  const token = await api.token(player.email, player.password)
  const me = (await api.get<{ user: { id: number } }>('/api/me', token)).body.user
  await api.post('/api/admin/wallet/credits', { user_id: me.id, amount: 500 }, adminToken)
  await api.post(
    '/api/admin/wallet/credits',
    { user_id: me.id, amount: 500, compartment: 'coins' },
    adminToken,
  )

  const match = (
    await api.get<{ matches: Array<{ id: number; series: { id: number } }> }>(
      '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
    )
  ).body.matches[0] as { id: number; series: { id: number } }
  const squad = (
    await api.get<{
      players: Array<{ id: number; style: number; value_tenths: number; team: { id: number } }>
    }>(`/api/matches/${match.id}/players`)
  ).body.players
  const picked = pickTeam(
    'cricket',
    squad.map((p) => ({ id: p.id, style: p.style, value_tenths: p.value_tenths, real_team_id: p.team.id })),
    createRng(5).stream('layout'),
  )
  if (!picked) throw new Error('no valid team')
  const team = (
    await api.post<{ user_team: { id: number } }>(
      `/api/matches/${match.id}/user_teams`,
      {
        player_ids: picked.player_ids.join(','),
        captain: picked.captain_id,
        vice_captain: picked.vice_captain_id,
      },
      token,
    )
  ).body.user_team
  const contest = (
    await api.get<{ contests: Array<{ id: number; kind: string }> }>(`/api/matches/${match.id}/contests`)
  ).body.contests.find((c) => c.kind === 'mega') as { id: number }
  expect((await api.post(`/api/contests/${contest.id}/join`, { team_id: team.id }, token)).status).toBe(200)
  const card = (await api.get<{ scratch_cards: Array<{ id: number }> }>('/api/scratch_cards', token)).body
    .scratch_cards[0]
  const auction = (
    await api.post<{ new_auction: { id: number; code: string } }>(
      '/api/auctions',
      smallAuction('Layout Night', match.id),
      token,
    )
  ).body.new_auction
  const joined = await api.post<{ manager: { id: number } }>(
    `/api/auctions/${auction.id}/join`,
    { code: auction.code, franchise_name: 'Wide Warriors', color: 'blue' },
    token,
  )
  expect(joined.status).toBe(201)
  const series = (
    await api.get<{ series: Array<{ id: number; sport_slug: string }> }>('/api/series', token)
  ).body.series.find((s) => s.sport_slug === 'cricket') as { id: number }
  const tournament = (
    await api.post<{ tournament: { id: number } }>(
      '/api/auction/tournaments',
      { name: 'Layout Cup', series_id: series.id, window_hours: 6 },
      token,
    )
  ).body.tournament
  const gang = (
    await api.post<{ gang: { id: number } }>(
      `/api/series/${match.series.id}/leagues`,
      { name: 'Layout Gang', league_motto: 'Wide enough' },
      token,
    )
  ).body.gang
  // A championship team of the same player, in the first phase still open.
  const phases = (
    await api.get<{ series_phases: Array<{ id: number; status: string; next_deadline: number | null }> }>(
      '/api/championship/series_phases',
      token,
    )
  ).body.series_phases
  const phase = phases.find((p) => p.status !== 'completed' && p.next_deadline !== null) as { id: number }
  const phasePlayers = (
    await api.get<{ players: Array<{ id: number; style: number; value: number; team: { id: number } }> }>(
      `/api/championship/series_phases/${phase.id}/players`,
      token,
    )
  ).body.players
  const classicPick = pickTeam(
    'cricket',
    phasePlayers.map((p) => ({
      id: p.id,
      style: p.style,
      value_tenths: Math.round(p.value * 10),
      real_team_id: p.team.id,
    })),
    createRng(6).stream('layout-classic'),
  )
  if (!classicPick) throw new Error('no valid championship team')
  const classic = await api.post<{ classic_team: { id: number } }>(
    '/api/championship/classic_teams',
    {
      phase_id: phase.id,
      player_ids: classicPick.player_ids.join(','),
      captain: classicPick.captain_id,
      vice_captain: classicPick.vice_captain_id,
    },
    token,
  )
  expect(classic.status).toBe(201)
  // A championship contest (a paid league on a phase) on a phase none of whose matches started.
  const upcoming = phases.find((p) => p.status === 'upcoming') as { id: number }
  const league = await api.post<{ contest: { id: number } }>(
    `/api/admin/series_phases/${upcoming.id}/contests`,
    { name: 'Layout League', entry_fee: 10, members_limit: 10 },
    adminToken,
  )
  expect(league.status).toBe(201)
  // A post on the contest with a comment, so the post page has a thread to lay out.
  const post = (
    await api.post<{ post: { id: number } }>(
      `/api/contests/${contest.id}/posts`,
      { content: `Layout post with a long unbroken word ${'x'.repeat(120)} and @${player.username}` },
      token,
    )
  ).body.post
  await api.post(
    `/api/posts/${post.id}/comments`,
    { content: 'A comment that is long enough. '.repeat(8) },
    token,
  )
  // A group with a long message and its invite, for the chat pages.
  const group = (
    await api.post<{ group: { group_uuid_id: string } }>(
      '/api/groups',
      { name: `Layout group ${'y'.repeat(40)}`, description: 'z'.repeat(300) },
      token,
    )
  ).body.group
  await api.post(
    `/api/groups/${group.group_uuid_id}/messages`,
    { identifier_key: 'layout-1', message: `A long unbroken word ${'w'.repeat(200)}` },
    token,
  )
  const invite = (
    await api.post<{ invite_code: string }>(`/api/groups/${group.group_uuid_id}/share`, undefined, token)
  ).body
  /** The championship pages' parameters: a phase and a classic team rather than a match team. */
  const championshipExamples: Record<string, string> = {
    'championship-stats': String(league.body.contest.id),
    ':phase_id': String(phase.id),
    // The phase gang pages name their phase `:id`.
    ':id': String(phase.id),
    ':phase_id?': String(phase.id),
    ':team_id': String(classic.body.classic_team.id),
    ':team_id?': String(classic.body.classic_team.id),
  }
  const examples: Record<string, string> = {
    ':id': String(match.id),
    'series/:id': String(match.series.id),
    'contests/:id': String(contest.id),
    'auctions/:id': String(auction.id),
    'auction/managers/:id': String(joined.body.manager.id),
    'auction/tournaments/:id': String(tournament.id),
    'scratch-cards/:id': String(card?.id),
    'posts/:id': String(post.id),
    'groups/:id': group.group_uuid_id,
    ':code': invite.invite_code,
    ':team_id': String(team.id),
    ':gang_id': String(gang.id),
    ':player_id': String(picked.player_ids[0]),
    ':token?': 'no-such-token',
    // Esports: a round of the seeded PUBG tournament (its slots page).
    ':id?': '1',
    // People: the player's own profile pages, the all-time board, a game kind's rules.
    'users/:slug': player.username,
    'leaderboards/:id': 'all-time',
    'rules/:slug': GAME_KINDS[0]?.slug ?? 'none',
    // The contest-creation kind pages: the shared creation form.
    ':kind': 'single-match',
    // The contest rules pages: one per game kind.
    ':slug': 'single-match',
    '*': 'no-such-page',
  }
  /** A real address for a route path: each parameter replaced by an example of its kind. */
  function exampleOf(pattern: string): string {
    // Championship stats belong to a championship contest, not a match's.
    if (pattern.endsWith('/championship-stats'))
      return `/contests/${championshipExamples['championship-stats']}/championship-stats`
    return pattern.replace(
      /(?:(series|contests|auctions|auction\/managers|auction\/tournaments|scratch-cards|users|leaderboards|rules|posts|groups)\/)?(:[a-z_]+\??|\*)/g,
      (_all, area, param) => {
        const value =
          (area && examples[`${area}/${param}`]) ??
          (pattern.startsWith('/championship') ? championshipExamples[param] : undefined) ??
          examples[param]
        if (value === undefined || value === 'undefined')
          throw new Error(`no example for ${param} in ${pattern}`)
        return area ? `${area}/${value}` : value
      },
    )
  }

  return exampleOf
}

/** Opens a page and waits until it has its data: the network quiet and no spinner left. */
export async function settle(page: Page, url: string, poll: ExpectStatic['poll']) {
  await page.goto(url)
  await page.waitForLoadState('networkidle')
  // Pages still loading their data show a spinner; look at what the visitor ends up with.
  await poll(() => page.getByTestId('loading').count(), { message: `${url} still loading` }).toBe(0)
}
