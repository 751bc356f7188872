/**
 * Databases for the HTTP benchmark: the seeded demo league (about 550 contests), and the same
 * league with its contests multiplied to a given total (clones of the seeded contests spread
 * over the same matches, so every list grows in proportion), plus what the reads need: a
 * signed-in player with entries, a contest with the most members, a match with contests, and
 * the events of a match to play while `/cable` is busy.
 */
import { copyFileSync, existsSync } from 'node:fs'
import { issueTokenPair } from '../../server/areas/auth/tokens'
import { bootDeps } from '../../server/boot'
import { loadConfig } from '../../server/core/config'
import { startServer } from '../../server/main'
import { simulatedEvents } from './match-events'

export interface BenchLeague {
  /** The signed-in player whose reads are measured. */
  playerId: number
  token: string
  adminToken: string
  matchId: number
  boardContestId: number
  cableMatchId: number
  cableEvents: unknown[]
}

/** `db`: a SQLite file, or a PostgreSQL URL (`--database`). */
export const benchConfig = (db: string, overrides: Record<string, unknown> = {}) =>
  loadConfig(
    {
      port: 0,
      ...(db.startsWith('postgres') ? { databaseUrl: db } : { dbFile: db }),
      logLevel: 'silent',
      autoSimulate: false,
      webDist: '/nonexistent',
      ...overrides,
    },
    {},
  )
const config = (db: string) => benchConfig(db)

export async function seedLeague(dbFile: string): Promise<BenchLeague> {
  const server = await startServer(config(dbFile), { seedIfEmpty: true })
  const { deps } = server
  const db = deps.db
  const player = await db
    .selectFrom('contest_members as cm')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .select(['u.id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('u.role', '=', 'player')
    .groupBy('u.id')
    .orderBy('n', 'desc')
    .orderBy('u.id')
    .executeTakeFirstOrThrow()
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow()
  // Tokens live as long as a refresh token, so the bench's reads never meet an expired one.
  const ttl = { accessTokenTtlMs: 86_400_000, refreshTokenTtlMs: 86_400_000 }
  const token = (await issueTokenPair(db, { userId: player.id, clientId: 'web' }, ttl, Date.now()))
    .access_token
  const adminToken = (await issueTokenPair(db, { userId: admin.id, clientId: 'cli' }, ttl, Date.now()))
    .access_token
  const now = deps.clock.now()
  const match = await db
    .selectFrom('contests as c')
    .innerJoin('matches as m', 'm.id', 'c.match_id')
    .select(['m.id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('m.status', '=', 'upcoming')
    .where('m.event_time_ms', '>', now)
    .groupBy('m.id')
    .orderBy('n', 'desc')
    .orderBy('m.id')
    .executeTakeFirstOrThrow()
  const board = await db
    .selectFrom('contests')
    .select('id')
    .orderBy('members_count', 'desc')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const cable = await db
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .select(['m.id', 'm.format'])
    .where('s.slug', '=', 'cricket')
    .where('m.status', '=', 'upcoming')
    .where('m.event_time_ms', '>', now)
    .where('m.id', '!=', match.id)
    .orderBy('m.event_time_ms')
    .executeTakeFirstOrThrow()
  const events = await simulatedEvents(db, cable, now, `bench:http:${cable.id}`)
  await server.close()
  return {
    playerId: player.id,
    token,
    adminToken,
    matchId: match.id,
    boardContestId: board.id,
    cableMatchId: cable.id,
    cableEvents: events,
  }
}

/** Copies a closed database file (and any WAL beside it). */
export function copyDatabase(from: string, to: string): void {
  copyFileSync(from, to)
  for (const suffix of ['-wal', '-shm'])
    if (existsSync(from + suffix)) copyFileSync(from + suffix, to + suffix)
}

/** Adds clones of the existing contests (new ids and invite codes, no members) up to `total`. */
export async function growContests(dbFile: string, total: number): Promise<number> {
  const deps = await bootDeps(config(dbFile), {})
  const db = deps.db
  const templates = await db.selectFrom('contests').selectAll().orderBy('id').execute()
  let count = templates.length
  const batch = 200
  while (count < total) {
    const rows: Array<Omit<(typeof templates)[number], 'id'>> = []
    for (let i = 0; i < batch && count < total; i++, count++) {
      const { id: _id, ...t } = templates[count % templates.length] as (typeof templates)[number]
      rows.push({ ...t, members_count: 0, invite_code: `BENCH${count}`, name: `${t.name} #${count}` })
    }
    await db.transaction().execute((tx) => tx.insertInto('contests').values(rows).execute())
  }
  await deps.dbHandle.close()
  return count
}
