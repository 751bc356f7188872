import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * Gangs in Chromium: a player finds the gangs of a series from /gangs,
 * creates a private gang, approves a friend's request and sees them ranked; creates a public
 * championship gang a friend joins by code; and joins a friend's gang by its code.
 */
const player = { email: 'gang.player@example.test', username: 'gang_player', password: 'gang-player-pass-1' }
const friend = { email: 'gang.friend@example.test', username: 'gang_friend', password: 'gang-friend-pass-1' }

let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let friendToken: string
let seriesId: number
let phaseId: number

const text = async (testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim()

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  api = apiClient(world)
  for (const u of [player, friend])
    expect((await api.post('/api/users', { ...u, full_name: u.username })).status).toBe(201)
  friendToken = await api.token(friend.email, friend.password)
  await signInBrowser(world.browser, world.server.url, await api.signIn(player.email, player.password))
  const series = await api.get<{ series: Array<{ id: number; phases: Array<{ id: number }> }> }>(
    '/api/series',
  )
  const first = series.body.series.find((s) => s.phases.length > 0) as {
    id: number
    phases: Array<{ id: number }>
  }
  seriesId = first.id
  phaseId = first.phases[0]?.id as number
})
afterAll(async () => {
  await world?.close()
})

describe('gangs in a browser', () => {
  it('creates a private daily gang from /gangs, approves a request and ranks the new member', async () => {
    await page.goto('/gangs')
    await page.getByTestId('gang-series').first().waitFor()
    await page.locator(`a[href="/series/${seriesId}/gangs"]`).click()
    await page.getByTestId('no-gangs').waitFor()
    const form = page.getByTestId('create-gang-form')
    await form.getByLabel('Gang name').fill('Hostel 4')
    await form.getByLabel('Motto').fill('We never sleep')
    await form.getByLabel('Private: players ask to join and I approve them').check()
    await page.getByTestId('create-gang').click()
    await page.getByTestId('gang-page').waitFor()
    await page.getByTestId('no-requests').waitFor()
    const code = await text('gang-code')
    expect(code).toMatch(/^[A-Z2-9]{8}$/)
    expect(await text('gang-my-rank')).toBe('My rank1')
    await world.shot('gang-private-new')

    // The friend cannot simply join a private gang; they ask, with the code.
    expect((await api.post('/api/leagues/join', { code }, friendToken)).status).toBe(403)
    expect((await api.post('/api/leagues/join_request', { code }, friendToken)).status).toBe(200)
    await page.reload()
    await page.getByTestId('join-request').waitFor()
    expect(await text('join-request')).toContain(friend.username)
    await page.getByTestId('approve-request').click()
    await page.getByTestId('no-requests').waitFor()
    const rows = page.getByTestId('gang-members').locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.nth(0).textContent()).toContain('1')
    expect(await page.getByTestId('gang-members').textContent()).toContain(friend.username)
    await world.shot('gang-private-approved')

    // My gangs in the series lists it with my rank.
    await page.goto(`/series/${seriesId}/gangs`)
    await page.getByTestId('gang-card').first().waitFor()
    expect(await text('gang-card')).toContain('Hostel 4')
    expect(await text('gang-my-rank')).toBe('My rank1')
  })

  it('creates a public championship gang that a friend joins by its code', async () => {
    await page.goto(`/championship/phases/${phaseId}/gangs`)
    await page.getByTestId('no-gangs').waitFor()
    const form = page.getByTestId('create-gang-form')
    await form.getByLabel('Gang name').fill('Phase pals')
    await page.getByTestId('create-gang').click()
    await page.getByTestId('gang-page').waitFor()
    const code = await text('gang-code')
    const joined = await api.post<{ gang: { league_members_count: number } }>(
      '/api/leagues/join',
      { code: code.toLowerCase() },
      friendToken,
    )
    expect(joined.status).toBe(200)
    expect(joined.body.gang.league_members_count).toBe(2)
    await page.reload()
    await expect.poll(() => page.getByTestId('gang-members').locator('tbody tr').count()).toBe(2)
    // The manager may remove a member.
    await page.getByTestId('remove-member').click()
    await expect.poll(() => page.getByTestId('gang-members').locator('tbody tr').count()).toBe(1)
  })

  it('joins a friend’s gang by its code, and a wrong code says so', async () => {
    const made = await api.post<{ gang: { league_code: string; id: number } }>(
      `/api/series/${seriesId}/leagues`,
      { name: 'Office XI', league_motto: 'Work hard, captain harder' },
      friendToken,
    )
    expect(made.status).toBe(201)
    await page.goto('/gangs')
    const form = page.getByTestId('join-gang-form')
    await form.getByLabel('Gang code').fill('NOSUCH99')
    await page.getByTestId('find-gang').click()
    await page.getByText('No gang has the code NOSUCH99').waitFor()
    await form.getByLabel('Gang code').fill(made.body.gang.league_code.toLowerCase())
    await page.getByTestId('find-gang').click()
    await page.getByTestId('found-gang').waitFor()
    expect(await text('found-gang')).toContain('Office XI')
    await page.getByTestId('join-gang').click()
    await page.getByTestId('gang-page').waitFor()
    expect(page.url()).toContain(`/series/${seriesId}/gangs/${made.body.gang.id}`)
    await expect.poll(() => page.getByTestId('gang-members').locator('tbody tr').count()).toBe(2)
    await page.getByTestId('leave-gang').click()
    await page.getByTestId('gangs-page').waitFor()
    expect(world.problems).toEqual([])
  })
})
