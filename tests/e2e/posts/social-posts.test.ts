import type { Page, Route, WebSocket } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contestRow, memberRow } from '../../helpers/contest-rows'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, signInBrowser, watchReloads } from '../league'

/**
 * The posts side of the social features in Chromium: a post written in the browser (mention linked, line breaks
 * kept); one like changes three visible copies of it at once — the feed, "Popular this week"
 * and "Your latest post", three different queries on one laptop-width page — before the
 * server has even answered; a like the server refuses is rolled back in all three; a post on
 * a contest, a comment on it, and a reply from another player arriving live, without reload.
 */
const asha = { email: 'asha.posts@example.test', username: 'asha_posts', password: 'helicopter-7-asha' }
const ravi = { email: 'ravi.posts@example.test', username: 'ravi_kumar', password: 'helicopter-7-ravi' }
type Player = typeof asha & { id: number; slug: string; token: string; refresh: string }

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
const players: Record<string, Player> = {}
const p = (u: { username: string }) => players[u.username] as Player

async function signInAs(u: Player) {
  await world.browser.clearCookies()
  await signInBrowser(world.browser, world.server.url, { access_token: u.token, refresh_token: u.refresh })
}

async function shotBoth(name: string) {
  // Shots share a folder with the other e2e tests: these start with `posts-`.
  const before = page.viewportSize() ?? { width: 412, height: 860 }
  for (const width of [412, 1280]) {
    await page.setViewportSize({ width, height: 860 })
    await world.shot(`posts-${name}`)
  }
  await page.setViewportSize(before)
}

/** Holds matching requests until `release()`: what the page shows meanwhile is its own doing. */
async function holdRequests(pattern: string) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let seen = 0
  const handler = async (route: Route) => {
    seen += 1
    await gate
    await route.continue()
  }
  await page.route(pattern, handler)
  return {
    seen: () => seen,
    /** Lets the request go and waits for its answer; the route is removed once it is handled. */
    async release(path: string) {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path)
      release()
      const response = await answered
      await page.unroute(pattern, handler)
      return response.status()
    },
  }
}

/** The three copies of post `id` on the feed page, each from its own query. */
const copies = (id: number) =>
  ['feed-list', 'popular-posts', 'my-latest'].map((column) =>
    page.locator(`[data-testid="${column}"] [data-testid="post-card"][data-post-id="${id}"]`),
  )
const counts = async (id: number) =>
  Promise.all(
    copies(id).map(async (card) => (await card.getByTestId('post-likes-count').textContent())?.trim()),
  )

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  await page.setViewportSize({ width: 412, height: 860 })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  api = apiClient(world)
  for (const u of [asha, ravi]) {
    const tokens = await api.signUp(u)
    const me = (await api.get<{ user: { id: number; slug: string } }>('/api/me', tokens.access_token)).body
      .user
    players[u.username] = {
      ...u,
      id: me.id,
      slug: me.slug,
      token: tokens.access_token,
      refresh: tokens.refresh_token,
    }
  }
  await signInAs(p(asha))
})
afterAll(async () => {
  await world?.close()
})

describe('posts, likes and comments in the browser', () => {
  let postId = 0

  it('writes a wall post with a mention and a line break', async () => {
    await page.goto('/contests/create/create-a-post')
    await page
      .getByTestId('post-box-input')
      .fill(`Big match tonight, @${ravi.username}!\nWho is your captain?`)
    await shotBoth('create-post')
    await page.getByTestId('post-box-send').click()
    await page.waitForURL(/\/posts\/\d+$/)
    postId = Number(new URL(page.url()).pathname.split('/').pop())
    const text = page.getByTestId('post-page').getByTestId('post-text')
    await text.waitFor()
    // Escaped text, the line break kept, the mention a link to the profile.
    expect(await text.innerText()).toBe(`Big match tonight, @${ravi.username}!\nWho is your captain?`)
    expect(await text.getByTestId('mention').getAttribute('href')).toBe(`/users/${p(ravi).slug}`)
  })

  it('changes three visible copies with one like, before any answer or refetch', async () => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/feeds')
    for (const card of copies(postId)) await card.waitFor()
    expect(await counts(postId)).toEqual(['0', '0', '0'])
    await shotBoth('feed')

    const traffic = watchReloads(page)
    const held = await holdRequests(`**/api/posts/${postId}/like`)
    await copies(postId)[0]?.getByTestId('post-like').click()
    // The like is still on its way to the server, and nothing was fetched again: all three
    // copies moved on their own (likes.ts writes every cached copy at once).
    await expect.poll(() => counts(postId), { timeout: 10_000 }).toEqual(['1', '1', '1'])
    expect(held.seen()).toBe(1)
    expect(traffic.requests.filter((path) => !path.endsWith('/like'))).toEqual([])
    for (const card of copies(postId))
      expect(await card.getByTestId('post-like').getAttribute('aria-pressed')).toBe('true')
    expect(await held.release(`/api/posts/${postId}/like`)).toBe(200)
    expect(await counts(postId)).toEqual(['1', '1', '1'])
    traffic.stop()
    const fresh = await api.get<{ post: { likes_count: number } }>(`/api/posts/${postId}`)
    expect(fresh.body.post.likes_count).toBe(1)
  })

  it('puts every copy back when the server refuses the unlike', async () => {
    // Hidden behind the page's back, straight in the database (a deletion through the API would
    // reach the open feed live and take the post away): the unlike is a real 404 from the server.
    await world.server.deps.db.updateTable('posts').set({ hidden: 1 }).where('id', '=', postId).execute()
    expect((await api.get(`/api/posts/${postId}`)).status).toBe(404)
    const held = await holdRequests(`**/api/posts/${postId}/unlike`)
    await copies(postId)[1]?.getByTestId('post-like').click()
    await expect.poll(() => counts(postId), { timeout: 10_000 }).toEqual(['0', '0', '0'])
    expect(await held.release(`/api/posts/${postId}/unlike`)).toBe(404)
    await expect.poll(() => counts(postId), { timeout: 10_000 }).toEqual(['1', '1', '1'])
    for (const card of copies(postId))
      expect(await card.getByTestId('post-like').getAttribute('aria-pressed')).toBe('true')
  })

  it('posts on a contest, comments, and shows a reply from another player live', async () => {
    await page.setViewportSize({ width: 412, height: 860 })
    const contest = (await api.get<{ contests: Array<{ id: number }> }>('/api/discover/contests?type=new'))
      .body.contests[0]
    if (!contest) throw new Error('the demo league has no open public contest')
    await page.goto(`/contests/${contest.id}/comments`)
    await page.getByTestId('post-box-input').fill('Who is everyone picking as captain? <b>not bold</b>')
    await page.getByTestId('post-box-send').click()
    const card = page.locator('[data-testid="post-card"]', { hasText: 'Who is everyone picking' })
    await card.waitFor()
    // Text is text: the markup shows as typed and makes no element.
    expect(await card.getByTestId('post-text').innerText()).toContain('<b>not bold</b>')
    expect(await card.locator('b').count()).toBe(0)
    await shotBoth('contest-talk')
    await card.getByTestId('post-comments-link').click()
    await page.waitForURL(/\/posts\/\d+$/)
    const contestPostId = Number(new URL(page.url()).pathname.split('/').pop())
    await page.locator('[data-testid="post-page"][data-live="true"]').waitFor()

    const reloads = watchReloads(page)
    await page.getByTestId('comment-box-input').fill('Kohli, obviously.')
    await page.getByTestId('comment-box-send').click()
    const mine = page.locator('[data-testid="comment"]', { hasText: 'Kohli, obviously.' })
    await mine.waitFor()
    const commentId = Number(await mine.getAttribute('data-comment-id'))

    const reply = await api.post<{ comment: { parent_id: number } }>(
      `/api/posts/${contestPostId}/comments`,
      { content: `@${asha.username} Bumrah says hi`, parent_id: commentId },
      p(ravi).token,
    )
    expect(reply.status).toBe(201)
    const replyView = page.locator('[data-testid="thread"] ol [data-testid="comment"]', {
      hasText: 'Bumrah says hi',
    })
    await replyView.waitFor()
    expect(await replyView.getByTestId('mention').getAttribute('href')).toBe(`/users/${p(asha).slug}`)
    expect(reloads.documents).toEqual([])
    reloads.stop()
    await shotBoth('post-page')

    // My comment: edited in place. Theirs: reported to the admins (once).
    await mine.getByTestId('edit-comment').click()
    await mine.getByRole('textbox', { name: 'Edit' }).fill('Kohli, obviously. Or Bumrah.')
    await mine.getByTestId('save-edit').click()
    await page.locator('[data-testid="comment-text"]', { hasText: 'Or Bumrah.' }).waitFor()
    await replyView.getByTestId('report-comment').click()
    const dialog = page.getByTestId('report-dialog')
    await dialog.getByLabel('Spam').check()
    await dialog.getByRole('textbox').fill('Not about the match at all')
    await dialog.getByTestId('send-report').click()
    await dialog.getByTestId('report-sent').waitFor()
    const adminToken = await api.adminToken()
    const queue = await api.get<{ reports: Array<{ subject_type: string; subject_id: number }> }>(
      '/api/admin/reports',
      adminToken,
    )
    const replyId = Number(await replyView.getAttribute('data-comment-id'))
    expect(queue.body.reports.some((r) => r.subject_type === 'comment' && r.subject_id === replyId)).toBe(
      true,
    )
  })

  it('announces new posts of people I follow as "N new posts" and loads them on a click', async () => {
    expect((await api.post(`/api/users/${p(ravi).slug}/follow`, undefined, p(asha).token)).status).toBe(200)
    await page.goto('/feeds')
    await page.getByTestId('feed-list').waitFor()
    // The announcements ride on NotificationsChannel: posts sent before it is up are not announced.
    await page.locator('[data-testid="feeds-page"][data-live="true"]').waitFor()
    const reloads = watchReloads(page)
    for (const n of [1, 2]) {
      const sent = await api.post('/api/posts', { content: `Net session ${n} done` }, p(ravi).token)
      expect(sent.status).toBe(201)
    }
    const bar = page.getByTestId('new-posts-bar')
    await expect
      .poll(async () => (await bar.textContent())?.trim(), { timeout: 10_000 })
      .toBe('2 new posts · show')
    expect(
      await page
        .locator('[data-testid="feed-list"] [data-testid="post-card"]', { hasText: 'Net session' })
        .count(),
    ).toBe(0)
    await bar.click()
    await page
      .locator('[data-testid="feed-list"] [data-testid="post-card"]', { hasText: 'Net session 2' })
      .waitFor()
    expect(
      await page.locator('[data-testid="feed-list"] [data-testid="post-card"]').first().textContent(),
    ).toContain('Net session 2')
    await bar.waitFor({ state: 'detached' })
    expect(reloads.documents).toEqual([])
    reloads.stop()
  })

  it('shows a user’s wall on their profile', async () => {
    await page.goto(`/users/${p(ravi).slug}`)
    const wall = page.getByTestId('user-posts')
    await wall.locator('[data-testid="post-card"]', { hasText: 'Net session 2' }).waitFor()
    expect(await wall.getByTestId('post-card').count()).toBe(2)
    await shotBoth('profile-wall')
  })

  it('moves an open contest page’s like count when someone else likes it, without reload', async () => {
    await page.setViewportSize({ width: 412, height: 860 })
    const contest = (await api.get<{ contests: Array<{ id: number }> }>('/api/discover/contests?type=new'))
      .body.contests[1]
    if (!contest) throw new Error('the demo league has no second open public contest')
    // The like must come after the page's ContestChannel subscription is confirmed.
    let subscribed = false
    const watch = (ws: WebSocket) =>
      ws.on('framereceived', ({ payload }) => {
        const text = String(payload)
        if (text.includes('confirm_subscription') && text.includes('ContestChannel')) subscribed = true
      })
    page.on('websocket', watch)
    await page.goto(`/contests/${contest.id}`)
    const count = page.getByTestId('contest-page').getByTestId('likes-count').first()
    await count.waitFor()
    const before = Number((await count.textContent())?.trim())
    await expect.poll(() => subscribed, { timeout: 10_000 }).toBe(true)
    page.off('websocket', watch)
    const reloads = watchReloads(page)
    expect((await api.post(`/api/contests/${contest.id}/like`, undefined, p(ravi).token)).status).toBe(200)
    await expect
      .poll(async () => Number((await count.textContent())?.trim()), { timeout: 10_000 })
      .toBe(before + 1)
    expect(reloads.documents).toEqual([])
    reloads.stop()
  })

  it('shows a prize won by someone I follow in the feed', async () => {
    // A settled contest straight into the tables: ravi (followed above) won ₹250 at rank 2.
    const { deps } = world.server
    const contestId = await contestRow(deps, { status: 'completed', name: 'Result Cup' })
    await memberRow(deps, contestId, p(ravi).id)
    await deps.db
      .updateTable('contests')
      .set({ settled_at_ms: deps.clock.now(), members_count: 12 })
      .where('id', '=', contestId)
      .execute()
    await deps.db
      .updateTable('contest_members')
      .set({ rank: 2, prize_paise: 25_000 })
      .where('contest_id', '=', contestId)
      .execute()
    await page.goto('/feeds')
    const card = page.locator(`[data-testid="result-card"][data-contest-id="${contestId}"]`)
    await card.waitFor()
    expect((await card.innerText()).replace(/\s+/g, ' ')).toContain(`${ravi.username}`)
    expect((await card.innerText()).replace(/\s+/g, ' ')).toMatch(
      /Finished #2 of 12 in Result Cup .* won ₹250/,
    )
    await shotBoth('feed-result')
  })

  it('shows discover, its contest tabs and search', async () => {
    await page.goto('/discover')
    await page.getByTestId('shelf-trending').waitFor()
    await shotBoth('discover')
    await page.goto('/discover/contests?type=big_prizes')
    await page.getByRole('tab', { name: 'Big prizes', selected: true }).waitFor()
    await page.getByTestId('contest-card').first().waitFor()
    await shotBoth('discover-contests')
    await page.goto('/discover/search')
    await page.getByTestId('search-input').fill(ravi.username.slice(0, 6))
    await page.locator('[data-testid="search-user"]', { hasText: ravi.username }).waitFor()
    await shotBoth('search')
    expect(world.problems).toEqual([])
  })
})
