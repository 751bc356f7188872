import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eWorld, startE2eWorld } from '../browser'
import { type ApiPlayer, apiClient, captainsAndSave, fanspole, pickInBuilder, validPick } from '../league'

/**
 * `fanspole scenario record` end to end: a player signs in in Chromium, opens a match, builds a
 * team, joins a paid contest, tries to join it again with the same team (refused) and logs
 * out, while the CLI records the session; the written file then replays green with the
 * scenario runner, on a fresh server of its own with the same demo league.
 */
const player = { email: 'recorded.fan@example.test', username: 'recorded_fan', password: 'cover-drive-42' }

interface Contest {
  id: number
  kind: string
  name: string
  entry_fee: number
}

let world: E2eWorld
let cliHome: string

beforeAll(async () => {
  world = await startE2eWorld({ league: true })
  await world.page.emulateMedia({ reducedMotion: 'reduce' })
  cliHome = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-e2e-record-'))
})
afterAll(async () => {
  await world?.close()
  fs.rmSync(cliHome, { recursive: true, force: true })
})

describe('scenario record', () => {
  // Long: one flow clicked through in the browser while recording, then its replay.
  it('records a browser session into a scenario that replays green', async () => {
    const { page } = world
    const api = apiClient(world)
    await api.signUp(player)
    const admin = await api.adminToken()
    const me = (
      await api.get<{ user: { id: number } }>('/api/me', await api.token(player.email, player.password))
    ).body
    expect(
      (await api.post('/api/admin/wallet/credits', { user_id: me.user.id, amount: 500 }, admin)).status,
    ).toBe(201)
    const cricket = (
      await api.get<{ matches: Array<{ id: number }> }>(
        '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
      )
    ).body.matches[0] as { id: number }
    const mega = (
      await api.get<{ contests: Contest[] }>(`/api/matches/${cricket.id}/contests`)
    ).body.contests.find((c) => c.kind === 'mega') as Contest
    const squad = (await api.get<{ players: ApiPlayer[] }>(`/api/matches/${cricket.id}/players`)).body.players

    const out = path.join(cliHome, 'flow.yaml')
    const recording = fanspole(world, cliHome, [
      'scenario',
      'record',
      '--out',
      out,
      '--user',
      player.email,
      '--name',
      'a fan joins the mega contest',
    ])
    await expect.poll(() => world.server.deps.tap?.active(), { timeout: 15_000 }).toBe(true)

    await page.goto('/login')
    await page.fill('input[name=email]', player.email)
    await page.fill('input[name=password]', player.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/contests')
    await page.goto(`/matches/${cricket.id}/contests`)
    const card = page.locator(`[data-testid="contest-card"][data-contest-id="${mega.id}"]`)
    await card.waitFor()
    await page.getByTestId('create-team').click()
    await page.getByTestId('player-list').waitFor()
    const pick = validPick('cricket', squad, 'recorded')
    await pickInBuilder(page, 'cricket', squad, pick.player_ids)
    await page.getByTestId('next').click()
    await page.getByTestId('captain-list').waitFor()
    await captainsAndSave(page, pick)
    await page.waitForURL(`**/matches/${cricket.id}/contests`)
    await card.getByTestId('entry-button').click()
    await page.getByTestId('join-dialog').getByTestId('confirm-join').click()
    await card.getByTestId('joined-line').waitFor()
    // The same team again, as a client bug would send it: refused, and recorded as refused.
    const teamId = (
      await api.get<{ user_teams: Array<{ id: number }> }>(
        `/api/matches/${cricket.id}/user_teams`,
        await api.token(player.email, player.password),
      )
    ).body.user_teams[0]?.id
    const again = await page.evaluate(
      async ({ contestId, team }) => {
        const at = document.cookie.match(/(?:^|; )at=([^;]+)/)?.[1] ?? ''
        const res = await fetch(`/api/contests/${contestId}/join`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-fanspole-client': 'web',
            authorization: `Bearer ${at}`,
          },
          body: JSON.stringify({ team_id: team }),
        })
        return res.status
      },
      { contestId: mega.id, team: teamId },
    )
    expect(again).toBe(409)
    await page.goto('/logout')
    await page.waitForURL('**/landing')

    // Signing out ends the recording.
    const recorded = await recording
    expect(recorded.stderr).toContain('Recording recorded.fan@example.test')
    expect(recorded.code).toBe(0)
    expect(recorded.stdout).toContain('in ')
    const text = fs.readFileSync(out, 'utf8')
    expect(text).toContain('save: { user_team: "body.user_team" }')
    expect(text).toContain(`path: "/api/contests/${mega.id}/join"`)
    expect(text).toContain(`{"team_id":"$\{user_team.id}"}`)
    expect(text).toContain('# This call failed when it was recorded (409 ALREADY_JOINED')
    expect(text).not.toContain(player.password)

    const replay = await fanspole(world, cliHome, ['scenario', 'run', out])
    expect(replay.stdout).toContain('a fan joins the mega contest')
    expect(replay.code, replay.stdout + replay.stderr).toBe(0)
  })
})
