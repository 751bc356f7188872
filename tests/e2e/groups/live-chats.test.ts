import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, signInBrowser, watchReloads } from '../league'

/**
 * The chat list and a chat's header follow what others do, without a reload: Ravi (over the
 * API, as a second browser would) starts a one-to-one with Asha and writes to her — the row
 * appears with its preview and an unread badge that counts up, and clears once she has read
 * it; Ravi joins and leaves Asha's group — the header's member count follows.
 */
const asha = { email: 'asha.livechat@example.test', username: 'asha_livechat', password: 'helicopter-7-asha' }
const ravi = { email: 'ravi.livechat@example.test', username: 'ravi_livechat', password: 'helicopter-7-ravi' }
type Player = typeof asha & { slug: string; token: string; refresh: string }

let world: E2eWorld
let page: Page
const players: Record<string, Player> = {}
const p = (u: { username: string }) => players[u.username] as Player

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${world.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(res.status, `${method} ${path}`).toBeLessThan(300)
  return (await res.json()) as Record<string, Record<string, string>>
}
let n = 0
const say = (uuid: string, u: Player, message: string) =>
  call('POST', `/api/groups/${uuid}/messages`, u.token, { identifier_key: `live-${++n}`, message })
const row = (uuid: string) => page.locator(`[data-testid="group-row"][data-uuid="${uuid}"]`)
const text = async (locator: ReturnType<Page['locator']>) => (await locator.textContent())?.trim()

beforeAll(async () => {
  world = await startE2eWorld()
  page = world.page
  const api = apiClient(world)
  for (const u of [asha, ravi]) {
    const tokens = await api.signUp(u)
    const me = (await api.get<{ user: { slug: string } }>('/api/me', tokens.access_token)).body.user
    players[u.username] = { ...u, slug: me.slug, token: tokens.access_token, refresh: tokens.refresh_token }
  }
  await signInBrowser(world.browser, world.server.url, {
    access_token: p(asha).token,
    refresh_token: p(asha).refresh,
  })
}, 180_000)
afterAll(async () => {
  await world?.close()
})

describe('the chat list, live', () => {
  it('shows a new one-to-one, its last message and unread count, and clears the count once read', async () => {
    await page.goto('/groups')
    await page.locator('[data-testid="groups-page"][data-live]').waitFor()
    const reloads = watchReloads(page)
    const made = await call('POST', '/api/groups/create_one_to_one', p(ravi).token, {
      user_slug: p(asha).slug,
    })
    const uuid = made.group?.group_uuid_id as string
    await row(uuid).waitFor()
    await say(uuid, p(ravi), 'Coming to the stadium?')
    await expect.poll(() => text(row(uuid).getByTestId('unread-badge'))).toBe('1')
    expect(await row(uuid).innerText()).toContain('Coming to the stadium?')
    await say(uuid, p(ravi), 'Gate 4 at six')
    await expect.poll(() => text(row(uuid).getByTestId('unread-badge'))).toBe('2')
    expect(await row(uuid).innerText()).toContain('Gate 4 at six')
    await world.shot('live-chats-list')
    expect(reloads.documents).toEqual([])

    // Opened, read, and back to the list (in the app): no badge.
    await row(uuid).click()
    await page.getByTestId('chat-page').getByText('Gate 4 at six').waitFor()
    await page.getByRole('link', { name: 'All chats' }).click()
    await row(uuid).waitFor()
    await expect.poll(() => row(uuid).getByTestId('unread-badge').count()).toBe(0)
    expect(reloads.documents).toEqual([])
    reloads.stop()
  }, 60_000)
})

describe('a chat header, live', () => {
  it('follows joins and leaves in its member count, and so does the member list', async () => {
    const made = await call('POST', '/api/groups', p(asha).token, { name: 'Stadium crew' })
    const uuid = made.group?.group_uuid_id as string
    const code = (await call('POST', `/api/groups/${uuid}/share`, p(asha).token))
      .invite_code as unknown as string
    await page.goto(`/groups/${uuid}`)
    await page.locator('[data-testid="chat-page"][data-live]').waitFor()
    const head = page.getByTestId('chat-details-link')
    await expect.poll(() => head.innerText()).toContain('1 member')
    const reloads = watchReloads(page)
    await call('POST', '/api/groups/join', p(ravi).token, { invite_code: code })
    await expect.poll(() => head.innerText()).toContain('2 members')
    await call('DELETE', `/api/groups/${uuid}/members/${p(ravi).slug}`, p(ravi).token)
    await expect.poll(() => head.innerText()).toContain('1 member')
    // The details page's member list too.
    await head.click()
    await page.getByTestId('members-list').waitFor()
    const raviRow = page.locator(`[data-testid="member-row"][data-slug="${p(ravi).slug}"]`)
    await call('POST', '/api/groups/join', p(ravi).token, { invite_code: code })
    await raviRow.waitFor()
    expect(reloads.documents).toEqual([])
    reloads.stop()
  }, 60_000)
})
