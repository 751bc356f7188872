import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exits, runCli } from '../helpers'
import { type LeagueCliWorld, leagueCliWorld } from '../match-world'

let world: LeagueCliWorld
let seriesId: number
let phaseId: number
beforeAll(async () => {
  world = await leagueCliWorld()
  const m = await world.server.deps.db
    .selectFrom('matches')
    .select(['series_id', 'phase_id'])
    .where('phase_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  seriesId = m.series_id
  phaseId = m.phase_id as number
})
afterAll(() => world.close())

const cli = (...args: string[]) => runCli(args, world.env)

async function signIn(p: { email: string; password: string }) {
  await cli('logout')
  expect((await cli('login', '--email', p.email, '--password', p.password)).code).toBe(0)
}

/** `owner` signs in and creates the gang `name` with `flags`: the gang, as `--json` answers it. */
async function createGang(owner: { email: string; password: string }, name: string, ...flags: string[]) {
  await signIn(owner)
  const created = await cli('gang', 'create', name, ...flags, '--json')
  expect(created.code).toBe(0)
  return created.json().gang
}

describe('fanspole gang', () => {
  it('creates a daily gang, another player joins it by code, and both see it ranked', async () => {
    const owner = await world.api.player('gangowner')
    const mate = await world.api.player('gangmate')
    const gang = await createGang(
      owner,
      'Hostel 4',
      '--series',
      String(seriesId),
      '--motto',
      'We never sleep',
    )
    expect(gang).toMatchObject({
      name: 'Hostel 4',
      league_motto: 'We never sleep',
      is_public: true,
      mode: 'daily',
    })

    await signIn(mate)
    const joined = await cli('gang', 'join', gang.league_code.toLowerCase())
    expect(joined.code).toBe(0)
    expect(joined.stdout).toMatch(/^gang +Hostel 4$/m)
    expect(joined.stdout).toMatch(/^members +2$/m)
    const again = await cli('gang', 'join', gang.league_code)
    exits(again, 1, 'error: 409 ALREADY_JOINED: You are already in this gang')

    const mine = await cli('gang', 'show', '--series', String(seriesId))
    expect(mine.code).toBe(0)
    expect(mine.stdout.split('\n')[0]).toMatch(/^ *ID +GANG +MANAGER +MEMBERS +SCORE +MY RANK +CODE$/)
    expect(mine.stdout).toMatch(new RegExp(`Hostel 4 +gangowner +2 +0 +1 +${gang.league_code}$`, 'm'))

    const one = await cli('gang', 'show', String(gang.id), '--series', String(seriesId), '--json')
    expect(one.code).toBe(0)
    expect(
      one.json().members.map((m: { user: { id: number }; rank: number }) => [m.user.id, m.rank]),
    ).toEqual([
      [owner.id, 1],
      [mate.id, 1],
    ])
    const table = await cli('gang', 'show', String(gang.id), '--series', String(seriesId))
    expect(table.stdout).toMatch(/^ +1 +gangowner \(manager\) +0$/m)
  })

  it('asks to join a private championship gang, and refuses a plain join with the 403', async () => {
    const owner = await world.api.player('phaseowner')
    const asker = await world.api.player('phaseasker')
    const gang = await createGang(owner, 'Phase pals', '--phase', String(phaseId), '--private')
    expect(gang).toMatchObject({ mode: 'championship', is_public: false, series_phase: { id: phaseId } })

    await signIn(asker)
    const plain = await cli('gang', 'join', gang.league_code)
    exits(plain, 1, 'error: 403 FORBIDDEN: This gang is private')
    const ask = await cli('gang', 'join', gang.league_code, '--request')
    expect(ask.code).toBe(0)
    expect(ask.stdout).toMatch(/^you +asked to join; waiting for the manager$/m)
    const hidden = await cli('gang', 'show', String(gang.id), '--phase', String(phaseId))
    exits(hidden, 1, 'error: 404 NOT_FOUND: Gang not found')
  })

  it('exits 2 on usage errors', async () => {
    const neither = await cli('gang', 'show')
    exits(neither, 2, 'give exactly one of --series <id> (daily gangs) or --phase <id>')
    const both = await cli('gang', 'create', 'X', '--series', '1', '--phase', '1')
    expect(both.code).toBe(2)
    const badId = await cli('gang', 'show', 'abc', '--series', '1')
    exits(badId, 2, 'gang id: expected a positive whole number, got "abc"')
  })
})
