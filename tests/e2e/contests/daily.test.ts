import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'
import {
  type ApiPlayer,
  apiClient,
  captainsAndSave,
  fanspole,
  pickInBuilder,
  playLiveUntilMineScores,
  signUpInForm,
  validPick,
  watchReloads,
} from '../league'

/**
 * The daily loop end to end, in Chromium against a real server with the demo league: a new
 * player signs up, builds a cricket team (the builder refuses an invalid one and says why),
 * is told the balance is short, gets credit from the admin CLI, joins a paid contest through
 * the dialog, watches the match simulate live (leaderboard and statistics moving without a
 * reload) and sees the prize land in winnings. Around it: sorting and the two recent
 * filters, the create-team detour that comes back to join, and compare before and after
 * the start.
 */
const player = { email: 'dhoni.fan@example.test', username: 'dhoni_fan', password: 'helicopter-shot-7' }

interface Contest {
  id: number
  kind: string
  name: string
  entry_fee: number
  members_count: number
}
interface Match {
  id: number
  title: string
  sport_slug: string
  series: { id: number }
}

let world: E2eWorld
let api: ReturnType<typeof apiClient>
let adminToken: string
let cliHome: string
let cricket: Match
let football: Match
let mega: Contest
let practice: Contest
let cricketPlayers: ApiPlayer[]
/** Pages reached by clicking, shot again on a laptop screen at the end. */
const laterUrls = { compare: '', player: '' }

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  // Dialogs open without their slide-in, so screenshots catch them whole.
  await world.page.emulateMedia({ reducedMotion: 'reduce' })
  api = apiClient(world)
  adminToken = await api.adminToken()
  cliHome = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-e2e-cli-'))
  const first = async (sport: string) =>
    (await api.get<{ matches: Match[] }>(`/api/matches?sport_slug=${sport}&status=upcoming&per_page=1`)).body
      .matches[0] as Match
  cricket = await first('cricket')
  football = await first('football')
  const contests = (await api.get<{ contests: Contest[] }>(`/api/matches/${cricket.id}/contests`)).body
    .contests
  mega = contests.find((c) => c.kind === 'mega') as Contest
  const footballContests = (await api.get<{ contests: Contest[] }>(`/api/matches/${football.id}/contests`))
    .body.contests
  practice = footballContests.find((c) => c.entry_fee === 0) as Contest
  cricketPlayers = (await api.get<{ players: ApiPlayer[] }>(`/api/matches/${cricket.id}/players`)).body
    .players
})
afterAll(async () => {
  await world?.close()
  fs.rmSync(cliHome, { recursive: true, force: true })
})

const card = (contestId: number) =>
  world.page.locator(`[data-testid="contest-card"][data-contest-id="${contestId}"]`)
const chip = () => world.page.getByTestId('balance-chip')

describe('daily fantasy in the browser', () => {
  it('signs a new player up and lands on the contests home', async () => {
    const { page } = world
    await signUpInForm(page, player)
    await page.getByTestId('sport-cricket').click()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL('**/signup/select-avatar')
    await page.getByTestId('avatar-3').click()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL('**/signup/suggested-accounts')
    await page.getByTestId('finish-signup').click()
    await page.waitForURL('**/contests')
    await page.getByTestId('upcoming-matches').waitFor()
    await expect.poll(() => chip().textContent()).toBe('₹0')
    expect(await page.getByTestId('match-card').count()).toBeGreaterThan(3)
    await world.shot('contests-home')
  })

  it('builds a cricket team: refuses an invalid one with the reasons, then saves a valid one', async () => {
    const { page } = world
    await page.locator(`a[href="/matches/${cricket.id}/contests"]`).first().click()
    await page.waitForURL(`**/matches/${cricket.id}/contests`)
    await card(mega.id).waitFor()
    expect(await page.getByTestId('my-teams').textContent()).toBe('MY TEAMS (0)')
    await world.shot('match-contests')
    await page.getByTestId('create-team').click()
    await page.waitForURL(`**/matches/${cricket.id}/create-team`)
    await page.getByTestId('player-list').waitFor()
    expect(await page.getByTestId('selected-count').textContent()).toBe('0/11')
    expect(await page.getByTestId('credits-left').textContent()).toBe('100')

    // One pure keeper greys out the others, with the rule's reason.
    const keepers = cricketPlayers.filter((p) => p.style === 7)
    expect(keepers.length).toBeGreaterThanOrEqual(2)
    await pickInBuilder(page, 'cricket', cricketPlayers, [keepers[0]?.id as number])
    const other = page.locator(`[data-testid="player-row"][data-player-id="${keepers[1]?.id}"]`)
    expect(await other.getAttribute('data-blocked')).toBe('cricket_max_pure_keeper')
    expect(await other.getByTestId('blocked-reason').textContent()).toMatch(/wicket-keeper/i)
    expect(await other.getByRole('button').isDisabled()).toBe(true)

    // Four players are not a team: NEXT refuses and lists what is missing.
    const batters = cricketPlayers.filter((p) => p.style === 1).slice(0, 3)
    await pickInBuilder(
      page,
      'cricket',
      cricketPlayers,
      batters.map((p) => p.id),
    )
    expect(await page.getByTestId('selected-count').textContent()).toBe('4/11')
    const spent = [keepers[0], ...batters].reduce((sum, p) => sum + (p?.value ?? 0), 0)
    expect(await page.getByTestId('credits-left').textContent()).toBe(String(100 - spent))
    await page.getByTestId('next').click()
    const problems = page.getByTestId('team-problems')
    await problems.waitFor()
    expect(await problems.textContent()).toContain('Your team needs exactly 11 players; it has 4.')
    expect(await problems.textContent()).toMatch(/at least 2 bowlers/)
    expect(await page.getByTestId('requirements').locator('[data-met="false"]').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('captain-list').count()).toBe(0)
    await world.shot('builder-invalid')
    await page.getByRole('dialog', { name: 'Team rules' }).getByRole('button', { name: 'OK' }).click()
    await problems.waitFor({ state: 'detached' })

    // Reset clears it all, then a valid XI.
    await page.getByTestId('reset-team').click()
    expect(await page.getByTestId('selected-count').textContent()).toBe('0/11')
    const pick = validPick('cricket', cricketPlayers, 'journey')
    await pickInBuilder(page, 'cricket', cricketPlayers, pick.player_ids)
    expect(await page.getByTestId('selected-count').textContent()).toBe('11/11')
    expect(await page.getByTestId('requirements').locator('[data-met="false"]').count()).toBe(0)
    await page.getByTestId('preview').click()
    const rows = page.getByTestId('team-preview').getByTestId('pitch-row')
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-size')))).toEqual([
      '4',
      '3',
      '4',
    ])
    await world.shot('builder-preview')
    await page.getByTestId('team-preview').getByRole('button', { name: 'Close' }).click()
    await world.shot('builder-valid')

    await page.getByTestId('next').click()
    await page.getByTestId('captain-list').waitFor()
    // Setting the vice-captain to the captain clears the captain (spec §4).
    const [a, b] = [pick.captain_id, pick.vice_captain_id]
    const rowOf = (id: number) => page.locator(`[data-testid="captain-row"][data-player-id="${id}"]`)
    await rowOf(a).getByTestId('pick-captain').click()
    await rowOf(a).getByTestId('pick-vice').click()
    expect(await rowOf(a).getByTestId('pick-captain').getAttribute('aria-pressed')).toBe('false')
    expect(await rowOf(a).getByTestId('pick-vice').getAttribute('aria-pressed')).toBe('true')
    await page.getByTestId('save-team').click()
    expect(await page.getByTestId('team-problems').textContent()).toContain('Choose a captain.')
    await page.getByRole('dialog', { name: 'Team rules' }).getByRole('button', { name: 'OK' }).click()
    await rowOf(b).getByTestId('pick-vice').click()
    await rowOf(a).getByTestId('pick-captain').click()
    await world.shot('builder-captain')

    // The server is the authority: its 422 messages are shown as they come.
    await page.route(`**/api/matches/${cricket.id}/user_teams`, async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { player_ids: string }
      const ids = body.player_ids.split(',')
      await route.continue({
        postData: JSON.stringify({ ...body, player_ids: [...ids.slice(0, 10), ids[0]].join(',') }),
      })
    })
    await page.getByTestId('save-team').click()
    const errors = page.getByTestId('save-errors')
    await errors.waitFor()
    expect(await errors.textContent()).toContain('picked more than once')
    expect(await errors.textContent()).toContain('Your team needs exactly 11 players; it has 10.')
    await page.unroute(`**/api/matches/${cricket.id}/user_teams`)

    await page.getByTestId('save-team').click()
    // Back where CREATE TEAM was pressed (after_user_team_create).
    await page.waitForURL(`**/matches/${cricket.id}/contests`)
    await page.getByTestId('my-teams').filter({ hasText: 'MY TEAMS (1)' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('after_user_team_create'))).toBeNull()
  })

  it('shows the Low Balance dialog when the entry fee is more than the balance', async () => {
    const { page } = world
    await card(mega.id).getByTestId('entry-button').click()
    const dialog = page.getByTestId('low-balance')
    await dialog.getByTestId('shortfall').waitFor()
    expect(await dialog.getByTestId('shortfall').textContent()).toBe(
      `You need ₹${mega.entry_fee} more to join ${mega.name}.`,
    )
    // The way out is adding the shortfall: a link to the add-cash page with the amount filled in.
    expect(await dialog.getByRole('link', { name: /^Add ₹/ }).getAttribute('href')).toBe(
      `/add-cash?amount=${Math.ceil(mega.entry_fee)}`,
    )
    await world.shot('low-balance', { fullPage: false })
    await dialog.getByRole('button', { name: 'Not now' }).click()
    await dialog.getByTestId('shortfall').waitFor({ state: 'detached' })
  })

  it('gets credit from the admin CLI: the balance updates live', async () => {
    const { page } = world
    const reloads = watchReloads(page)
    const result = await fanspole(world, cliHome, [
      'wallet',
      'credit',
      player.email,
      '--amount',
      '100',
      '--json',
    ])
    // No stored session: the admin command signs in as the default admin and says so.
    expect(result.stderr).toMatch(/^note: signed in to \S+ as the default admin \S+ \(FANSPOLE_ADMIN_EMAIL\)/)
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1)
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ wallet: { unused_balance: 100 } })
    await chip().filter({ hasText: '₹100' }).waitFor()
    reloads.stop()
    expect(reloads.documents).toEqual([])
  })

  it('joins the paid contest through the confirmation dialog', async () => {
    const { page } = world
    await card(mega.id).getByTestId('entry-button').click()
    const dialog = page.getByTestId('join-dialog')
    await dialog.getByTestId('join-balance').waitFor()
    expect(await dialog.getByTestId('join-balance').textContent()).toBe('Unused + Winning Balance = ₹100')
    expect(await dialog.getByTestId('to-pay').textContent()).toBe(`₹${mega.entry_fee}`)
    expect(await dialog.textContent()).toContain('Assam, Odisha, Telangana, Nagaland or Sikkim')
    await world.shot('join-dialog', { fullPage: false })
    await dialog.getByTestId('confirm-join').click()
    await page
      .getByTestId('snackbar')
      .filter({ hasText: `You joined ${mega.name} with Team 1.` })
      .waitFor()
    await card(mega.id).getByTestId('joined-line').waitFor()
    expect(await card(mega.id).getByTestId('spots-left').textContent()).toBe(
      `${(1000 - mega.members_count - 1).toLocaleString('en-IN')} spots left`,
    )
    await page.getByTestId('joined-contests').filter({ hasText: 'JOINED CONTESTS (1)' }).waitFor()
    await chip()
      .filter({ hasText: `₹${100 - mega.entry_fee}` })
      .waitFor()
    const mine = await api.get<{ my_contests: Contest[] }>(
      '/api/my_contests',
      await api.token(player.email, player.password),
    )
    expect(mine.body.my_contests.map((c) => c.id)).toEqual([mega.id])
  })

  it('edits the saved team: it loads valid with every rule met, and saves back', async () => {
    const { page } = world
    await page.getByTestId('my-teams').click()
    const dialog = page.getByTestId('my-teams-dialog')
    await dialog.getByTestId('team-card').waitFor()
    await world.shot('my-teams-dialog', { fullPage: false })
    await dialog.getByRole('button', { name: 'Edit' }).click()
    await page.waitForURL(new RegExp(`/matches/${cricket.id}/edit-team/\\d+$`))
    await page.getByTestId('player-list').waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Edit Team 1')
    expect(await page.getByTestId('selected-count').textContent()).toBe('11/11')
    expect(await page.getByTestId('requirements').locator('[data-met="false"]').count()).toBe(0)
    await world.shot('builder-edit')
    await page.getByTestId('next').click()
    await page.getByTestId('captain-list').waitFor()
    expect(await page.locator('[data-testid="pick-captain"][aria-pressed="true"]').count()).toBe(1)
    expect(await page.locator('[data-testid="pick-vice"][aria-pressed="true"]').count()).toBe(1)
    await page.getByTestId('save-team').click()
    // Back where Edit was pressed (after_user_team_update).
    await page.waitForURL(`**/matches/${cricket.id}/contests`)
    await page.getByTestId('snackbar').filter({ hasText: 'Team 1 saved.' }).waitFor()
  })

  it('sorts by the spec keys and keeps the two most recent filter choices', async () => {
    const { page } = world
    const fees = async () =>
      (await page.getByTestId('entry-button').allTextContents()).map((t) => t.replace(/[^\dA-Z]/g, ''))
    await page.getByTestId('sort-4').click()
    await page.waitForURL(/sort=4/)
    await page.getByTestId('sort-4').and(page.locator('[data-direction="-1"]')).waitFor()
    await expect.poll(async () => (await fees())[0]).toBe('100')
    await page.getByTestId('sort-4').click()
    await page.waitForURL(/sort=4&dir=1/)
    await expect.poll(async () => (await fees())[0]).toBe('FREE')
    await world.shot('sorted-by-entry')

    const applyFilters = async (names: string[]) => {
      await page.getByTestId('open-filters').click()
      const sheet = page.getByTestId('filter-sheet')
      await sheet.getByRole('button', { name: 'Clear' }).click()
      for (const name of names) await sheet.getByRole('button', { name, exact: true }).click()
      await sheet.getByTestId('apply-filters').click()
    }
    await applyFilters(['Free'])
    await page.waitForURL(/filters=1/)
    await expect.poll(fees).toEqual(['FREE'])
    await applyFilters(['Head to head'])
    await expect.poll(async () => (await fees()).length).toBe(2)
    await world.shot('filters')
    await applyFilters(['Guaranteed', 'Multi entry'])
    await page.waitForURL(/filters=9%2C10/)
    const recent = page.getByTestId('recent-filter')
    await expect.poll(() => recent.allTextContents()).toEqual(['Guaranteed + Multi entry', 'Head to head'])
    expect(await page.evaluate(() => localStorage.getItem('recent_contest_filters'))).toBe('[[9,10],[5]]')
    await recent.filter({ hasText: 'Head to head' }).click()
    await page.waitForURL(/filters=5/)
    await expect.poll(() => recent.allTextContents()).toEqual(['Head to head', 'Guaranteed + Multi entry'])
    await page.goto(`/matches/${cricket.id}/contests`)
    await expect.poll(() => recent.count()).toBe(2)
  })

  it('sends a player with no team to the builder and back to the contest to join', async () => {
    const { page } = world
    await page.goto(`/contests/${practice.id}`)
    await page.getByTestId('contest-page').waitFor()
    await card(practice.id).getByTestId('entry-button').click()
    await page.waitForURL(`**/matches/${football.id}/create-team`)
    expect(await page.evaluate(() => localStorage.getItem('after_user_team_create'))).toBe(
      `/contests/${practice.id}?join=${practice.id}`,
    )
    const players = (await api.get<{ players: ApiPlayer[] }>(`/api/matches/${football.id}/players`)).body
      .players
    const pick = validPick('football', players, 'detour')
    await page.getByTestId('player-list').waitFor()
    await pickInBuilder(page, 'football', players, pick.player_ids)
    await page.getByTestId('preview').click()
    const rows = page.getByTestId('team-preview').getByTestId('pitch-row')
    const sizes = (await rows.evaluateAll((els) =>
      els.map((e) => Number(e.getAttribute('data-size'))),
    )) as number[]
    expect(sizes).toHaveLength(4)
    expect(sizes[0]).toBe(1)
    await world.shot('builder-football-preview')
    await page.getByTestId('team-preview').getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('next').click()
    await captainsAndSave(page, pick)

    // Back on the contest, the join dialog opens by itself.
    await page.waitForURL(`**/contests/${practice.id}`)
    const dialog = page.getByTestId('join-dialog')
    await dialog.getByTestId('to-pay').waitFor()
    expect(await dialog.getByTestId('to-pay').textContent()).toBe('₹0')
    await dialog.getByTestId('confirm-join').click()
    await card(practice.id).getByTestId('joined-line').waitFor()
    await page.goto(`/contests/${practice.id}/squads`)
    await page.getByTestId('team-card').getByText('Joined', { exact: true }).waitFor()
    await world.shot('contest-squads')

    // Likes flip on the page and in every cached copy (spec §4).
    await page.getByTestId('like').click()
    await page.getByTestId('like').and(page.locator('[aria-pressed="true"]')).waitFor()
    expect(await page.getByTestId('likes-count').textContent()).toBe('1')
    // The card on the contest page is another copy, with its own like button (posts/likes.ts).
    expect(await card(practice.id).getByTestId('card-likes-count').textContent()).toBe('1')
    expect(await card(practice.id).getByTestId('card-like').getAttribute('aria-pressed')).toBe('true')
    await page.getByTestId('like').click()
    await page.getByTestId('like').and(page.locator('[aria-pressed="false"]')).waitFor()
    expect(await page.getByTestId('likes-count').textContent()).toBe('0')
    expect(await card(practice.id).getByTestId('card-likes-count').textContent()).toBe('0')
  })

  it('keeps other teams hidden before the start: compare says why', async () => {
    const { page } = world
    await page.goto(`/contests/${practice.id}/compare`)
    await page.getByText("Other players' teams are visible once the match starts").waitFor()
    const members = await api.get<{ members: Array<{ id: number; is_current_user: boolean }> }>(
      `/api/contests/${practice.id}/members`,
      await api.token(player.email, player.password),
    )
    const someone = members.body.members.find((m) => !m.is_current_user)
    await page.goto(`/contests/${practice.id}/compare/member?member_id=${someone?.id ?? 1}`)
    await page.getByText('Other players’ teams are visible once the match starts').waitFor()
    await world.shot('compare-before-start')
  })

  it('shows the leaderboard moving with every ball, without a reload', async () => {
    const { page } = world
    await page.goto(`/contests/${mega.id}/members`)
    await page.getByTestId('leaderboard').waitFor()
    await page.getByText('Teams and points are revealed when the match starts.').waitFor()
    await world.shot('contest-members-before')

    const reloads = watchReloads(page)
    await playLiveUntilMineScores(page, api, adminToken, cricket.id)
    // From here on the board moves by pushes alone: no reload, and no refetch of the members.
    const fetched = watchReloads(page)
    const first = await page.getByTestId('board').textContent()
    await expect.poll(() => page.getByTestId('board').textContent(), { timeout: 10_000 }).not.toBe(first)
    fetched.stop()
    expect(fetched.requests.filter((r) => r.endsWith('/members'))).toEqual([])
    expect(await page.getByTestId('my-entries').getByTestId('row-rank').textContent()).toMatch(/^#\d+$/)
    // A screen reader hears the moves of the player's own rank, politely (docs/accessibility.md).
    const rankSaid = page.getByTestId('rank-announcer')
    expect(await rankSaid.getAttribute('aria-live')).toBe('polite')
    await expect
      .poll(() => rankSaid.textContent(), { timeout: 20_000 })
      .toMatch(/^(Your rank|Team \d+ rank): \d+( \((up|down) \d+\))?, [\d,.]+ points\./)
    await world.shot('contest-members-live')
    reloads.stop()
    expect(reloads.documents).toEqual([])
  })

  it('shows the statistics page moving without a reload', async () => {
    const { page } = world
    await page.goto(`/matches/${cricket.id}/statistics`)
    await page.getByTestId('scoreboard').waitFor()
    await page.getByTestId('live-indicator').and(page.locator('[data-connected="true"]')).waitFor()
    const reloads = watchReloads(page)
    const score = page.getByTestId('scoreboard')
    await score.locator('[data-testid^="innings-"]').first().waitFor({ timeout: 10_000 })
    const before = await score.textContent()
    await expect.poll(() => score.textContent(), { timeout: 10_000 }).not.toBe(before)
    // And says the score line politely after each ball.
    const scoreSaid = page.getByTestId('score-announcer')
    expect(await scoreSaid.getAttribute('aria-live')).toBe('polite')
    const line = /^\S+ \d+ for \d+, [\d.]+ overs?\.$/
    await expect.poll(() => scoreSaid.textContent()).toMatch(line)
    const said = await scoreSaid.textContent()
    await expect.poll(() => scoreSaid.textContent(), { timeout: 10_000 }).not.toBe(said)
    const top = page.getByTestId('player-points').getByTestId('points').first()
    await expect.poll(async () => Number(await top.textContent()), { timeout: 10_000 }).toBeGreaterThan(0)
    reloads.stop()
    expect(reloads.documents).toEqual([])
    // The score and the points came over /cable, not from fetching the statistics again.
    expect(reloads.requests.filter((r) => r.endsWith('/statistics'))).toEqual([])
    // Opening a player fetches the breakdown (pushes carry only totals).
    await page.getByTestId('player-points').getByRole('button').first().click()
    await page.getByTestId('player-points').locator('table').first().waitFor()
    await world.shot('statistics-live')
  })

  it('compares teams once the match has started', async () => {
    const { page } = world
    await page.goto(`/contests/${mega.id}/compare`)
    await page.getByTestId('compare-member').first().click()
    await page.waitForURL(/compare\/member\?member_id=\d+/)
    laterUrls.compare = new URL(page.url()).pathname + new URL(page.url()).search
    await page.getByTestId('compare').getByTestId('common-players').waitFor()
    expect(await page.getByTestId('side-points').count()).toBe(2)
    const diff = page.getByTestId('diff-players')
    expect(await diff.textContent()).toContain('Only yours')
    await world.shot('compare-member')
  })

  it('views my team on the pitch with live points, and a player of it', async () => {
    const { page } = world
    const token = await api.token(player.email, player.password)
    const teams = await api.get<{ user_teams: Array<{ id: number }> }>(
      `/api/matches/${cricket.id}/user_teams`,
      token,
    )
    const teamId = teams.body.user_teams[0]?.id as number
    await page.goto(`/matches/${cricket.id}/viewteam/${teamId}`)
    await page.getByTestId('team-total').waitFor()
    const rows = page.getByTestId('pitch').getByTestId('pitch-row')
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-size')))).toEqual([
      '4',
      '3',
      '4',
    ])
    expect(await page.getByTestId('pitch').getByText('C', { exact: true }).count()).toBe(1)
    expect(await page.getByTestId('pitch').getByText('VC', { exact: true }).count()).toBe(1)
    await world.shot('view-team')
    // The captain: a lineup player with points and a 2× multiplier.
    await page
      .getByTestId('pitch-player')
      .filter({ has: page.getByText('C', { exact: true }) })
      .click()
    await page.waitForURL(/\/teams\/\d+\/players\/\d+\?match=/)
    laterUrls.player = new URL(page.url()).pathname + new URL(page.url()).search
    await page.getByTestId('team-player').waitFor()
    expect(await page.getByTestId('team-player').textContent()).toContain('Captain (2×)')
    await world.shot('team-player')
  })

  it('settles the match and the prize lands in winnings', async () => {
    const { page } = world
    await page.goto('/my-contests?type=live')
    await page.getByTestId('my-contest').first().waitFor()
    await world.shot('my-contests-live')
    // The rest of the match in one jump: every ball it passes is played, then it settles.
    expect((await api.post('/api/admin/clock', { advance_ms: 6 * 3600_000 }, adminToken)).status).toBe(200)
    const match = await api.get<{ match: { match_status: string } }>(`/api/matches/${cricket.id}`)
    expect(match.body.match.match_status).toBe('completed')
    await expect
      .poll(async () => (await chip().textContent())?.replace(/[^\d.]/g, ''))
      .not.toBe(String(100 - mega.entry_fee))
    await page.goto('/profile')
    const winnings = page.getByTestId('winning-balance')
    await winnings.waitFor()
    const won = await winnings.textContent()
    expect(won).toMatch(/^₹[\d,.]+$/)
    expect(won).not.toBe('₹0')
    // The mega contest is the only one with a prize: its prize is all of the winnings.
    await page.goto('/my-contests?type=finished')
    const prize = page
      .locator(`[data-testid="my-contest"][data-contest-id="${mega.id}"]`)
      .getByTestId('my-prize')
    await prize.waitFor()
    expect(await prize.textContent()).toBe(won)
    await world.shot('my-contests-finished')
  })

  it('lays every new page out on a laptop screen', async () => {
    const { page } = world
    await page.setViewportSize({ width: 1280, height: 800 })
    const token = await api.token(player.email, player.password)
    const teams = await api.get<{ user_teams: Array<{ id: number }> }>(
      `/api/matches/${cricket.id}/user_teams`,
      token,
    )
    // A match still open for teams (the clock has moved on by hours).
    const open = (
      await api.get<{ matches: Match[] }>('/api/matches?sport_slug=cricket&status=upcoming&per_page=1')
    ).body.matches[0] as Match
    const pages: Array<[string, string, string]> = [
      ['/contests', 'contests-home', 'upcoming-matches'],
      ['/popular/contests', 'popular-contests', 'contest-list'],
      ['/cricket/contests', 'cricket-contests', 'contest-list'],
      ['/pubg/contests', 'pubg-contests', 'contest-list'],
      [`/matches/${football.id}/contests`, 'match-contests', 'match-contests'],
      [`/matches/${open.id}/create-team`, 'builder-empty', 'player-list'],
      [`/series/${open.series.id}/contests`, 'series-contests', 'contest-list'],
      [`/contests/${mega.id}/members`, 'contest-members-final', 'board'],
      [`/contests/${mega.id}/prizes`, 'contest-prizes', 'prize-table'],
      [`/contests/${mega.id}/info`, 'contest-info', 'contest-info'],
      [`/contests/${mega.id}/squads`, 'contest-squads', 'team-card'],
      [`/matches/${cricket.id}/statistics`, 'statistics-final', 'player-points'],
      [`/matches/${cricket.id}/viewteam/${teams.body.user_teams[0]?.id}`, 'view-team', 'pitch'],
      [`/contests/${mega.id}/compare`, 'compare-picker', 'compare-member'],
      [laterUrls.compare, 'compare-member', 'compare'],
      [laterUrls.player, 'team-player', 'team-player'],
      ['/my-contests?type=finished', 'my-contests-finished', 'my-contest'],
    ]
    // Long lists are shot as the screen shows them; a full-page PNG of them costs seconds.
    const long = new Set([
      'contests-home',
      'popular-contests',
      'cricket-contests',
      'pubg-contests',
      'series-contests',
      'statistics-final',
    ])
    for (const [url, name, testId] of pages) {
      await page.goto(url)
      await page.getByTestId(testId).first().waitFor()
      await world.shot(name, { fullPage: !long.has(name) })
    }
    await page.setViewportSize({ width: 390, height: 844 })
    const phoneToo = [
      'series-contests',
      'compare-picker',
      'popular-contests',
      'cricket-contests',
      'pubg-contests',
      'contest-prizes',
      'contest-info',
    ]
    for (const [url, name, testId] of pages.filter(([, n]) => n.endsWith('-final') || phoneToo.includes(n))) {
      await page.goto(url)
      await page.getByTestId(testId).first().waitFor()
      await world.shot(name, { fullPage: !long.has(name) })
    }
  })

  it('logged no errors in the browser', () => {
    expect(world.problems).toEqual([])
  })
})
