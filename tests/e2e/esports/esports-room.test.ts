import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scheduleReveal } from '../../../server/areas/esports/rooms.service'
import { makeUser } from '../../helpers/deps'
import {
  type FixtureContest,
  insertEsportsContest,
  insertSquadMember,
} from '../../helpers/esports-rooms-fixture'
import { type E2eWorld, startE2eWorld } from '../browser'
import { signInBrowser } from '../league'

/**
 * Esports room details (docs/esports.md "Room details", "Live"), in Chromium: the host sets
 * the room on `/contests/:id/room` (a bad id shows its message under the field); a member
 * sees when the details appear, counting down; an admin moves the clock to the reveal and the
 * member's open page shows the room id and password at once, over /cable, without a reload.
 */
let world: E2eWorld
let contest: FixtureContest
type Account = Awaited<ReturnType<typeof makeUser>> & { token: string; refresh: string }
let host: Account
let member: Account
let admin: Account

async function account(role: 'player' | 'admin' = 'player'): Promise<Account> {
  const u = await makeUser(world.server.deps, { role })
  const res = await fetch(`${world.server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fanspole-client': 'web' },
    body: JSON.stringify({ grant_type: 'password', email: u.email, password: u.password }),
  })
  const body = (await res.json()) as { access_token: string; refresh_token: string }
  return { ...u, token: body.access_token, refresh: body.refresh_token }
}

async function signIn(u: Account) {
  await world.browser.clearCookies()
  await signInBrowser(world.browser, world.server.url, { access_token: u.token, refresh_token: u.refresh })
}

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 })
    await page.waitForTimeout(80)
    await page.screenshot({ path: `/tmp/fanspole-shots/esports-room-${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 390, height: 844 })
}

beforeAll(async () => {
  world = await startE2eWorld()
  host = await account()
  member = await account()
  admin = await account('admin')
  const other = await account()
  contest = await insertEsportsContest(world.server.deps, {
    hostId: host.id,
    name: 'Erangel evening',
    startsInMs: 30 * 60_000,
  })
  await insertSquadMember(world.server.deps, contest.id, member.id)
  await insertSquadMember(world.server.deps, contest.id, other.id)
  await scheduleReveal(world.server.deps, { ...contest, status: 'open' })
}, 240_000)
afterAll(() => world?.close())

describe('room details in the browser', () => {
  it('the host sets them; a bad room id is refused under its field', async () => {
    const { page } = world
    await signIn(host)
    await page.goto(`/contests/${contest.id}/room`)
    await expect.poll(() => page.getByTestId('room-not-set').isVisible()).toBe(true)
    await page.getByLabel('Room ID').fill('ab')
    await page.getByLabel('Room password').fill('x7k2')
    await page.getByTestId('room-save').click()
    await expect
      .poll(() => page.getByTestId('room-form').getByRole('alert').first().textContent())
      .toBe('must be 3 to 20 letters or digits')
    await shots(page, 'host-invalid')
    await page.getByLabel('Room ID').fill('ERANGEL77')
    await page.getByTestId('room-save').click()
    await expect.poll(() => page.getByTestId('room-id').textContent()).toBe('ERANGEL77')
    expect(await page.getByTestId('room-password').textContent()).toBe('x7k2')
    expect(await page.getByTestId('room-reveal-note').textContent()).toMatch(
      /Members see them from \d\d:\d\d \(in 1[45] minutes\)/,
    )
    await shots(page, 'host-set')
  })

  it('a member counts down to the reveal, then sees the details appear live', async () => {
    const { page } = world
    await signIn(member)
    await page.goto(`/contests/${contest.id}/room`)
    await expect
      .poll(() => page.getByTestId('room-countdown').textContent())
      .toMatch(/^Room details appear at \d\d:\d\d \(in 1[45] minutes\)\.$/)
    await expect.poll(() => page.getByTestId('room-live').getAttribute('data-connected')).toBe('true')
    expect(await page.getByTestId('room-id').count()).toBe(0)
    await shots(page, 'member-before')

    // The admin moves the game clock to the reveal: the job locks and reveals; the open page
    // gets `room` over /cable.
    const moved = await fetch(`${world.server.url}/api/admin/clock`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-fanspole-client': 'web',
        authorization: `Bearer ${admin.token}`,
      },
      body: JSON.stringify({
        advance_ms: contest.starts_at_ms - 15 * 60_000 - world.server.deps.clock.now(),
      }),
    })
    expect(moved.status).toBe(200)
    await expect.poll(() => page.getByTestId('room-id').textContent()).toBe('ERANGEL77')
    expect(await page.getByTestId('room-password').textContent()).toBe('x7k2')
    expect(await page.getByTestId('room-form').count()).toBe(0)
    await shots(page, 'member-revealed')
    expect(world.problems).toEqual([])
  })
})
