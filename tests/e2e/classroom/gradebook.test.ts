import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, SHOTS_DIR, startE2eWorld } from '../browser'
import { apiClient, signInBrowser } from '../league'

/**
 * The instructor's gradebook in Chromium (docs/classroom.md, "Gradebook"): the table sorts by a
 * column, the CSV download is the CLI's CSV, and a player who did not make the class gets the
 * "not found" state.
 */
let world: E2eWorld
let page: Page
let api: ReturnType<typeof apiClient>
let classId: number

const usernames = async () => page.getByTestId('gradebook-row').locator('td:first-child').allTextContents()

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  page = world.page
  api = apiClient(world)
  const admin = world.server.deps.config.admin
  const tokens = await api.signIn(admin.email, admin.password)
  const made = await api.post<{
    classroom: { id: number }
    students: Array<{ username: string; password: string }>
  }>(
    '/api/admin/classrooms',
    { students: 3, roster: [{ username: 'zed_last', full_name: 'Zed, "Z" Last' }] },
    tokens.access_token,
  )
  expect(made.status).toBe(201)
  classId = made.body.classroom.id
  // zed_last signs in twice, one other student once: the sign-in column has something to sort.
  const [zed, other] = made.body.students as [
    { username: string; password: string },
    { username: string; password: string },
  ]
  for (const s of [zed, zed, other]) await api.signIn(s.username, s.password)
  await signInBrowser(world.browser, world.server.url, tokens)
})
afterAll(async () => {
  await world?.close()
})

describe('the gradebook page', () => {
  it('shows every student, sorts by a column, and downloads the same CSV as the CLI', async () => {
    await page.goto(`/classes/${classId}/report`)
    await page.getByTestId('gradebook').waitFor()
    expect(await usernames()).toEqual([`class${classId}_s02`, `class${classId}_s03`, 'zed_last'])
    await page.getByRole('button', { name: 'sign ins' }).click()
    await page.getByRole('button', { name: 'sign ins' }).click()
    expect((await usernames())[0]).toBe('zed_last')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-csv').click(),
    ])
    const csv = fs.readFileSync((await download.path()) as string, 'utf8')
    expect(csv.split('\r\n')[0]).toMatch(/^username,full_name,sign_ins,/)
    expect(csv).toContain('zed_last,"Zed, ""Z"" Last",2,')
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.screenshot({ path: `${SHOTS_DIR}/gradebook-${width}.png`, fullPage: true })
    }
  })

  it('is "not found" to a player who did not make the class', async () => {
    const tokens = await api.signUp({
      email: 'nosy@example.test',
      username: 'nosy_one',
      password: 'nosy-pass-2026',
    })
    await signInBrowser(world.browser, world.server.url, tokens)
    await page.goto(`/classes/${classId}/report`)
    await page.getByText('Class not found').waitFor()
    expect(await page.getByTestId('gradebook').count()).toBe(0)
  })
})
