import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../../helpers/deps'
import { seedLeague } from '../../helpers/league'
import { type CliWorld, cliWorld, exits, runCli, tempDir } from '../helpers'

/** `fanspole auction create --series|--match --pool --max-managers` (docs/auctions.md, Pools and capacity). */

let world: CliWorld
let env: NodeJS.ProcessEnv
let seriesId: number

beforeAll(async () => {
  world = await cliWorld()
  const deps = world.server.deps
  await seedLeague(deps)
  const u = await makeUser(deps)
  env = { ...world.env, FANSPOLE_HOME: tempDir('fanspole-home-').dir }
  expect((await runCli(['login', '--email', u.email, '--password', u.password], env)).code).toBe(0)
  seriesId = (
    await deps.db
      .selectFrom('series')
      .select('id')
      .where('name', 'like', 'Premier T20 League%')
      .executeTakeFirstOrThrow()
  ).id
})
afterAll(() => world.close())

const create = (...args: string[]) => runCli(['auction', 'create', '--name', 'Class of 30', ...args], env)
/** An auction on the series' players, balanced, squads of 11 to 15. */
const balanced = (...args: string[]) =>
  create('--series', String(seriesId), ...args, '--balanced', '--squad', '11-15')

describe('fanspole auction create --pool', () => {
  it('creates a league-pool auction for a class of 30 and says how many managers it takes', async () => {
    const text = await balanced('--pool', 'league')
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toMatch(/Takes 3\d managers \(3\d\d players, squads of 11\): 3\d seats left/)
    const json = await balanced('--pool', 'league', '--max-managers', '30', '--json')
    expect(json.code, json.stderr).toBe(0)
    expect(json.json().auction).toMatchObject({ max_managers: 30, seats_left: 30, series_id: seriesId })
    const shown = await runCli(['auction', 'show', String(json.json().auction.id)], env)
    expect(shown.stdout).toContain('Takes 30 managers')
  })

  it('refuses more managers than the pool takes (1, with the server’s count) and bad flags (2)', async () => {
    const over = await balanced('--max-managers', '20')
    expect(over.code).toBe(1)
    expect(over.stderr).toMatch(
      /must be at most 1\d: the series pool of \d+ players takes at most 1\d managers/,
    )
    const neither = await create()
    exits(neither, 2, 'give --match <id> or --series <id>')
    const pool = await create('--series', String(seriesId), '--pool', 'world')
    exits(pool, 2, '--pool: expected match, series or league, got "world"')
    const many = await create('--series', String(seriesId), '--max-managers', '41')
    exits(many, 2, '--max-managers: expected a number of managers from 2 to 40, got "41"')
  })
})
