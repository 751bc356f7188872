import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../../helpers/deps'
import { seedLeague, upcomingMatch } from '../../helpers/league'
import { type CliWorld, cliWorld, exits, runCli, tempDir } from '../helpers'

/**
 * `fanspole auction create --lot-timer --quiet-hours --time-zone --stand-in` (docs/auctions.md,
 * "Over days"): an auction that runs over days, from the terminal.
 */

let world: CliWorld
let env: NodeJS.ProcessEnv
let matchId: number

beforeAll(async () => {
  world = await cliWorld()
  const deps = world.server.deps
  await seedLeague(deps)
  const u = await makeUser(deps)
  env = { ...world.env, FANSPOLE_HOME: tempDir('fanspole-home-').dir }
  expect((await runCli(['login', '--email', u.email, '--password', u.password], env)).code).toBe(0)
  matchId = (await upcomingMatch(deps)).id
})
afterAll(() => world.close())

const create = (...args: string[]) =>
  runCli(
    ['auction', 'create', '--name', 'Over days', '--match', String(matchId), '--squad', '2-4', ...args],
    env,
  )

describe('fanspole auction create: an auction that runs over days', () => {
  it('creates one with 6-hour lots, quiet hours in Kolkata and stand-ins, and shows them', async () => {
    const made = await create(
      '--lot-timer',
      '6h',
      '--quiet-hours',
      '22:00-08:00',
      '--time-zone',
      'Asia/Kolkata',
      '--stand-in',
    )
    expect(made.code, made.stderr).toBe(0)
    expect(made.stdout).toContain(
      'Quiet hours 22:00–08:00 (Asia/Kolkata) · bots stand in for absent students',
    )
    const json = await create(
      '--lot-timer',
      '6h',
      '--quiet-hours',
      '22:00-08:00',
      '--time-zone',
      'Asia/Kolkata',
      '--json',
    )
    expect(json.code, json.stderr).toBe(0)
    const auction = json.json().auction
    expect(auction).toMatchObject({
      lot_seconds: 21_600,
      quiet_hours: { from: '22:00', to: '08:00', time_zone: 'Asia/Kolkata' },
      paused_until: null,
      stand_in: false,
    })
    const shown = await runCli(['auction', 'show', String(auction.id)], env)
    expect(shown.stdout).toContain('Quiet hours 22:00–08:00 (Asia/Kolkata)')
  })

  it('names the flags in the help, with an example', async () => {
    const help = await runCli(['auction', 'create', '--help'], env)
    for (const flag of [
      '--lot-timer <duration>',
      '--quiet-hours <from-to>',
      '--time-zone <zone>',
      '--stand-in',
    ])
      expect(help.stdout).toContain(flag)
    const group = await runCli(['auction', '--help'], env)
    expect(group.stdout).toContain(
      '--lot-timer 6h --quiet-hours 22:00-08:00 --time-zone Asia/Kolkata --stand-in',
    )
  })

  it('refuses a bad window or zone with exit 2 naming the form, and a long lot without a window with the server’s 422', async () => {
    exits(
      await create('--quiet-hours', '10pm-8am'),
      2,
      '--quiet-hours: expected HH:MM-HH:MM in 24-hour time, e.g. 22:00-08:00',
    )
    exits(await create('--quiet-hours', '22:00'), 2, '--quiet-hours: expected HH:MM-HH:MM')
    exits(await create('--quiet-hours', '22:00-22:00'), 2, '--quiet-hours: from and to must differ')
    exits(
      await create('--quiet-hours', '22:00-08:00', '--time-zone', 'Asia/Atlantis'),
      2,
      '--time-zone: expected an IANA time zone such as Asia/Kolkata',
    )
    exits(await create('--time-zone', 'Asia/Kolkata'), 2, '--time-zone goes with --quiet-hours')
    exits(
      await create('--lot-timer', 'six hours'),
      2,
      '--lot-timer: expected a whole number of seconds as a duration',
    )
    const long = await create('--lot-timer', '6h')
    expect(long.code).toBe(1)
    expect(long.stderr).toContain('up to 86400 (a day) in an auction that runs over days, with quiet_hours')
  })
})
