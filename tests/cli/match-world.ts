import { afterAll, beforeAll, expect } from 'vitest'
import { loadConfig } from '../../server/core/config'
import { type RunningServer, startServer } from '../../server/main'
import { durableDatabase } from '../helpers/db'
import { client } from '../helpers/http'
import { squadOf, validTeamBody } from '../helpers/league'
import { type CliResult, runCli, tempDir } from './helpers'

/**
 * A real server on a free port over a temporary database (a SQLite file, or a scratch
 * PostgreSQL database in the Postgres leg) with the demo league seeded
 * (no automatic simulation: tests drive matches themselves), an empty FANSPOLE_HOME, and
 * the in-process API client for setting things up.
 */
export interface LeagueCliWorld {
  server: RunningServer
  /** Env for runCli: this server, a private FANSPOLE_HOME, the seeded admin. */
  env: NodeJS.ProcessEnv
  api: ReturnType<typeof client>
  adminToken: string
  close(): Promise<void>
}

export async function leagueCliWorld(): Promise<LeagueCliWorld> {
  const data = await durableDatabase('fanspole')
  const config = loadConfig({ ...data.config, port: 0, logLevel: 'silent', autoSimulate: false }, {})
  const server = await startServer(config, { seedIfEmpty: true })
  const home = tempDir('fanspole-home-')
  const api = client(server.deps)
  const adminToken = (await api.login(config.admin.email, config.admin.password)).access_token
  return {
    server,
    api,
    adminToken,
    env: {
      FANSPOLE_SERVER: server.url,
      FANSPOLE_HOME: home.dir,
      FANSPOLE_ADMIN_EMAIL: config.admin.email,
      FANSPOLE_ADMIN_PASSWORD: config.admin.password,
    },
    close: async () => {
      await server.close()
      home.remove()
      await data.drop()
    },
  }
}

export interface LeagueCli {
  /** Set before the file's first test. */
  world: LeagueCliWorld
  /** `fanspole …` against the world's server, with its FANSPOLE_HOME. */
  cli(...args: string[]): Promise<CliResult>
  /** Signs the CLI in as this account (after signing whoever was in out). */
  signIn(p: { email: string; password: string }): Promise<void>
  /** A player with ₹`rupees` and a team for the match (`teamedPlayer` in this world). */
  friend(matchId: number, name: string, rupees: number, access?: boolean): ReturnType<typeof teamedPlayer>
  /** The player's unused balance in rupees, as /api/me tells it. */
  unused(token: string): Promise<number>
}

/** One league world for the whole file, and the CLI pointed at it: the CLI tests' usual set-up. */
export function leagueCli(): LeagueCli {
  const kit = {} as LeagueCli
  // Starting a server and seeding a league on a file database takes more than Vitest's 10 s
  // default hook timeout on a loaded 2-core machine.
  beforeAll(async () => {
    kit.world = await leagueCliWorld()
  }, 60_000)
  afterAll(() => kit.world.close())
  kit.cli = (...args) => runCli(args, kit.world.env)
  kit.signIn = async (p) => {
    await kit.cli('logout')
    expect((await kit.cli('login', '--email', p.email, '--password', p.password)).code).toBe(0)
  }
  kit.friend = (matchId, name, rupees, access = false) =>
    teamedPlayer(kit.world, matchId, name, rupees, access)
  kit.unused = async (token) => (await kit.world.api.get('/api/me', token)).body.user.unused_balance
  return kit
}

/** The world's upcoming T20 matches, listed once: tests that complete a match must not shift the others' numbers. */
const upcomingT20 = new WeakMap<LeagueCliWorld, Promise<Array<{ id: number }>>>()

/** The n-th upcoming T20 cricket match (soonest first) with its contests; tests take different ones. */
export async function cricketMatch(world: LeagueCliWorld, n: number) {
  const { deps } = world.server
  let listed = upcomingT20.get(world)
  if (!listed) {
    listed = deps.db
      .selectFrom('matches as m')
      .innerJoin('sports as s', 's.id', 'm.sport_id')
      .select('m.id')
      .where('s.slug', '=', 'cricket')
      .where('m.status', '=', 'upcoming')
      .where('m.format', '=', 'T20')
      .where('m.event_time_ms', '>', deps.clock.now() + 3_600_000)
      .orderBy('m.event_time_ms')
      .orderBy('m.id')
      .execute()
    upcomingT20.set(world, listed)
  }
  const row = (await listed)[n]
  if (!row) throw new Error(`no upcoming T20 match number ${n}`)
  const match = (await world.api.get(`/api/matches/${row.id}`)).body.match
  const { contests } = (await world.api.get(`/api/matches/${row.id}/contests?per_page=100`)).body
  return { match, contests: contests as Array<Record<string, any>> }
}

/** A player with credit, a valid team for the match and (optionally) an entry in a contest. */
export async function entrant(world: LeagueCliWorld, matchId: number, contestId?: number, salt = 'x') {
  const player = await world.api.player()
  await world.api.post('/api/admin/wallet/credits', { user_id: player.id, amount: 500 }, world.adminToken)
  const body = await validTeamBody(world.server.deps, matchId, 'cricket', salt)
  const team = (await world.api.post(`/api/matches/${matchId}/user_teams`, body, player.token)).body.user_team
  let memberId: number | undefined
  if (contestId !== undefined) {
    const joined = await world.api.post(`/api/contests/${contestId}/join`, { team_id: team.id }, player.token)
    if (joined.status !== 200) throw new Error(`join failed: ${JSON.stringify(joined.body)}`)
    memberId = joined.body.member_id
  }
  return { player, team, memberId, ids: body.player_ids.split(',').map(Number) as number[] }
}

/** Lineups of both sides that include `named`, then one ball: `batter` hits `runs` off `bowler`. */
export async function oneBall(
  world: LeagueCliWorld,
  matchId: number,
  ball: { batter: number; nonStriker: number; bowler: number; runs: number; seq?: number },
  withLineups = true,
) {
  const squad = await squadOf(world.server.deps, matchId)
  const sides = [...new Set(squad.map((p) => p.real_team_id))]
  const named = [ball.batter, ball.nonStriker, ball.bowler]
  const lineups = sides.map((side) => {
    const ids = squad.filter((p) => p.real_team_id === side).map((p) => p.id)
    const first = named.filter((id) => ids.includes(id))
    return {
      type: 'lineup',
      team_id: side,
      player_ids: [...first, ...ids.filter((id) => !first.includes(id))].slice(0, 11),
    }
  })
  const event = {
    ...(ball.seq !== undefined ? { seq: ball.seq } : {}),
    type: 'ball',
    innings: 1,
    over: 0,
    ball: 1,
    batter_id: ball.batter,
    non_striker_id: ball.nonStriker,
    bowler_id: ball.bowler,
    runs: ball.runs,
    boundary: ball.runs === 4 || ball.runs === 6,
  }
  return { lineups, event, events: withLineups ? [...lineups, event] : [event] }
}

/** A player with ₹`rupees` and a team for the match; `access` grants paid-contest creation. */
export async function teamedPlayer(
  world: LeagueCliWorld,
  matchId: number,
  name: string,
  rupees: number,
  access = false,
) {
  const p = await world.api.player(name)
  if (rupees > 0)
    await world.api.post('/api/admin/wallet/credits', { user_id: p.id, amount: rupees }, world.adminToken)
  if (access) {
    const granted = await world.api.post(
      `/api/admin/users/${p.id}/contest_access`,
      { note: 'test' },
      world.adminToken,
    )
    expect(granted.status).toBeLessThan(300)
  }
  const body = await validTeamBody(world.server.deps, matchId, 'cricket', name)
  const made = await world.api.post(`/api/matches/${matchId}/user_teams`, body, p.token)
  expect(made.status).toBe(201)
  return { ...p, team: made.body.user_team as { id: number } }
}
