import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../../helpers/deps'
import { type E2eWorld, SHOTS_DIR, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * Game accounts, in Chromium: on Settings a player adds a PUBG account (a bad
 * character id first: the 422 shows under the field; another player's id: the same), sees it
 * pending, an admin rejects it with a reason that the card shows, the player fixes it and it
 * is pending again; the admin verifies it and the badge says so. At 390 and 1280 px.
 */
const player = { email: 'pubg.asha@example.test', username: 'pubg_asha', password: 'chicken-dinner-2026' }

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let adminToken: string

async function shotBoth(name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(50)
    await page.screenshot({ path: `${SHOTS_DIR}/esports-accounts-${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 390, height: 900 })
}

const row = (slug: string) => page.getByTestId(`game-account-${slug}`)

beforeAll(async () => {
  world = await startE2eWorld()
  page = world.page
  await page.setViewportSize({ width: 390, height: 900 })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  api = apiClient(world)
  const admin = await makeUser(world.server.deps, { role: 'admin' })
  adminToken = await api.token(admin.email, admin.password)
  const created = await api.post('/api/users', player)
  expect(created.status).toBe(201)
  await signInBrowser(world.browser, world.server.url, await api.signIn(player.email, player.password))
  // Someone else already holds this PUBG character id.
  const other = { email: 'pubg.other@example.test', username: 'pubg_other', password: 'chicken-dinner-2027' }
  await api.post('/api/users', other)
  const otherToken = await api.token(other.email, other.password)
  const taken = await api.post(
    '/api/game_accounts',
    { slug: 'pubg', in_game_name: 'Taken', character_id: '5550001111', game_level: 20 },
    otherToken,
  )
  expect(taken.status).toBe(201)
}, 120_000)
afterAll(() => world?.close())

async function pendingId(): Promise<number> {
  const queue = await api.get<{ game_accounts: Array<{ id: number; user: { username: string } }> }>(
    '/api/admin/game_accounts',
    adminToken,
  )
  const mine = queue.body.game_accounts.find((a) => a.user.username === player.username)
  if (!mine) throw new Error('no pending account of the player')
  return mine.id
}

describe('game accounts on settings', () => {
  it('adds, shows 422s under the fields, shows a rejection and its fix, then the verified badge', async () => {
    await page.goto('/profile/settings')
    const card = page.getByTestId('game-accounts')
    await card.getByText('Game accounts').waitFor()
    // The card's heading shows before its accounts load: wait for the row, do not glance at it.
    await row('pubg').getByText('No PUBG account yet.').waitFor()
    await card.scrollIntoViewIfNeeded()
    await shotBoth('empty')

    await row('pubg').getByRole('button', { name: 'Add PUBG account' }).click()
    const form = row('pubg').getByRole('form', { name: 'PUBG account' })
    await form.getByLabel('In-game name').fill('A')
    await form.getByLabel('Character id').fill('12ab')
    await form.getByLabel('Level').fill('101')
    await form.getByRole('button', { name: 'Add account' }).click()
    await form.getByText('must be 5 to 20 digits').waitFor()
    await expect(form.getByText('must be 2 to 24 characters').isVisible()).resolves.toBe(true)
    await expect(form.getByText('must be a whole number from 1 to 100').isVisible()).resolves.toBe(true)
    await shotBoth('errors')

    await form.getByLabel('In-game name').fill('AshaSniper')
    await form.getByLabel('Character id').fill('5550001111')
    await form.getByLabel('Level').fill('42')
    await form.getByRole('button', { name: 'Add account' }).click()
    await form.getByText('is already used by another account for this game').waitFor()

    await form.getByLabel('Character id').fill('5123456789')
    await form.getByRole('button', { name: 'Add account' }).click()
    await row('pubg').getByTestId('game-account-status').getByText('pending').waitFor()
    await expect(row('pubg').getByText('AshaSniper · id 5123456789 · level 42').isVisible()).resolves.toBe(
      true,
    )

    const id = await pendingId()
    const rejected = await api.post(
      `/api/admin/game_accounts/${id}/reject`,
      { reason: 'The level on your screenshot is 24' },
      adminToken,
    )
    expect(rejected.status).toBe(200)
    await page.reload()
    await row('pubg').getByTestId('game-account-status').getByText('rejected').waitFor()
    await row('pubg').getByText('Not verified: The level on your screenshot is 24').waitFor()
    await shotBoth('rejected')

    await row('pubg').getByRole('button', { name: 'Edit' }).click()
    const edit = row('pubg').getByRole('form', { name: 'PUBG account' })
    await edit.getByLabel('Level').fill('24')
    await edit.getByRole('button', { name: 'Save' }).click()
    await row('pubg').getByTestId('game-account-status').getByText('pending').waitFor()

    expect((await api.post(`/api/admin/game_accounts/${id}/verify`, {}, adminToken)).status).toBe(200)
    await page.reload()
    await row('pubg').getByTestId('game-account-status').getByText('verified').waitFor()
    await expect(
      row('free-fire').getByRole('button', { name: 'Add Free Fire account' }).isVisible(),
    ).resolves.toBe(true)
    await shotBoth('verified')
    expect(world.problems).toEqual([])
  })
})
