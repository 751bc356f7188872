import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, signInBrowser, watchReloads } from '../league'

/**
 * The feed and a post page follow what others do, without a reload: Ravi (over the API, as
 * a second browser would) likes and unlikes, comments, edits, posts and deletes while Asha's
 * page is open; a like of Asha's own from another tab sets her heart; the "N new posts" pill
 * appears without moving the post under her finger; relative times move on their own.
 */
const asha = { email: 'asha.livefeed@example.test', username: 'asha_livefeed', password: 'helicopter-7-asha' }
const ravi = { email: 'ravi.livefeed@example.test', username: 'ravi_livefeed', password: 'helicopter-7-ravi' }
type Player = typeof asha & { slug: string; token: string; refresh: string }

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
const players: Record<string, Player> = {}
const p = (u: { username: string }) => players[u.username] as Player

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${world.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(res.status, `${method} ${path}`).toBeLessThan(300)
  return (await res.json()) as unknown
}
type Posted = { post: { id: number; topic_id: number } }
const postAs = async (u: Player, content: string) =>
  ((await call('POST', '/api/posts', u.token, { content })) as Posted).post
const card = (id: number, column = 'feed-list') =>
  page.locator(`[data-testid="${column}"] [data-testid="post-card"][data-post-id="${id}"]`)
const text = async (locator: ReturnType<Page['locator']>) => (await locator.textContent())?.trim()
/** Waits until the page follows the topic of a post (its subscription confirmed). */
const following = (topicId: number) =>
  page.locator(`[data-testid="topic-live"][data-topic="${topicId}"][data-live]`)

beforeAll(async () => {
  world = await startE2eWorld()
  page = world.page
  await page.setViewportSize({ width: 1280, height: 900 })
  api = apiClient(world)
  for (const u of [asha, ravi]) {
    const tokens = await api.signUp(u)
    const me = (await api.get<{ user: { slug: string } }>('/api/me', tokens.access_token)).body.user
    players[u.username] = { ...u, slug: me.slug, token: tokens.access_token, refresh: tokens.refresh_token }
  }
  await call('POST', `/api/users/${p(ravi).slug}/follow`, p(asha).token)
  await signInBrowser(world.browser, world.server.url, {
    access_token: p(asha).token,
    refresh_token: p(asha).refresh,
  })
}, 180_000)
afterAll(async () => {
  await world?.close()
})

describe('the feed, live', () => {
  it('follows likes, unlikes, comments, edits, new posts and deletions made elsewhere', async () => {
    const first = await postAs(p(ravi), 'Toss won, batting first')
    await page.goto('/feeds')
    await card(first.id).waitFor()
    await following(first.topic_id).waitFor({ state: 'attached' })
    const reloads = watchReloads(page)
    const likes = card(first.id).getByTestId('post-likes-count')

    await call('POST', `/api/posts/${first.id}/like`, p(ravi).token)
    await expect.poll(() => text(likes)).toBe('1')
    await call('POST', `/api/posts/${first.id}/unlike`, p(ravi).token)
    await expect.poll(() => text(likes)).toBe('0')

    // My own like from another tab: the count and my heart.
    await call('POST', `/api/posts/${first.id}/like`, p(asha).token)
    await expect.poll(() => text(likes)).toBe('1')
    await expect.poll(() => card(first.id).getByTestId('post-like').getAttribute('aria-pressed')).toBe('true')

    await call('POST', `/api/posts/${first.id}/comments`, p(ravi).token, { content: 'Pitch looks flat' })
    await expect.poll(() => text(card(first.id).getByTestId('post-comments-link'))).toBe('1 comment')
    await card(first.id).getByText('Pitch looks flat').waitFor()

    await call('PATCH', `/api/posts/${first.id}`, p(ravi).token, { content: 'Toss won, bowling first' })
    await expect.poll(() => text(card(first.id).getByTestId('post-text'))).toBe('Toss won, bowling first')

    // A new post: a pill over the list, and the post under the reader's finger stays put.
    const before = await card(first.id).boundingBox()
    const second = await postAs(p(ravi), 'Powerplay: 52 for 1')
    await page.getByTestId('new-posts-bar').waitFor()
    expect(await text(page.getByTestId('new-posts-bar'))).toBe('1 new post · show')
    expect((await card(first.id).boundingBox())?.y).toBe(before?.y)
    await world.shot('live-feed-new-posts')
    await page.getByTestId('new-posts-bar').click()
    await card(second.id).waitFor()

    await call('DELETE', `/api/posts/${first.id}`, p(ravi).token)
    await card(first.id).waitFor({ state: 'detached' })
    expect(reloads.documents).toEqual([])
    reloads.stop()
  }, 90_000)

  it('moves relative times on its own', async () => {
    const post = await postAs(p(ravi), 'Drinks break')
    await page.goto('/feeds')
    const when = card(post.id).getByTestId('time-ago')
    await when.waitFor()
    const shown = await text(when)
    // "just now" becomes "N seconds ago" within a tick of 5 s, no reload, no new data.
    await expect.poll(() => text(when), { timeout: 15_000 }).not.toBe(shown)
  }, 30_000)
})

describe('discover, live', () => {
  it("follows the likes and removals of this week's popular posts", async () => {
    const post = await postAs(p(ravi), 'Super over tonight?')
    await call('POST', `/api/posts/${post.id}/like`, p(asha).token)
    await page.goto('/discover')
    const popular = card(post.id, 'popular-posts')
    await popular.waitFor()
    await following(post.topic_id).waitFor({ state: 'attached' })
    const reloads = watchReloads(page)
    await call('POST', `/api/posts/${post.id}/like`, p(ravi).token)
    await expect.poll(() => text(popular.getByTestId('post-likes-count'))).toBe('2')
    await call('DELETE', `/api/posts/${post.id}`, p(ravi).token)
    await popular.waitFor({ state: 'detached' })
    expect(reloads.documents).toEqual([])
    reloads.stop()
  }, 60_000)
})

describe('a post page, live', () => {
  it('shows comments, likes and edits as they happen, and says when the post is gone', async () => {
    const post = await postAs(p(ravi), 'Who wins the final?')
    await page.goto(`/posts/${post.id}`)
    const pageRoot = page.getByTestId('post-page')
    await page.locator('[data-testid="post-page"][data-live]').waitFor()
    const reloads = watchReloads(page)
    await call('POST', `/api/posts/${post.id}/comments`, p(ravi).token, { content: 'My money is on DEL' })
    await pageRoot.getByTestId('thread').getByText('My money is on DEL').waitFor()
    await expect.poll(() => text(pageRoot.getByTestId('post-comments-link'))).toBe('1 comment')
    await call('POST', `/api/posts/${post.id}/like`, p(ravi).token)
    await expect.poll(() => text(pageRoot.getByTestId('post-likes-count').first())).toBe('1')
    await call('PATCH', `/api/posts/${post.id}`, p(ravi).token, { content: 'Who wins the final, then?' })
    await expect.poll(() => text(pageRoot.getByTestId('post-text').first())).toBe('Who wins the final, then?')
    await call('DELETE', `/api/posts/${post.id}`, p(ravi).token)
    await page.getByRole('alert').getByText('Post not found').waitFor()
    expect(await page.getByText('Post not found').count()).toBe(1)
    expect(reloads.documents).toEqual([])
    reloads.stop()
  }, 60_000)
})
