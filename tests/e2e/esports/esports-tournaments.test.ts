import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afterLobbyResults } from '../../../server/areas/esports/tournament-results'
import { withTx } from '../../../server/db/tx'
import { squadPoints } from '../../../server/domain/esports/rules'
import { insertVerifiedAccount } from '../../helpers/esports-fixture'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * PUBG tournaments in Chromium (docs/esports.md): the empty slots page; a player
 * without a game account is told which one to add; with one, registers a squad (a taken name
 * answered under the field); the round is seeded and played, and the slots page shows the
 * lobbies with points, ranks and who qualified — at 390 and 1280 px.
 */
const player = { email: 'cup.player@example.test', username: 'cup_player', password: 'cup-player-pass-1' }
const HOUR = 3_600_000

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let adminToken: string
let playerId: number
let characters = 40_000_000

async function account(userId: number) {
  await insertVerifiedAccount(world.server.deps.db, userId, 'pubg', 30, {
    in_game_name: `ign_${userId}`,
    character_id: String(++characters),
    at_ms: world.server.deps.clock.now(),
  })
}

async function otherPlayer(n: number) {
  const u = { email: `cup.rival${n}@example.test`, username: `cup_rival${n}`, password: 'cup-rival-pass-1' }
  const made = await api.post<{ user: { id: number } }>('/api/users', { ...u, full_name: u.username })
  expect(made.status).toBe(201)
  const row = await world.server.deps.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', u.username)
    .executeTakeFirstOrThrow()
  await account(row.id)
  return api.token(u.email, u.password)
}

async function enterLobby(contestId: number) {
  await withTx(world.server.deps, async (tx, after) => {
    const squads = await tx
      .selectFrom('esports_squads')
      .select('id')
      .where('contest_id', '=', contestId)
      .orderBy('slot_no')
      .execute()
    for (const [i, s] of squads.entries())
      await tx
        .updateTable('esports_squads')
        .set({ placement: i + 1, kills: 3 - i, points: squadPoints('pubg', i + 1, 3 - i) })
        .where('id', '=', s.id)
        .execute()
    await tx
      .updateTable('esports_contests')
      .set({ results_version: 1, status: 'completed' })
      .where('id', '=', contestId)
      .execute()
    await afterLobbyResults(tx, after, world.server.deps, contestId)
  })
}

async function bothWidths(name: string) {
  await world.shot(name)
  await page.setViewportSize({ width: 1280, height: 900 })
  await world.shot(name)
  await page.setViewportSize({ width: 390, height: 844 })
}

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  api = apiClient(world)
  adminToken = await api.adminToken()
  expect((await api.post('/api/users', { ...player, full_name: player.username })).status).toBe(201)
  playerId = (
    await world.server.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', player.username)
      .executeTakeFirstOrThrow()
  ).id
  await signInBrowser(world.browser, world.server.url, await api.signIn(player.email, player.password))
})
afterAll(async () => {
  await world?.close()
})

describe('PUBG tournaments in a browser', () => {
  it('registers a squad, then shows the seeded and played round’s slots', async () => {
    await page.goto('/pubg-rounds/slots')
    await page.getByText('No tournament is being played right now').waitFor()
    await world.shot('esports-tournaments-slots-empty')

    const now = world.server.deps.clock.now()
    const made = await api.post<{ esports_tournament: { id: number; rounds: Array<{ id: number }> } }>(
      '/api/esports/tournaments',
      {
        name: 'Sanhok Showdown',
        mode: 'solo',
        squads_limit: 8,
        registration_closes_at: now + HOUR,
        rounds: [
          { lobby_size: 4, qualify_rule: 'top_per_lobby', qualify_count: 2, starts_at: now + 2 * HOUR },
          {
            name: 'Grand final',
            lobby_size: 4,
            qualify_rule: 'top_overall',
            qualify_count: 0,
            starts_at: now + 3 * HOUR,
          },
        ],
      },
      adminToken,
    )
    expect(made.status).toBe(201)
    const t = made.body.esports_tournament
    const rivalTokens = []
    for (let i = 1; i <= 5; i++) rivalTokens.push(await otherPlayer(i))
    expect(
      (await api.post(`/api/esports/tournaments/${t.id}/squads`, { name: 'Alpha' }, rivalTokens[0])).status,
    ).toBe(201)

    await page.goto('/pubg/tournaments')
    await page.getByTestId('tournament-card').first().waitFor()
    expect(await page.getByTestId('tournament-list').textContent()).toContain('Sanhok Showdown')
    await bothWidths('esports-tournaments-list')
    await page.getByText('Sanhok Showdown').click()
    await page.getByTestId('register-form').waitFor()

    // No PUBG account yet: told which account to add, with a link to settings.
    const form = page.getByTestId('register-form')
    await form.getByLabel('Register a new squad').fill('Night Owls')
    await page.getByTestId('register-squad').click()
    await page.locator('#main').getByRole('alert').filter({ hasText: 'verified PUBG game account' }).waitFor()
    // The message names Settings › Game accounts; the card is on /profile/settings.
    expect(await page.getByRole('link', { name: 'Add it' }).getAttribute('href')).toBe('/profile/settings')

    await account(playerId)
    await form.getByLabel('Register a new squad').fill('alpha')
    await page.getByTestId('register-squad').click()
    await page.getByText('is already taken in this tournament').waitFor()
    await form.getByLabel('Register a new squad').fill('Night Owls')
    await page.getByTestId('register-squad').click()
    await page.getByTestId('my-squad').waitFor()
    expect(await page.getByTestId('my-squad').textContent()).toContain('Your squad: Night Owls')
    await bothWidths('esports-tournaments-registered')

    for (const [i, token] of rivalTokens.slice(1).entries())
      expect(
        (await api.post(`/api/esports/tournaments/${t.id}/squads`, { name: `Rival ${i}` }, token)).status,
      ).toBe(201)
    const seeded = await api.post<{ round: { lobbies: Array<{ contest_id: number }> } }>(
      `/api/esports/rounds/${t.rounds[0]?.id}/seed`,
      {},
      adminToken,
    )
    expect(seeded.status).toBe(200)
    expect(seeded.body.round.lobbies).toHaveLength(2)

    // The current round without an id: two lobbies of 3, links to the lobby contests.
    await page.goto('/pubg-rounds/slots')
    await page.getByTestId('lobby').nth(1).waitFor()
    expect(await page.getByTestId('slot').count()).toBe(6)
    expect(
      await page.locator(`a[href="/contests/${seeded.body.round.lobbies[0]?.contest_id}"]`).count(),
    ).toBe(1)

    // Standings live: the tournament page stays open while the lobbies' results come in; the
    // final's lobby appears and the standings fill without a reload.
    await page.goto(`/pubg/tournaments/${t.id}`)
    await page.getByTestId('standings').locator('tbody tr').first().waitFor()
    expect(await page.getByTestId('lobby-link').count()).toBe(2)
    await page.waitForTimeout(500)
    const reloads: string[] = []
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloads.push(f.url())
    })
    for (const lobby of seeded.body.round.lobbies) await enterLobby(lobby.contest_id)
    await expect.poll(() => page.getByTestId('lobby-link').count(), { timeout: 15_000 }).toBe(3)
    expect(reloads).toEqual([])
    page.removeAllListeners('framenavigated')

    // A lobby's contest page links back to its tournament.
    await page.goto(`/contests/${seeded.body.round.lobbies[0]?.contest_id}`)
    await expect
      .poll(() => page.getByTestId('tournament-link').getAttribute('href'))
      .toBe(`/pubg/tournaments/${t.id}`)

    await page.goto(`/pubg-rounds/${t.rounds[0]?.id}/slots`)
    await page.getByText('Qualified').first().waitFor()
    expect(await page.getByText('Qualified').count()).toBe(4)
    await bothWidths('esports-tournaments-slots')

    await page.goto(`/pubg/tournaments/${t.id}`)
    await page.getByTestId('standings').locator('tbody tr').first().waitFor()
    expect(await page.getByTestId('round').nth(1).textContent()).toContain('Grand final')
    expect(await page.getByTestId('lobby-link').count()).toBe(3)
    await bothWidths('esports-tournaments-detail')

    await page.goto('/pubg-rounds/99999/slots')
    await page.getByText('There is no such round.').waitFor()
    expect(world.problems).toEqual([])
  })
})
