import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertVerifiedAccount } from '../../helpers/esports-fixture'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * Esports contests (docs/esports.md, "Creating a contest, and who may host"): a
 * player with a verified PUBG account hosts a free squad room on the web and lands on its
 * page; a player without an account is sent to the requirement page, which says what is
 * missing; the room shows up in the custom rooms of /pubg/contests.
 */
let world: E2eWorld
let api: ReturnType<typeof apiClient>

interface Player {
  id: number
  email: string
  password: string
}

async function signUp(username: string): Promise<Player> {
  const email = `${username}@example.test`
  const password = 'esports-host-9'
  const created = await api.post('/api/users', { email, username, password, full_name: 'Room Host' })
  expect(created.status).toBe(201)
  const token = await api.token(email, password)
  const me = await api.get<{ user: { id: number } }>('/api/me', token)
  return { id: me.body.user.id, email, password }
}

async function signIn(p: Player) {
  await world.browser.clearCookies()
  await signInBrowser(world.browser, world.server.url, await api.signIn(p.email, p.password))
}

async function verifiedPubg(p: Player) {
  await insertVerifiedAccount(world.server.deps.db, p.id, 'pubg', 42, {
    in_game_name: 'HostGuy',
    character_id: `77700${p.id}`,
    at_ms: world.server.deps.clock.now(),
  })
}

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  await world.page.emulateMedia({ reducedMotion: 'reduce' })
  api = apiClient(world)
}, 240_000)
afterAll(() => world?.close())

describe('hosting an esports contest on the web', () => {
  it('a player with a verified PUBG account creates a squad room', async () => {
    const { page } = world
    const host = await signUp('roomhost')
    await verifiedPubg(host)
    await signIn(host)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/contests/create/pubg')
      await page.getByTestId('esports-create-form').waitFor()
      await world.shot('esports-create-form')
    }
    await page.setViewportSize({ width: 390, height: 844 })
    // A bad name first: the server's 422 shows under the field.
    await page.getByTestId('esports-name').fill('ab')
    await page.getByTestId('esports-create-submit').click()
    await page.getByText('must be 3 to 60 characters').waitFor()
    await world.shot('esports-create-error')
    await page.getByTestId('esports-name').fill('Web Squads')
    await page.getByTestId('esports-slots').fill('12')
    await page.getByTestId('esports-starts-in').fill('90')
    await page.getByTestId('esports-create-submit').click()
    await page.waitForURL(/\/contests\/\d{7}$/)
    const id = Number(/\/contests\/(\d+)$/.exec(page.url())?.[1])
    expect(id).toBeGreaterThan(1_000_000)
    const row = await world.server.deps.db
      .selectFrom('esports_contests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: 'Web Squads',
      mode: 'squad',
      slots: 12,
      is_private: 1,
      host_id: host.id,
    })

    // Public rooms are listed under "Custom rooms" of /pubg/contests (a private one only for its host).
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/pubg/contests')
      await page.getByTestId('custom-room').first().waitFor()
      await world.shot('esports-create-custom-rooms')
    }
    expect(await page.getByTestId('custom-room').first().textContent()).toContain('Web Squads')
    // The tournaments are one click away from the rooms.
    await page.getByTestId('tournaments-link').click()
    await page.waitForURL('**/pubg/tournaments')
    await page.getByRole('heading', { name: 'PUBG tournaments' }).waitFor()
  })

  it('one lacking a game account sees what is missing, and can ask the admins', async () => {
    const { page } = world
    const newbie = await signUp('roomnewbie')
    await signIn(newbie)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/contests/create/pubg')
    await page.getByTestId('esports-access-missing').waitFor()
    await page.getByRole('link', { name: 'What is needed' }).click()
    await page.getByTestId('esports-requirement-page').waitFor()
    const account = page.locator('[data-key="game_account_verified"]')
    expect(await account.getAttribute('data-met')).toBe('false')
    expect(await account.textContent()).toContain('Add your PUBG game account')
    expect(await account.locator('a').getAttribute('href')).toBe('/profile/settings')
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await world.shot('esports-create-requirement')
    }
    await page.goto('/contests/create/pubg-get-access')
    await page.getByTestId('request-access').click()
    await page.locator('[data-testid="access-state"][data-state="sent"]').waitFor()
    await world.shot('esports-create-get-access')
    await page.reload()
    await page.getByTestId('request-access').click()
    await page.locator('[data-testid="access-state"][data-state="recent"]').waitFor()

    await page.goto('/contests/rules/free-fire')
    await page.getByTestId('esports-rules').waitFor()
    expect(await page.getByTestId('esports-modes').textContent()).toContain('2–12')
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await world.shot('esports-create-rules')
    }
  })

  it('the help pages give each game its own points, modes and dispute window (rules.ts)', async () => {
    const { page } = world
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/help/free-fire-rules')
    await page.getByTestId('help-article').waitFor()
    const article = page.getByTestId('help-article')
    // Free Fire's own table: 12 for 1st, nothing from 11th.
    expect(await article.getByRole('row', { name: /^1st 12$/ }).count()).toBe(1)
    expect(await article.getByRole('row', { name: /^11th and lower 0$/ }).count()).toBe(1)
    expect(await article.textContent()).toContain('squad (4, up to 12 squads)')
    expect(await article.textContent()).toContain('within 24 hours of the results')
    await world.shot('esports-help-free-fire')
    await page.goto('/help/pubg-rules')
    await page.getByTestId('help-article').waitFor()
    expect(await article.getByRole('row', { name: /^8th to 12th 1$/ }).count()).toBe(1)
    expect(await article.getByRole('link', { name: 'Settings › Game accounts' }).getAttribute('href')).toBe(
      '/profile/settings',
    )
  })

  it('logged no errors in the browser', () => {
    expect(world.problems).toEqual([])
  })
})
