import type { Deps } from '../../core/deps'
import type { SquadPlayer } from '../matches'
import { Scoreboard } from './board'

/**
 * Builds a match's scoreboard from its teams and the entries of its live contests. A big match
 * has a million teams: on SQLite the rows stream through raw prepared statements straight
 * into typed arrays (no row objects, no split strings), which is what keeps a restart's
 * rebuild to a few seconds. Postgres goes through Kysely.
 */
export async function loadBoard(
  deps: Deps,
  matchId: number,
  squad: SquadPlayer[],
  size: number,
): Promise<Scoreboard> {
  const sqlite = deps.dbHandle.sqlite
  const playerIds = squad.map((p) => p.id)
  if (!sqlite) return loadThroughKysely(deps, matchId, playerIds, size)

  // Counts, then rows, with no await in between: nothing can write in the meantime.
  const count = (sql: string) => Number(sqlite.prepare(sql).pluck().get(matchId))
  const T = count('select count(*) from user_teams where match_id = ?')
  const ids = new Int32Array(T)
  const players = new Int32Array(T * size)
  const captains = new Int32Array(T)
  const vices = new Int32Array(T)
  let t = 0
  const teams = sqlite
    .prepare(
      'select id, player_ids, captain_id, vice_captain_id from user_teams where match_id = ? order by id',
    )
    .raw()
  for (const row of teams.iterate(matchId) as Iterable<[number, string, number, number]>) {
    if (t === T) throw new Error(`match ${matchId} gained teams while its scoreboard loaded`)
    ids[t] = row[0]
    captains[t] = row[2]
    vices[t] = row[3]
    if (parseIds(row[1], players, t * size, size) !== size)
      throw new Error(`team ${row[0]} holds ${row[1].split(',').length} players, not ${size}`)
    t++
  }

  const entriesSql = `from contests c join contest_members cm on cm.contest_id = c.id
    where c.match_id = ? and c.status != 'cancelled'`
  const E = count(`select count(*) ${entriesSql}`)
  const memberIds = new Int32Array(E)
  const contestIds = new Int32Array(E)
  const teamIds = new Int32Array(E)
  const userIds = new Int32Array(E)
  let e = 0
  const entries = sqlite
    .prepare(`select cm.id, cm.contest_id, cm.user_team_id, cm.user_id ${entriesSql}`)
    .raw()
  for (const row of entries.iterate(matchId) as Iterable<[number, number, number, number]>) {
    if (e === E) throw new Error(`match ${matchId} gained entries while its scoreboard loaded`)
    memberIds[e] = row[0]
    contestIds[e] = row[1]
    teamIds[e] = row[2]
    userIds[e] = row[3]
    e++
  }
  return new Scoreboard(
    playerIds,
    size,
    { ids, players, captains, vices },
    { memberIds, contestIds, teamIds, userIds },
  )
}

/** Writes the comma-separated ids of `text` into `out` from `at`; returns how many there were. */
function parseIds(text: string, out: Int32Array, at: number, max: number): number {
  let n = 0
  let value = 0
  let digits = 0
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44
    if (c === 44) {
      if (digits === 0) return -1
      if (n === max) return max + 1
      out[at + n++] = value
      value = 0
      digits = 0
    } else if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48)
      digits++
    } else return -1
  }
  return n
}

async function loadThroughKysely(deps: Deps, matchId: number, playerIds: number[], size: number) {
  const teams = await deps.db
    .selectFrom('user_teams')
    .select(['id', 'player_ids', 'captain_id', 'vice_captain_id'])
    .where('match_id', '=', matchId)
    .orderBy('id')
    .execute()
  const players = new Int32Array(teams.length * size)
  teams.forEach((row, i) => {
    if (parseIds(row.player_ids, players, i * size, size) !== size)
      throw new Error(`team ${row.id} holds ${row.player_ids.split(',').length} players, not ${size}`)
  })
  const entries = await deps.db
    .selectFrom('contest_members as cm')
    .innerJoin('contests as c', 'c.id', 'cm.contest_id')
    .select(['cm.id', 'cm.contest_id', 'cm.user_team_id', 'cm.user_id'])
    .where('c.match_id', '=', matchId)
    .where('c.status', '!=', 'cancelled')
    .execute()
  return new Scoreboard(
    playerIds,
    size,
    {
      ids: Int32Array.from(teams, (r) => r.id),
      players,
      captains: Int32Array.from(teams, (r) => r.captain_id),
      vices: Int32Array.from(teams, (r) => r.vice_captain_id),
    },
    {
      memberIds: Int32Array.from(entries, (r) => r.id),
      contestIds: Int32Array.from(entries, (r) => r.contest_id),
      teamIds: Int32Array.from(entries, (r) => r.user_team_id),
      userIds: Int32Array.from(entries, (r) => r.user_id),
    },
  )
}
