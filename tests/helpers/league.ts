import { seedDemoLeague } from '../../seeds/demo-league'
import { hashPassword } from '../../server/areas/auth/passwords'
import { matchSquad } from '../../server/areas/matches/queries'
import type { Config } from '../../server/core/config'
import type { Deps } from '../../server/core/deps'
import { createRng } from '../../server/domain/rng'
import { pickTeam } from '../../server/domain/team-picker'
import { type TestWorld, testWorld } from './deps'

/** A test world with the demo league seeded (no demo users: tests make their own). */
export async function leagueWorld(seed = 42, overrides: Partial<Config> = {}): Promise<TestWorld> {
  const world = await testWorld({ seed, ...overrides })
  await seedLeague(world.deps, seed)
  return world
}

/** The demo league seeded into a database as `fanspole seed` would, at its clock's now, with no demo users. */
export async function seedLeague(deps: Deps, seed = 42) {
  return seedDemoLeague(deps.db, {
    seed,
    nowMs: deps.clock.now(),
    users: 0,
    admin: deps.config.admin,
    demo: deps.config.demo,
    hashPassword,
  })
}

/** The first cricket series (lowest id) of the league. */
export async function cricketSeriesId(deps: Deps): Promise<number> {
  const row = await deps.db
    .selectFrom('series as s')
    .innerJoin('sports as sp', 'sp.id', 's.sport_id')
    .select('s.id')
    .where('sp.slug', '=', 'cricket')
    .orderBy('s.id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Every upcoming match with its sport's slug, in id order. */
export function upcomingMatches(deps: Deps) {
  return deps.db
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .where('m.status', '=', 'upcoming')
    .select(['m.id', 's.slug'])
    .orderBy('m.id')
    .execute()
}

/** The first upcoming match of a sport (soonest first) that has contests. */
export async function upcomingMatch(deps: Deps, sport = 'cricket') {
  const row = await deps.db
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .select(['m.id', 'm.event_time_ms', 'm.team1_id', 'm.team2_id', 'm.format'])
    .where('s.slug', '=', sport)
    .where('m.status', '=', 'upcoming')
    .where('m.event_time_ms', '>', deps.clock.now() + 60_000)
    .orderBy('m.event_time_ms')
    .executeTakeFirstOrThrow()
  return { ...row, event_time_ms: Number(row.event_time_ms) }
}

export async function squadOf(deps: Deps, matchId: number) {
  return (await matchSquad(deps.db, matchId)).map((p) => ({
    id: p.id,
    style: p.style,
    value_tenths: p.value_tenths,
    real_team_id: p.real_team_id,
  }))
}

/** A player in the squad of none of `matchIds`: one a team of those matches may not pick. */
export async function playerOutside(deps: Deps, matchIds: number[]): Promise<number> {
  const squads = deps.db.selectFrom('match_players').select('player_id').where('match_id', 'in', matchIds)
  const row = await deps.db
    .selectFrom('players')
    .select('id')
    .where('id', 'not in', squads)
    .executeTakeFirstOrThrow()
  return row.id
}

/** A valid team for a match, as the API wants it (`player_ids` comma-joined). */
export async function validTeamBody(deps: Deps, matchId: number, sport = 'cricket', salt = 'a') {
  const team = pickTeam(sport, await squadOf(deps, matchId), createRng(9).stream(`test:${matchId}:${salt}`))
  if (!team) throw new Error(`no valid team for match ${matchId}`)
  return {
    player_ids: team.player_ids.join(','),
    captain: team.captain_id,
    vice_captain: team.vice_captain_id,
  }
}

/** A ball of `runs` off the first bowler of one side to the first two batters of the other. */
export async function firstBall(deps: Deps, matchId: number, runs: number) {
  const squad = await squadOf(deps, matchId)
  const [a, b] = [...new Set(squad.map((p) => p.real_team_id))]
  const batting = squad.filter((p) => p.real_team_id === a)
  return {
    batter: (batting[0] as { id: number }).id,
    nonStriker: (batting[1] as { id: number }).id,
    bowler: (squad.find((p) => p.real_team_id === b) as { id: number }).id,
    runs,
  }
}
