import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatClock, formatDateTime } from '../../../web/src/lib/format'
import { makeUser } from '../../helpers/deps'
import { type E2eWorld, secondBrowser, startE2eWorld } from '../browser'
import { apiClient, signInBrowser, type Tokens } from '../league'

/**
 * One time zone per reader: the same passbook row and chat message read in India and in New
 * York, in two browsers at once, each in its own zone (the passbook row with the zone's name);
 * chat no longer shows the server's India time to everyone.
 */
const player = {
  email: 'zones.player@example.test',
  username: 'zones_player',
  password: 'zones-player-pass-1',
}

let world: E2eWorld
let india: Page
let newYork: Page
let closeNewYork: () => Promise<void>
let tokens: Tokens
let api: ReturnType<typeof apiClient>

beforeAll(async () => {
  world = await startE2eWorld()
  api = apiClient(world)
  tokens = await api.signUp(player)
  const me = (await api.get<{ user: { id: number } }>('/api/me', tokens.access_token)).body.user
  const admin = await makeUser(world.server.deps, { role: 'admin' })
  const adminToken = await api.token(admin.email, admin.password)
  const credit = await api.post('/api/admin/wallet/credits', { user_id: me.id, amount: 250 }, adminToken)
  expect(credit.status).toBe(201)
  india = world.page
  await signInBrowser(world.browser, world.server.url, tokens)
  const other = await secondBrowser(world, 'new-york', { timezoneId: 'America/New_York' })
  newYork = other.page
  closeNewYork = () => other.browser.close()
  await signInBrowser(other.browser, world.server.url, tokens)
}, 240_000)
afterAll(async () => {
  await closeNewYork?.()
  await world?.close()
})

const firstText = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).first().innerText()).trim()

describe('times in the browser’s zone', () => {
  it('shows a passbook row in each reader’s zone, naming it', async () => {
    const book = await api.get<{ passbook_entries: Array<{ created_at_in_millis: number }> }>(
      '/api/me/unused_passbook',
      tokens.access_token,
    )
    const at = book.body.passbook_entries[0]?.created_at_in_millis as number
    expect(at).toBeGreaterThan(0)
    const rowTime = (page: Page) => page.getByTestId('passbook-entry').first().locator('time').innerText()
    await Promise.all([india.goto('/wallet/unused-passbook'), newYork.goto('/wallet/unused-passbook')])
    await Promise.all([
      india.getByTestId('passbook-entry').first().waitFor(),
      newYork.getByTestId('passbook-entry').first().waitFor(),
    ])
    const inIndia = await rowTime(india)
    const inNewYork = await rowTime(newYork)
    expect(inIndia).toBe(formatDateTime(at, { timeZone: 'Asia/Kolkata', nowMs: at }))
    expect(inIndia).toMatch(/ IST$/)
    expect(inNewYork).toBe(formatDateTime(at, { timeZone: 'America/New_York', nowMs: at }))
    expect(inNewYork).toMatch(/ GMT-[45]$/)
  })

  it('shows a chat message’s time in each reader’s zone', async () => {
    const group = await api.post<{ group: { group_uuid_id: string } }>(
      '/api/groups',
      { name: 'Zone check' },
      tokens.access_token,
    )
    expect(group.status).toBe(201)
    const uuid = group.body.group.group_uuid_id
    const sent = await api.post<{ message: { created_at_in_millis: number } }>(
      `/api/groups/${uuid}/messages`,
      { identifier_key: 'zones-1', message: 'Toss at half past', message_type: 'text_message' },
      tokens.access_token,
    )
    expect(sent.status).toBe(201)
    const at = sent.body.message.created_at_in_millis
    await Promise.all([india.goto(`/groups/${uuid}`), newYork.goto(`/groups/${uuid}`)])
    await Promise.all([
      india.getByTestId('message-time').first().waitFor(),
      newYork.getByTestId('message-time').first().waitFor(),
    ])
    expect(await firstText(india, 'message-time')).toBe(formatClock(at, { timeZone: 'Asia/Kolkata' }))
    expect(await firstText(newYork, 'message-time')).toBe(formatClock(at, { timeZone: 'America/New_York' }))
    expect(await firstText(india, 'message-time')).not.toBe(await firstText(newYork, 'message-time'))
  })
})
