import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUser, type E2eWorld, startE2eWorld } from '../browser'
import { signUpInForm, watchReloads } from '../league'

/**
 * The people side of the social features in Chromium: a new player signs up, follows someone from the
 * suggestions (the count changes on their profile, live when someone else follows too),
 * sees a refused follow rolled back, opens the followers list, rates the player and finds
 * themselves pinned on a leaderboard. Independent of other e2e files (its own server).
 */
const player = { email: 'social.fan@example.test', username: 'social_fan', password: 'square-cut-77' }

let world: E2eWorld
let asha: Awaited<ReturnType<typeof apiUser>>
let kiran: Awaited<ReturnType<typeof apiUser>>

const text = async (testId: string) => (await world.page.getByTestId(testId).first().textContent())?.trim()

beforeAll(async () => {
  world = await startE2eWorld()
  asha = await apiUser(world.server, 'asha_star')
  const ravi = await apiUser(world.server, 'ravi_k')
  const meena = await apiUser(world.server, 'meena_p')
  kiran = await apiUser(world.server, 'kiran_b')
  // Asha is the most followed (2), so she tops the suggestions.
  for (const fan of [ravi, meena]) expect((await fan.post('/api/users/asha_star/follow')).status).toBe(200)
  // XP as contests would have given it (joins and prizes): the all-time board has scorers above the newcomer.
  const xp = { asha_star: 300, ravi_k: 120, meena_p: 40 }
  for (const [username, points] of Object.entries(xp))
    await world.server.deps.db
      .updateTable('users')
      .set({ xp_points: points })
      .where('username', '=', username)
      .execute()
}, 60_000)
afterAll(() => world?.close())

describe('web: people, follows, ratings and leaderboards', () => {
  it('a new player signs up and follows the top suggestion', async () => {
    const { page } = world
    await page.setViewportSize({ width: 412, height: 915 })
    await signUpInForm(page, player)
    await page.goto('/signup/suggested-accounts')
    const first = page.getByTestId('suggestion').first()
    expect(await first.textContent()).toContain('@asha_star')
    expect(await first.textContent()).toContain('2 followers')
    await first.getByTestId('follow-button').click()
    await first.getByRole('button', { name: 'Following' }).waitFor()
    // The same cached user, by slug: the suggestion row's count moved with the button.
    expect(await first.textContent()).toContain('3 followers')
  })

  it('shows the followed player’s profile with the new count, and moves it live', async () => {
    const { page } = world
    await page.goto('/users/asha_star')
    await page.getByTestId('user-profile').waitFor()
    expect(await text('follower-count')).toBe('3')
    expect(await page.getByTestId('follow-button').textContent()).toBe('Following')
    // Never a private field on someone else's profile.
    expect(await page.getByTestId('user-profile').textContent()).not.toContain('@example.test')
    await page.locator('[data-testid="user-profile"][data-live="true"]').waitFor()
    const reloads = watchReloads(page)
    // Someone else follows her through the API: ProfileChannel brings the count, no refetch.
    expect((await kiran.post('/api/users/asha_star/follow')).status).toBe(200)
    await page.getByTestId('follower-count').filter({ hasText: /^4$/ }).waitFor()
    reloads.stop()
    expect(reloads.documents).toEqual([])
    expect(reloads.requests.filter((p) => p.startsWith('/api/users/asha_star'))).toEqual([])
    await world.shot('people-profile')
    await page.setViewportSize({ width: 1280, height: 900 })
    await world.shot('people-profile')
    await page.setViewportSize({ width: 412, height: 915 })
  })

  it('unfollows at once and rolls a refused follow back', async () => {
    const { page } = world
    const button = page.getByTestId('follow-button')
    await button.click()
    await page.getByTestId('follower-count').filter({ hasText: /^3$/ }).waitFor()
    expect(await button.textContent()).toBe('Follow')

    // The server refuses the next follow, but only after the page has shown its guess.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/users/asha_star/follow', async (route) => {
      await held
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Not now', code: 'CONFLICT', errors: {}, request_id: 'e2e' }),
      })
    })
    await button.click()
    // Optimistic: the count and the button change before any answer.
    await page.getByTestId('follower-count').filter({ hasText: /^4$/ }).waitFor()
    expect(await button.textContent()).toBe('Following')
    release()
    await page.getByTestId('follower-count').filter({ hasText: /^3$/ }).waitFor()
    await page
      .getByTestId('follow-button')
      .filter({ hasText: /^Follow$/ })
      .waitFor()
    await page.getByText('Not now').waitFor()
    await page.unroute('**/api/users/asha_star/follow')

    await button.click()
    await page.getByTestId('follow-button').filter({ hasText: 'Following' }).waitFor()
    const server = await fetch(`${world.server.url}/api/users/asha_star`)
    expect(((await server.json()) as { user: { follower_count: number } }).user.follower_count).toBe(4)
    expect(await text('follower-count')).toBe('4')
  })

  it('opens the followers list and follows from a row', async () => {
    const { page } = world
    await page.getByTestId('followers-link').click()
    await page.waitForURL('**/users/asha_star/followers')
    const rows = page.getByTestId('user-row')
    await rows.first().waitFor()
    const slugs = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-slug')))
    // Newest follow first: my follow again, then Kiran's, then the first two.
    expect(slugs).toEqual(['social_fan', 'kiran_b', 'meena_p', 'ravi_k'])
    // No follow button on my own row.
    expect(await rows.first().getByTestId('follow-button').count()).toBe(0)
    const ravi = page.locator('[data-testid="user-row"][data-slug="ravi_k"]')
    expect(await ravi.getByTestId('row-followers').textContent()).toBe('0')
    await ravi.getByTestId('follow-button').click()
    await ravi.getByRole('button', { name: 'Following' }).waitFor()
    expect(await ravi.getByTestId('row-followers').textContent()).toBe('1')
    await world.shot('people-followers')
    await page.setViewportSize({ width: 1280, height: 900 })
    await world.shot('people-followers')
    await page.setViewportSize({ width: 412, height: 915 })
  })

  it('suggests only people not followed yet', async () => {
    const { page } = world
    await page.goto('/users/suggestions')
    const rows = page.getByTestId('suggestions').getByTestId('user-row')
    await rows.first().waitFor()
    const slugs = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-slug')))
    // Asha and Ravi are followed already, and I am never suggested to myself.
    expect(slugs.sort()).toEqual(['kiran_b', 'meena_p'])
    await world.shot('people-suggestions')
    await page.setViewportSize({ width: 1280, height: 900 })
    await world.shot('people-suggestions')
    await page.setViewportSize({ width: 412, height: 915 })
  })

  it('rates the player and edits the rating', async () => {
    const { page } = world
    await page.goto('/users/asha_star')
    await page.getByTestId('reviews-link').click()
    await page.waitForURL('**/users/asha_star/reviews')
    await page.getByTestId('rate-form').waitFor()
    await page.getByRole('button', { name: '4 stars' }).click()
    await page.getByLabel('Review (optional)').fill('Great captain picks.\nAlways on time.')
    await page.getByTestId('rate-submit').click()
    await page.getByTestId('review').first().waitFor()
    expect(await text('average-rating')).toBe('4.0')
    expect(await page.getByTestId('review').first().textContent()).toContain('Great captain picks.')
    await page.getByRole('button', { name: 'Update rating' }).waitFor()
    await page.getByRole('button', { name: '2 stars' }).click()
    await page.getByRole('button', { name: 'Update rating' }).click()
    await page.getByTestId('average-rating').filter({ hasText: '2.0' }).waitFor()
    expect(await page.getByTestId('review').count()).toBe(1)
    await world.shot('people-reviews')
    await page.setViewportSize({ width: 1280, height: 900 })
    await world.shot('people-reviews')
    await page.setViewportSize({ width: 412, height: 915 })
    // On my own reviews page there is nothing to rate (`/users/reviews` is mine, spec §2).
    await page.goto('/users/reviews')
    await page.waitForURL(`**/users/${player.username}/reviews`)
    await page.getByTestId('reviews-page').waitFor()
    await page.getByText('Not rated yet.').waitFor()
    expect(await page.getByTestId('rate-form').count()).toBe(0)
  })

  it('finds themselves pinned on the all-time leaderboard', async () => {
    const { page } = world
    await page.goto('/leaderboards')
    await page.locator('[data-testid="board-link"][data-board-id="all-time"]').click()
    await page.waitForURL('**/leaderboards/all-time')
    const mine = page.getByTestId('my-board-row').getByTestId('board-row')
    await mine.waitFor()
    expect(await mine.getAttribute('data-slug')).toBe(player.username)
    // No XP yet: ranked after the three scorers, and shown although not on the list.
    expect(await mine.getByTestId('row-rank').textContent()).toBe('#4')
    const listed = await page
      .getByTestId('board-rows')
      .getByTestId('board-row')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-slug')))
    expect(listed).toEqual(['asha_star', 'ravi_k', 'meena_p'])
    await world.shot('people-board')
    await page.setViewportSize({ width: 1280, height: 900 })
    await world.shot('people-board')
    await page.goto('/leaderboards')
    await page.getByTestId('board-link').first().waitFor()
    await world.shot('people-boards')
    await page.setViewportSize({ width: 412, height: 915 })
    await world.shot('people-boards')
  })

  it('links a follow notification to the follower’s profile', async () => {
    const { page } = world
    expect((await asha.post(`/api/users/${player.username}/follow`)).status).toBe(200)
    await page.goto('/notifications')
    const link = page.getByTestId('notification-link').filter({ hasText: 'asha_star' })
    await link.click()
    await page.waitForURL('**/users/asha_star')
    await page.getByTestId('user-profile').waitFor()
  })

  it('shows the partner program with the waitlist and feedback forms', async () => {
    const { page } = world
    await page.goto('/fanspole-partner-program')
    await page.getByTestId('partner-code').waitFor()
    await page.getByTestId('waitlist-form').getByLabel('E-mail').fill('friend@example.test')
    await page.getByTestId('waitlist-submit').click()
    await page.getByTestId('waitlist-joined').waitFor()
    await page.getByTestId('waitlist-count').filter({ hasText: '1 person is' }).waitFor()
    await page.getByTestId('feedback-form').getByLabel('Your feedback').fill('Love the leaderboards.')
    await page.getByTestId('feedback-submit').click()
    await page.getByTestId('feedback-sent').waitFor()
    const stored = await world.server.deps.db.selectFrom('feedbacks').select('message').execute()
    expect(stored.map((f) => f.message)).toEqual(['Love the leaderboards.'])
    await world.shot('people-partner')
    await page.setViewportSize({ width: 1280, height: 900 })
    await world.shot('people-partner')
    await page.setViewportSize({ width: 412, height: 915 })
  })

  it('records where a new browser session came from, once', async () => {
    const { page } = world
    await page.evaluate(() => sessionStorage.clear())
    await page.goto('/landing?utm_source=newsletter&utm_campaign=ipl')
    await page.getByTestId('waitlist-form').waitFor()
    await page.reload()
    await page.getByTestId('waitlist-form').waitFor()
    const rows = await world.server.deps.db
      .selectFrom('traffic_sources')
      .select(['utm_source', 'utm_campaign', 'landing_path'])
      .execute()
    expect(rows).toEqual([
      {
        utm_source: 'newsletter',
        utm_campaign: 'ipl',
        landing_path: '/landing?utm_source=newsletter&utm_campaign=ipl',
      },
    ])
    await world.shot('people-landing')
  })

  it('saw no console errors', () => {
    // The refused follow's snackbar is expected; nothing else may have gone wrong.
    expect(world.problems).toEqual([])
  })
})
