import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, SHOTS_DIR, secondBrowser, startE2eWorld } from '../browser'
import {
  type ApiPlayer,
  apiClient,
  pickInBuilder,
  playLiveUntilMineScores,
  signInBrowser,
  validPick,
  watchReloads,
} from '../league'

/**
 * Contest creation end to end, first part, in two Chromium browsers against a real server with
 * the demo league: a player (given access by the admin) creates a private paid contest for
 * four on the web, watching the bill and the prize table follow the typing; three friends
 * at the other laptop get in with the code — one by "Enter contest code" and a team built
 * on the way, one by the link, one signing in on the way — then the creator watches the
 * leaderboard live and the prizes land in the winners' wallets.
 */
interface Player {
  username: string
  email: string
  password: string
  token: string
  id: number
}
interface Match {
  id: number
  title: string
}

const FEE = 50
const SPOTS = 4
// ₹50 × 4 less the 15% rake.
const POOL = 170

let world: E2eWorld
let api: ReturnType<typeof apiClient>
let adminToken: string
let cricket: Match
let cricketPlayers: ApiPlayer[]
let players: Player[]
let other: { browser: BrowserContext; page: Page }
let contestId = 0
let code = ''
let link = ''

async function signUp(username: string): Promise<Player> {
  const email = `${username}@example.test`
  const password = 'friends-contest-9'
  const created = await api.post('/api/users', { email, username, password, full_name: 'Hostel Four' })
  expect(created.status).toBe(201)
  const token = await api.token(email, password)
  const me = await api.get<{ user: { id: number } }>('/api/me', token)
  return { username, email, password, token, id: me.body.user.id }
}

async function teamFor(player: Player, salt: string): Promise<number> {
  const pick = validPick('cricket', cricketPlayers, salt)
  const res = await api.post<{ user_team: { id: number } }>(
    `/api/matches/${cricket.id}/user_teams`,
    { player_ids: pick.player_ids.join(','), captain: pick.captain_id, vice_captain: pick.vice_captain_id },
    player.token,
  )
  expect(res.status).toBe(201)
  return res.body.user_team.id
}

async function signInAs(browser: BrowserContext, player: Player) {
  await browser.clearCookies()
  await signInBrowser(browser, world.server.url, await api.signIn(player.email, player.password))
}

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  await world.page.emulateMedia({ reducedMotion: 'reduce' })
  await world.page.setViewportSize({ width: 412, height: 915 })
  api = apiClient(world)
  adminToken = await api.adminToken()
  cricket = (
    await api.get<{ matches: Match[] }>('/api/matches?sport_slug=cricket&status=upcoming&per_page=1')
  ).body.matches[0] as Match
  cricketPlayers = (await api.get<{ players: ApiPlayer[] }>(`/api/matches/${cricket.id}/players`)).body
    .players
  players = [
    await signUp('priya_creates'),
    await signUp('arjun_codes'),
    await signUp('meera_links'),
    await signUp('kabir_late'),
  ]
  for (const p of players) {
    const credit = await api.post('/api/admin/wallet/credits', { email: p.email, amount: 100 }, adminToken)
    expect(credit.status).toBe(201)
  }
  // The creator and two friends have a team already; the second friend builds one on the way.
  for (const [i, p] of players.entries()) if (i !== 1) await teamFor(p, `friend-${i}`)
  other = await secondBrowser(world, 'friends')
  await other.page.emulateMedia({ reducedMotion: 'reduce' })
})
afterAll(async () => {
  await other?.browser.close()
  await world?.close()
})

const creator = () => players[0] as Player
/** `world.shot` shoots the creator's browser; this one the friends'. */
const otherShot = (name: string) =>
  other.page.screenshot({ path: path.join(SHOTS_DIR, `${name}-412.png`), fullPage: true })

describe('a private paid contest among four friends', () => {
  it('tells the creator what paid contests need, until the admin grants access', async () => {
    const { page, browser } = world
    await signInAs(browser, creator())
    await page.goto('/contests/create/contest-requirement')
    const mobile = page.getByTestId('requirements').locator('[data-key="mobile_verified"]')
    await mobile.waitFor()
    expect(await mobile.getAttribute('data-met')).toBe('false')
    expect(await page.getByTestId('access-verdict').textContent()).toMatch(/free private contests/i)
    await world.shot('create-requirements')
    const grant = await api.post(
      `/api/admin/users/${creator().id}/contest_access`,
      { note: 'e2e' },
      adminToken,
    )
    expect([200, 201]).toContain(grant.status)
    await page.reload()
    await page
      .getByTestId('access-verdict')
      .filter({ hasText: 'You can create free and paid contests.' })
      .waitFor()
  })

  it('saves a prize table to reuse: a table that does not add up is refused under its rows', async () => {
    const { page } = world
    await page.goto('/saved-prizes')
    await page.getByText('No saved prizes yet').waitFor()
    await page.getByTestId('new-saved-prize').click()
    await page.waitForURL('**/saved-prizes/new')
    await page.locator('input[name=name]').fill('Top two')
    const rows = page.getByTestId('range-row')
    await rows.first().getByRole('textbox').nth(2).fill('60')
    await page.getByTestId('add-range').click()
    await rows.nth(1).getByRole('textbox').nth(2).fill('50')
    await page.getByTestId('save-prize').click()
    await page.getByTestId('range-rows').getByRole('alert').filter({ hasText: '110%' }).waitFor()
    await world.shot('saved-prize-422')
    await rows.nth(1).getByRole('textbox').nth(2).fill('40')
    await page.getByTestId('save-prize').click()
    await page.waitForURL('**/saved-prizes')
    const saved = page.getByTestId('saved-prize')
    await saved.filter({ hasText: 'Top two' }).waitFor()
    expect(await saved.textContent()).toContain('2 winners')
    await world.shot('saved-prizes')
  })

  it('creates the contest: the bill and the prizes follow the typing, bad input is marked under its field', async () => {
    const { page } = world
    await page.goto('/contests')
    await page.getByTestId('create-contest').click()
    await page.waitForURL('**/contests/create')
    await page.getByTestId('access-summary').waitFor()
    // Every kind is open (esports too): each is a link to its form, and no empty "Opening later".
    for (const kind of [
      'single-match',
      'championship',
      'auction',
      'pubg',
      'pubg-lite',
      'free-fire',
      'call-of-duty',
    ])
      expect(await page.getByTestId(`kind-${kind}`).getAttribute('href')).toBe(`/contests/create/${kind}`)
    expect(await page.getByRole('heading', { name: 'Opening later' }).count()).toBe(0)
    await world.shot('create-home')
    await page.getByTestId('kind-single-match').click()
    await page.waitForURL('**/contests/create/single-match')
    const form = page.getByTestId('create-contest-form')
    await form.locator('select[name=match_id]').selectOption(String(cricket.id))
    await form.locator('select[name=team_id]').waitFor()
    await form.locator('input[name=name]').fill('Hostel 4 Friday')
    await form.locator('input[name=entry_fee]').fill(String(FEE))

    // Too many spots: the server's message appears under the field as it is typed.
    await form.locator('input[name=members_limit]').fill('600')
    const spots = form.locator('input[name=members_limit]')
    await expect.poll(() => spots.getAttribute('aria-invalid')).toBe('true')
    await page.getByTestId('bill-invalid').waitFor()
    await world.shot('create-422')
    await spots.fill(String(SPOTS))
    await expect.poll(() => spots.getAttribute('aria-invalid')).toBeNull()
    await page
      .getByTestId('bill-pool')
      .filter({ hasText: `₹${POOL}` })
      .waitFor()
    expect(await page.getByTestId('bill-you-pay').textContent()).toBe(`₹${FEE}`)

    // The saved table applies to this pool…
    await page.getByTestId('prize-source-saved').click()
    await form.locator('select[name=prize_structure_id]').selectOption({ label: 'Top two · 2 winners' })
    await page.getByTestId('prize-table').filter({ hasText: '₹102' }).waitFor()
    // …but this one gets custom prizes: 70% and 30%, and a broken table first.
    await page.getByTestId('prize-source-custom').click()
    const rows = page.getByTestId('range-row')
    await rows.first().getByRole('textbox').nth(2).fill('60')
    await page.getByTestId('add-range').click()
    await rows.nth(1).getByRole('textbox').nth(2).fill('30')
    expect(await page.getByTestId('range-total').textContent()).toBe('Total 90%')
    await page.getByTestId('bill-invalid').waitFor()
    await rows.first().getByRole('textbox').nth(2).fill('70')
    const table = page.getByTestId('prize-table')
    await table.filter({ hasText: '₹119' }).waitFor()
    expect(await table.locator('tbody tr').allTextContents()).toEqual(['170%₹119', '230%₹51'])
    await world.shot('create-form')

    await page.getByTestId('create-submit').click()
    await page.getByTestId('contest-created').waitFor()
    code = (await page.getByTestId('invite-code').textContent()) ?? ''
    expect(code).toMatch(/^[A-Z0-9]{8,}$/)
    link = new URL((await page.getByTestId('invite-link').getAttribute('href')) ?? '').pathname
    link += `?code=${code}`
    contestId = Number(link.match(/\/contests\/(\d+)\/join/)?.[1])
    expect(contestId).toBeGreaterThan(0)
    await page
      .getByTestId('balance-chip')
      .filter({ hasText: `₹${100 - FEE}` })
      .waitFor()
    await world.shot('create-done')

    // Private: not in the match's public list.
    const listed = await api.get<{ contests: Array<{ id: number }> }>(
      `/api/matches/${cricket.id}/contests?per_page=100`,
      players[1]?.token,
    )
    expect(listed.body.contests.map((c) => c.id)).not.toContain(contestId)
    await page.getByTestId('go-to-contest').click()
    await page.waitForURL(`**/contests/${contestId}`)
  })

  it('a friend enters the code, builds a team on the way and joins', async () => {
    const { page, browser } = other
    const friend = players[1] as Player
    await signInAs(browser, friend)
    await page.goto('/contests')
    await page.getByTestId('enter-code').click()
    const dialog = page.getByTestId('enter-code-dialog')
    await dialog.locator('input[name=code]').fill('NOPE2345XY')
    await dialog.getByTestId('find-code').click()
    await dialog.getByText('No contest has this code.').waitFor()
    await otherShot('enter-code-404')
    await dialog.locator('input[name=code]').fill(code.toLowerCase())
    await dialog.getByTestId('find-code').click()
    await page.waitForURL(`**/contests/${contestId}/join?code=${code}`)
    expect(await page.getByTestId('invited-name').textContent()).toBe('Hostel 4 Friday')
    await page.getByTestId('need-team').waitFor()
    await page.getByTestId('create-team-first').click()
    await page.waitForURL(`**/matches/${cricket.id}/create-team`)
    await page.getByTestId('player-list').waitFor()
    const pick = validPick('cricket', cricketPlayers, 'code-friend')
    await pickInBuilder(page, 'cricket', cricketPlayers, pick.player_ids)
    await page.getByTestId('next').click()
    const row = (id: number) => page.locator(`[data-testid="captain-row"][data-player-id="${id}"]`)
    await row(pick.captain_id).getByTestId('pick-captain').click()
    await row(pick.vice_captain_id).getByTestId('pick-vice').click()
    await page.getByTestId('save-team').click()
    await page.waitForURL(`**/contests/${contestId}/join?code=${code}`)
    await page.getByTestId('join-team').first().waitFor()
    await otherShot('join-link-team')
    await page.getByTestId('join-with-code').click()
    await page.waitForURL(`**/contests/${contestId}`)
    await page
      .getByTestId('balance-chip')
      .filter({ hasText: `₹${100 - FEE}` })
      .waitFor()
  })

  it('two more join by the link, one signing in on the way', async () => {
    const { page, browser } = other
    const third = players[2] as Player
    await signInAs(browser, third)
    await page.goto(link)
    await page.getByTestId('join-team').first().waitFor()
    await page.getByTestId('join-with-code').click()
    await page.waitForURL(`**/contests/${contestId}`)

    const fourth = players[3] as Player
    await browser.clearCookies()
    await page.goto(link)
    await page.waitForURL('**/login')
    await otherShot('join-link-sign-in')
    await page.fill('input[name=email]', fourth.email)
    await page.fill('input[name=password]', fourth.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`**/contests/${contestId}/join?code=${code}`)
    await page.getByTestId('join-team').first().waitFor()
    await page.getByTestId('join-with-code').click()
    await page.waitForURL(`**/contests/${contestId}`)

    const contest = await api.get<{ contest: { members_count: number; prize_amount: number } }>(
      `/api/contests/${contestId}`,
      creator().token,
    )
    expect(contest.body.contest).toMatchObject({ members_count: SPOTS, prize_amount: POOL })
    // Others are in: the owner may rename it, describe it or add spots, nothing else.
    const { page: own } = world
    await own.goto(`/contests/${contestId}/edit`)
    const edit = own.getByTestId('edit-contest-form')
    await edit.locator('input[name=name]').waitFor()
    expect(await edit.locator('input[name=entry_fee]').isDisabled()).toBe(true)
    expect(await own.getByTestId('prize-source-custom').count()).toBe(0)
    await edit.locator('textarea[name=description]').fill('Winner buys the chai.')
    await world.shot('edit-after-joins')
    await own.getByTestId('save-contest').click()
    await own.waitForURL(`**/contests/${contestId}`)
    const described = await api.get<{ contest: { description: string | null; members_limit: number } }>(
      `/api/contests/${contestId}`,
      creator().token,
    )
    expect(described.body.contest).toMatchObject({
      description: 'Winner buys the chai.',
      members_limit: SPOTS,
    })

    // Without the code the contest is nobody else's business.
    const outsider = await signUp('nosy_neighbour')
    expect((await api.get(`/api/contests/${contestId}`, outsider.token)).status).toBe(404)
  })

  it('creates a free private championship contest with the classic team of the phase', async () => {
    const { page } = world
    const phases = (
      await api.get<{
        series_phases: Array<{ id: number; status: string; name: string; sport_slug: string }>
      }>('/api/championship/series_phases', creator().token)
    ).body.series_phases
    // A cricket phase (the team is picked as cricket): which series has the first upcoming
    // phase depends on the time of day the league was seeded.
    const phase = phases.find((p) => p.status === 'upcoming' && p.sport_slug === 'cricket') as {
      id: number
      name: string
    }
    await page.goto('/contests/create/championship')
    const form = page.getByTestId('create-contest-form')
    await form.locator('select[name=phase_id]').selectOption(String(phase.id))
    // No classic team in the phase yet: the form says how to get one.
    await page.getByTestId('need-team').waitFor()
    const pool = (
      await api.get<{ players: ApiPlayer[] }>(
        `/api/championship/series_phases/${phase.id}/players`,
        creator().token,
      )
    ).body.players
    const pick = validPick(
      'cricket',
      pool.map((p) => ({ ...p, value_tenths: Math.round(p.value * 10) })),
      'classic',
    )
    const classic = await api.post(
      '/api/championship/classic_teams',
      {
        phase_id: phase.id,
        player_ids: pick.player_ids.join(','),
        captain: pick.captain_id,
        vice_captain: pick.vice_captain_id,
      },
      creator().token,
    )
    expect(classic.status).toBe(201)
    await page.reload()
    await form.locator('select[name=phase_id]').selectOption(String(phase.id))
    await form.getByText('You join with your classic team').waitFor()
    await form.locator('input[name=name]').fill('Phase pals')
    await form.locator('input[name=entry_fee]').fill('0')
    await form.locator('input[name=members_limit]').fill('10')
    await page.getByTestId('bill-pool').filter({ hasText: '₹0' }).waitFor()
    await page.getByTestId('create-submit').click()
    await page.getByTestId('contest-created').waitFor()
    expect(await page.getByTestId('invite-link').getAttribute('href')).toMatch(
      /\/contests\/\d+\/join\?type=championship&code=[A-Z0-9]{8,}$/,
    )
    await page.getByTestId('go-to-contest').click()
    await page.waitForURL(/\/contests\/\d+\/championship-stats$/)
    await page.getByText('Phase pals').first().waitFor()

    // Nobody else is in yet: the owner may change anything but the phase.
    const id = Number(new URL(page.url()).pathname.split('/')[2])
    await page.goto(`/contests/${id}/edit?type=championship`)
    const edit = page.getByTestId('edit-contest-form')
    await edit.locator('input[name=name]').fill('Phase pals II')
    await edit.locator('input[name=members_limit]').fill('12')
    expect(await edit.locator('input[name=entry_fee]').isDisabled()).toBe(false)
    await page.getByTestId('bill').filter({ hasText: '× 12' }).waitFor()
    await world.shot('edit-championship')
    await page.getByTestId('save-contest').click()
    await page.waitForURL(`**/contests/${id}/championship-stats`)
    await page.getByText('Phase pals II').first().waitFor()
  })

  it('the creator watches it live, and the winners are paid the pool', async () => {
    const { page } = world
    await page.goto(`/contests/${contestId}/members`)
    await page.getByTestId('leaderboard').waitFor()
    const reloads = watchReloads(page)
    await playLiveUntilMineScores(page, api, adminToken, cricket.id)
    await world.shot('created-contest-live')
    reloads.stop()
    expect(reloads.documents).toEqual([])

    expect((await api.post('/api/admin/clock', { advance_ms: 6 * 3600_000 }, adminToken)).status).toBe(200)
    const members = await api.get<{ members: Array<{ prize: number; user: { username: string } }> }>(
      `/api/contests/${contestId}/members?per_page=10`,
      creator().token,
    )
    const prizes = members.body.members.map((m) => m.prize)
    expect(prizes.reduce((a, b) => a + b, 0)).toBeCloseTo(POOL, 2)
    for (const p of players) {
      const won = members.body.members
        .filter((m) => m.user.username === p.username)
        .reduce((sum, m) => sum + m.prize, 0)
      const me = await api.get<{ user: { winning_balance: number } }>('/api/me', p.token)
      expect(me.body.user.winning_balance).toBeCloseTo(won, 2)
    }
    // The creator's own page says the same.
    const mineWon = members.body.members
      .filter((m) => m.user.username === creator().username)
      .reduce((sum, m) => sum + m.prize, 0)
    await page.goto('/my-contests?type=finished')
    const card = page.locator(`[data-testid="my-contest"][data-contest-id="${contestId}"]`)
    await card.waitFor()
    // Whether the creator is among the winners depends on the match the clock of the day picks.
    if (mineWon > 0) {
      const prize = card.getByTestId('my-prize')
      await prize.waitFor()
      expect(Number((await prize.textContent())?.replace(/[^\d.]/g, ''))).toBeCloseTo(mineWon, 2)
    } else expect(await card.getByTestId('my-prize').count()).toBe(0)
  })

  it('opens the form for a football match from that match’s contests', async () => {
    const { page } = world
    const football = (
      await api.get<{ matches: Match[] }>('/api/matches?sport_slug=football&status=upcoming&per_page=1')
    ).body.matches[0] as Match
    await page.goto(`/matches/${football.id}/contests`)
    await page.getByTestId('create-contest-for-match').click()
    await page.waitForURL(`**/contests/create/football-single-match?match=${football.id}`)
    const match = page.getByTestId('create-contest-form').locator('select[name=match_id]')
    await expect.poll(() => match.inputValue()).toBe(String(football.id))
    // No football team yet: the form offers the builder, and keeps the draft for the way back.
    const form = page.getByTestId('create-contest-form')
    await form.locator('input[name=name]').fill('Sunday league')
    await form.locator('input[name=members_limit]').fill('6')
    await page.getByTestId('need-team').waitFor()
    await world.shot('create-football')
    await page.getByTestId('create-team-first').click()
    await page.waitForURL(`**/matches/${football.id}/create-team`)
    const pool = (await api.get<{ players: ApiPlayer[] }>(`/api/matches/${football.id}/players`)).body.players
    const pick = validPick('football', pool, 'sunday')
    await page.getByTestId('player-list').waitFor()
    await pickInBuilder(page, 'football', pool, pick.player_ids)
    await page.getByTestId('next').click()
    const row = (id: number) => page.locator(`[data-testid="captain-row"][data-player-id="${id}"]`)
    await row(pick.captain_id).getByTestId('pick-captain').click()
    await row(pick.vice_captain_id).getByTestId('pick-vice').click()
    await page.getByTestId('save-team').click()
    await page.waitForURL(`**/contests/create/football-single-match?match=${football.id}`)
    await form.locator('select[name=team_id]').waitFor()
    expect(await form.locator('input[name=name]').inputValue()).toBe('Sunday league')
    expect(await form.locator('input[name=members_limit]').inputValue()).toBe('6')
  })

  it('lays the creation pages out on a laptop screen too', async () => {
    const { page } = world
    await page.setViewportSize({ width: 1280, height: 800 })
    for (const [url, name, testId] of [
      ['/contests/create', 'create-home', 'create-home'],
      ['/contests/create/single-match', 'create-form', 'create-contest-form'],
      ['/contests/create/pubg', 'create-pubg', 'esports-create-page'],
      ['/contests/create/get-access', 'create-get-access', 'requirements'],
      ['/saved-prizes', 'saved-prizes', 'saved-prizes'],
      ['/saved-prizes/new', 'saved-prize-new', 'saved-prize-form'],
    ] as const) {
      await page.goto(url)
      await page.getByTestId(testId).waitFor()
      await world.shot(name)
    }
    await page.setViewportSize({ width: 412, height: 915 })
    for (const [url, name, testId] of [
      ['/contests/create/pubg', 'create-pubg', 'esports-create-page'],
      ['/saved-prizes/new', 'saved-prize-new', 'saved-prize-form'],
    ] as const) {
      await page.goto(url)
      await page.getByTestId(testId).waitFor()
      await world.shot(name)
    }
  })

  it('logged no errors in the browser', () => {
    expect(world.problems).toEqual([])
  })
})
