import { Readable, Writable } from 'node:stream'
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { createIo } from '../../cli/lib/io'
import { main } from '../../cli/main'
import { createRng } from '../../server/domain/rng'
import { pickTeam } from '../../server/domain/team-picker'
import { roleTabs } from '../../server/domain/team-rules'
import type { E2eWorld } from './browser'

/** Both tokens of a sign-in, as the web client keeps them. */
export interface Tokens {
  access_token: string
  refresh_token: string
}

/** Signs a browser in the way the web client does: the `at` and `rt` cookies. */
export async function signInBrowser(browser: BrowserContext, serverUrl: string, tokens: Tokens) {
  await browser.addCookies([
    { name: 'at', value: tokens.access_token, url: serverUrl },
    { name: 'rt', value: tokens.refresh_token, url: serverUrl },
  ])
}

/** On the builder's captain step: the pick's captain and vice-captain, then save. */
export async function captainsAndSave(page: Page, pick: { captain_id: number; vice_captain_id: number }) {
  const row = (playerId: number) => page.locator(`[data-testid="captain-row"][data-player-id="${playerId}"]`)
  await row(pick.captain_id).getByTestId('pick-captain').click()
  await row(pick.vice_captain_id).getByTestId('pick-vice').click()
  await page.getByTestId('save-team').click()
}

/** Signs a new player up through the sign-up form, as far as the interests step. */
export async function signUpInForm(page: Page, user: { email: string; username: string; password: string }) {
  await page.goto('/signup')
  await page.fill('input[name=email]', user.email)
  await page.fill('input[name=username]', user.username)
  await page.fill('input[name=password]', user.password)
  await page.getByTestId('username-available').waitFor()
  await page.getByRole('button', { name: 'Sign up' }).click()
  await page.waitForURL('**/signup/my-interests')
}

/** JSON calls against the e2e server, as a browser-less client would make them. */
export function apiClient(world: E2eWorld) {
  const call = async <T>(method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${world.server.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-fanspole-client': 'web',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as T }
  }
  const signIn = async (email: string, password: string): Promise<Tokens> => {
    const res = await call<Tokens>('POST', '/oauth/token', undefined, {
      grant_type: 'password',
      email,
      password,
    })
    if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`)
    return res.body
  }
  return {
    get: <T>(path: string, token?: string) => call<T>('GET', path, token),
    post: <T>(path: string, body?: unknown, token?: string) => call<T>('POST', path, token, body),
    signIn,
    async token(email: string, password: string): Promise<string> {
      return (await signIn(email, password)).access_token
    },
    /** The configured admin's access token. */
    async adminToken(): Promise<string> {
      const admin = world.server.deps.config.admin
      return (await signIn(admin.email, admin.password)).access_token
    },
    /** Signs a user up (full name: the username unless given) and in. */
    async signUp(user: { email: string; username: string; password: string }, fullName = user.username) {
      const created = await call('POST', '/api/users', undefined, { ...user, full_name: fullName })
      if (created.status !== 201) throw new Error(`sign-up of ${user.username} failed: ${created.status}`)
      return signIn(user.email, user.password)
    },
  }
}

/** The real `fanspole` CLI, in-process, against the e2e server, signed in as the configured admin. */
export async function fanspole(world: E2eWorld, home: string, args: string[]) {
  let stdout = ''
  let stderr = ''
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk, _encoding, done) {
        append(chunk.toString())
        done()
      },
    })
  const admin = world.server.deps.config.admin
  const io = createIo({
    stdout: sink((t) => {
      stdout += t
    }),
    stderr: sink((t) => {
      stderr += t
    }),
    stdin: Readable.from([]),
    env: {
      FANSPOLE_SERVER: world.server.url,
      FANSPOLE_HOME: home,
      FANSPOLE_ADMIN_EMAIL: admin.email,
      FANSPOLE_ADMIN_PASSWORD: admin.password,
      NO_COLOR: '1',
    },
  })
  const code = await main(args, io)
  return { code, stdout, stderr }
}

export interface ApiPlayer {
  id: number
  name: string
  style: number
  value: number
  value_tenths: number
  team: { id: number; name_attr: string }
}

/** A valid team for the pool (the demo seeds' own picker), to be clicked together in the builder. */
export function validPick(sport: string, players: ApiPlayer[], salt: string) {
  const pool = players.map((p) => ({
    id: p.id,
    style: p.style,
    value_tenths: p.value_tenths,
    real_team_id: p.team.id,
  }))
  const team = pickTeam(sport, pool, createRng(7).stream(`e2e:${salt}`))
  if (!team) throw new Error(`no valid ${sport} team in this pool`)
  return team
}

/**
 * Saves a valid cricket team for `matchId` over the API (the seeds' own picker over the match's
 * players, seeded by `salt`) as the player whose token is given; answers the team's id.
 */
export async function saveValidTeam(
  api: ReturnType<typeof apiClient>,
  matchId: number,
  token: string,
  salt: string,
): Promise<number> {
  const squad = (await api.get<{ players: ApiPlayer[] }>(`/api/matches/${matchId}/players`)).body.players
  const picked = validPick('cricket', squad, salt)
  const team = await api.post<{ user_team: { id: number } }>(
    `/api/matches/${matchId}/user_teams`,
    {
      player_ids: picked.player_ids.join(','),
      captain: picked.captain_id,
      vice_captain: picked.vice_captain_id,
    },
    token,
  )
  expect(team.status).toBe(201)
  return team.body.user_team.id
}

/** Clicks players into the builder, switching to a role tab that lists each one. */
export async function pickInBuilder(page: Page, sport: string, players: ApiPlayer[], ids: number[]) {
  const tabs = roleTabs(sport)
  const tabOf = (id: number) => {
    const player = players.find((p) => p.id === id)
    if (!player) throw new Error(`player ${id} is not in the pool`)
    return tabs.findIndex((t) => t.styles.includes(player.style))
  }
  // Tab by tab: any order of a valid team's players can be added, so fewer tab switches.
  const ordered = [...ids].sort((a, b) => tabOf(a) - tabOf(b))
  let shown = -1
  for (const id of ordered) {
    const tab = tabOf(id)
    if (tabs.length > 1 && tab !== shown) {
      await page.getByTestId(`role-${tabs[tab]?.key}`).click()
      shown = tab
    }
    const row = page.locator(`[data-testid="player-row"][data-player-id="${id}"]`)
    await row.getByRole('button').click()
    await row.and(page.locator('[data-selected="true"]')).waitFor()
  }
}

/** Documents loaded by the page from now on: a live page must not reload to move. */
export function watchReloads(page: Page) {
  const documents: string[] = []
  const requests: string[] = []
  const onRequest = (request: { url(): string; resourceType(): string }) => {
    if (request.resourceType() === 'document') documents.push(request.url())
    else if (request.url().includes('/api/')) requests.push(new URL(request.url()).pathname)
  }
  page.on('request', onRequest)
  return {
    documents,
    requests,
    stop: () => page.off('request', onRequest),
  }
}

/**
 * Plays a match live at 120× (the admin's clock and simulator) while `page` shows one of its
 * contests, until the page is connected and the viewer's entry has points.
 */
export async function playLiveUntilMineScores(
  page: Page,
  api: ReturnType<typeof apiClient>,
  adminToken: string,
  matchId: number,
) {
  expect((await api.post('/api/admin/clock', { speed: 120 }, adminToken)).status).toBe(200)
  expect(
    (await api.post(`/api/admin/matches/${matchId}/simulate`, { mode: 'live' }, adminToken)).status,
  ).toBe(200)
  await page.getByTestId('live-indicator').and(page.locator('[data-connected="true"]')).waitFor()
  const mine = page.getByTestId('my-entries').getByTestId('row-points')
  await expect.poll(async () => Number(await mine.textContent()), { timeout: 20_000 }).not.toBe(0)
}
