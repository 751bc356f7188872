import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertVerifiedAccount } from '../../helpers/esports-fixture'
import { exits, runCli, tempDir } from '../helpers'
import { type LeagueCliWorld, leagueCliWorld } from '../match-world'

// `fanspole esports tournament …` against a real server (docs/esports.md, "Tournaments, rounds and slots").

let world: LeagueCliWorld
const dir = tempDir('fanspole-tournament-')
beforeAll(async () => {
  world = await leagueCliWorld()
})
afterAll(async () => {
  dir.remove()
  await world.close()
})

const cli = (...args: string[]) => runCli(args, world.env)
const HOUR = 3_600_000
let characters = 90_000_000

async function gamer() {
  const p = await world.api.player()
  await insertVerifiedAccount(world.server.deps.db, p.id, 'pubg', 30, {
    in_game_name: `${p.username}-ign`,
    character_id: String(++characters),
    at_ms: world.server.deps.clock.now(),
  })
  return p
}

describe('fanspole esports tournament', () => {
  it('creates from a file and from flags, lists, shows, registers, joins, seeds, prints slots and standings', async () => {
    const now = world.server.deps.clock.now()
    const file = path.join(dir.dir, 'cup.json')
    fs.writeFileSync(
      file,
      JSON.stringify({
        name: 'CLI Cup',
        mode: 'duo',
        squads_limit: 8,
        registration_closes_at: now + HOUR,
        rounds: [
          { lobby_size: 4, qualify_rule: 'top_per_lobby', qualify_count: 2, starts_at: now + 2 * HOUR },
          { lobby_size: 4, qualify_rule: 'top_overall', qualify_count: 0, starts_at: now + 3 * HOUR },
        ],
      }),
    )
    const made = await cli('esports', 'tournament', 'create', '--file', file, '--json')
    expect(made.code, made.stderr).toBe(0)
    const t = made.json().esports_tournament
    expect(t).toMatchObject({ name: 'CLI Cup', mode: 'duo', rounds_count: 2 })

    // 16 solo players, registration closing in an hour, lobbies of 8: `qualify` of each go on.
    const soloCup = (name: string, qualify: string, ...starts: string[]) =>
      cli(
        'esports',
        'tournament',
        'create',
        '--name',
        name,
        '--mode',
        'solo',
        '--squads',
        '16',
        '--closes',
        String(now + HOUR),
        '--lobby-size',
        '8',
        '--qualify',
        qualify,
        ...starts.flatMap((at) => ['--starts', at]),
      )
    const flags = await soloCup(
      'Flag Cup',
      '4',
      new Date(now + 2 * HOUR).toISOString(),
      new Date(now + 3 * HOUR).toISOString(),
    )
    expect(flags.code, flags.stderr).toBe(0)
    expect(flags.stdout).toMatch(/Created tournament #\d+ Flag Cup/)
    expect(flags.stdout).toMatch(/Round 1 \(#\d+\) Round 1: pending, lobbies of 8, top 4 per lobby go on/)

    // Minutes from now on the server's clock (the league clock need not be the terminal's).
    const base = ['esports', 'tournament', 'create', '--mode', 'squad', '--squads', '16', '--lobby-size', '8']
    const inMinutes = await cli(
      ...base,
      '--name',
      'Minutes Cup',
      '--closes-in',
      '30',
      '--qualify',
      '4',
      '--starts-in',
      '45',
      '--starts-in',
      '90',
      '--json',
    )
    expect(inMinutes.code, inMinutes.stderr).toBe(0)
    const m = inMinutes.json().esports_tournament
    const serverNow = world.server.deps.clock.now()
    expect(Math.abs(m.registration_closes_at_in_millis - (serverNow + 30 * 60_000))).toBeLessThan(60_000)
    const mRounds = (await world.api.get(`/api/esports/tournaments/${m.id}/rounds`)).body.rounds
    expect(mRounds[1].starts_at_in_millis - mRounds[0].starts_at_in_millis).toBe(45 * 60_000)
    const both = await cli(...base, '--name', 'Both', '--closes', String(now + HOUR), '--closes-in', '30')
    exits(both, 2, 'give --closes or --closes-in, not both')
    const notMinutes = await cli(...base, '--name', 'Soon', '--closes-in', '30', '--starts-in', 'soon')
    exits(notMinutes, 2, 'expected a number of minutes')

    const bad = await cli('esports', 'tournament', 'create', '--name', 'Half')

    exits(bad, 2, '--mode')
    const unfit = await soloCup('Unfit Cup', '8', String(now + 2 * HOUR), String(now + 3 * HOUR))
    expect(unfit.code).toBe(1)
    expect(unfit.stderr).toMatch(/eliminate/)

    const list = await cli('esports', 'tournament', 'list', '--status', 'registration')
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/^ID +NAME +KIND +STATUS +SQUADS +ROUND +REGISTRATION CLOSES$/m)
    expect(list.stdout).toMatch(new RegExp(`^ *${t.id} +CLI Cup +pubg duo +registration +0/8 +0/2`, 'm'))

    // Players register and join (an admin acting as them).
    const captains = [await gamer(), await gamer(), await gamer()]
    let code = ''
    for (const [i, p] of captains.entries()) {
      const reg = await cli(
        '--as',
        p.username,
        'esports',
        'tournament',
        'register',
        String(t.id),
        '--name',
        `Duo ${i}`,
      )
      expect(reg.code, reg.stderr).toBe(0)
      expect(reg.stdout).toMatch(
        new RegExp(`Registered Duo ${i} for CLI Cup: invite your squad with code T[A-Z0-9]{8}`),
      )
      if (i === 0) code = /code (T[A-Z0-9]{8})/.exec(reg.stdout)?.[1] ?? ''
    }
    const mate = await gamer()
    const joinWithCode = () =>
      cli('--as', mate.username, 'esports', 'tournament', 'join', String(t.id), '--code', code)
    const join = await joinWithCode()
    expect(join.code, join.stderr).toBe(0)
    expect(join.stdout).toContain('Joined Duo 0 (2 players) in CLI Cup')
    const again = await joinWithCode()
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/already in a squad/)

    const round1 = t.rounds[0].id as number
    const seeded = await cli('esports', 'tournament', 'seed', String(round1))
    expect(seeded.code, seeded.stderr).toBe(0)
    expect(seeded.stdout).toContain('Seeded Round 1: 1 lobbies')
    expect(seeded.stdout).toMatch(
      /^LOBBY +SLOT +SEED +SQUAD +CONTEST +PLACE +KILLS +POINTS +RANK +QUALIFIED$/m,
    )
    const slots = await cli('esports', 'tournament', 'slots', String(round1), '--json')
    expect(slots.code).toBe(0)
    expect(slots.json().slots).toHaveLength(3)
    const show = await cli('esports', 'tournament', 'show', String(t.id))
    expect(show.stdout).toMatch(/Lobby 1: contest #\d{7}, 3 squads, locked/)
    const standings = await cli('esports', 'tournament', 'standings', String(t.id))
    expect(standings.code).toBe(0)
    expect(standings.stdout).toMatch(/^POS +SQUAD +ROUND +RANK +POINTS +TOTAL +KILLS +OUT$/m)
    const missing = await cli('esports', 'tournament', 'show', '999999')
    expect(missing.code).toBe(1)
    expect((await cli('esports', 'tournament', 'slots', 'abc')).code).toBe(2)
  })

  it('the demo league holds a PUBG tournament in progress: round 1 played, the final seeded', async () => {
    const list = await cli('esports', 'tournament', 'list', '--status', 'running', '--json')
    const t = list
      .json()
      .esports_tournaments.find((x: { name: string }) => x.name === 'Fanspole PUBG Invitational')
    expect(t).toMatchObject({ squads_count: 16, current_round: 2, rounds_count: 2 })
    const show = (await cli('esports', 'tournament', 'show', String(t.id), '--json')).json()
      .esports_tournament
    expect(show.rounds.map((r: { status: string }) => r.status)).toEqual(['completed', 'seeded'])
    const r1 = (await cli('esports', 'tournament', 'slots', String(show.rounds[0].id), '--json')).json()
    expect(r1.slots.filter((s: { qualified: boolean }) => s.qualified)).toHaveLength(8)
    const final = (await cli('esports', 'tournament', 'slots', String(show.rounds[1].id), '--json')).json()
    expect(final.slots).toHaveLength(8)
    expect(final.slots.every((s: { points: number | null }) => s.points === null)).toBe(true)
  })
})
