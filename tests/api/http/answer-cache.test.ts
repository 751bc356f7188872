import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answerCacheStats } from '../../../server/http/answer-cache'
import { hearingChanges, whileUnchanged as unchangedWhile } from '../../helpers/changes'
import { durableDatabase } from '../../helpers/db'
import type { TestWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { leagueWorld, upcomingMatch } from '../../helpers/league'

/**
 * The answer cache and the token cache (server/http/answer-cache.ts, http/token-cache.ts)
 * never serve what the database no longer holds: every kind of write, from this process or
 * another connection, and the clock passing a match start, makes the next read fresh.
 */
let world: TestWorld
let api: ReturnType<typeof client>
let drop: () => Promise<void>
beforeEach(async () => {
  const db = await durableDatabase('answers')
  drop = db.drop
  world = await leagueWorld(42, db.config)
  api = client(world.deps)
})
afterEach(async () => {
  await world.close()
  await drop()
})

/**
 * Runs `statement` on a connection of its own: another process, or a hand edit. On PostgreSQL
 * this process hears of it by its notification (db/change-listener.ts), a moment after the
 * commit: this waits until it has (and fails if it never does), so the next request is the
 * first one that must see it.
 */
async function elsewhere(statement: string, params: unknown[]): Promise<void> {
  const { config } = world.deps
  if (config.databaseUrl) {
    await hearingChanges(world.deps)
    const before = world.deps.dbHandle.changes.now()
    const other = new pg.Client({ connectionString: config.databaseUrl })
    await other.connect()
    try {
      await other.query(
        statement.replace(/\?/g, (_, i) => `$${countBefore(statement, i)}`),
        params,
      )
    } finally {
      await other.end()
    }
    for (let i = 0; world.deps.dbHandle.changes.now() === before; i++) {
      if (i > 300) throw new Error('the commit was never heard of')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    return
  }
  const other = new BetterSqlite3(config.dbFile)
  try {
    other.prepare(statement).run(...params)
  } finally {
    other.close()
  }
}
const countBefore = (text: string, at: number) => text.slice(0, at + 1).split('?').length - 1

const stats = () => answerCacheStats(world.deps)

const whileUnchanged = <T>(step: () => Promise<T>) => unchangedWhile(world.deps, step)

describe('the answer cache', () => {
  it('serves a read again from the cache while nothing is committed', async () => {
    const player = await api.player()
    const { first, again, before, after } = await whileUnchanged(async () => {
      const first = await api.get('/api/me', player.token)
      const before = stats()
      const again = await api.get('/api/me', player.token)
      return { first, again, before, after: stats() }
    })
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(after.hits).toBe(before.hits + 1)
    expect(after.fills).toBe(before.fills)
  })

  it('answers afresh after a write through the API', async () => {
    const player = await api.player()
    await api.get('/api/me', player.token)
    expect((await api.put('/api/me', { team_name: 'Night Owls' }, player.token)).status).toBe(200)
    expect((await api.get('/api/me', player.token)).body.user.team_name).toBe('Night Owls')
  })

  it('answers afresh after raw SQL on the server’s own connection', async () => {
    const player = await api.player()
    await api.get('/api/me', player.token)
    await api.get('/api/me', player.token)
    await sql`update users set team_name = ${'Raw Writers'} where id = ${player.id}`.execute(world.deps.db)
    expect((await api.get('/api/me', player.token)).body.user.team_name).toBe('Raw Writers')
  })

  it('answers afresh after a commit from another connection (another process, a hand edit; PostgreSQL: once notified)', async () => {
    const player = await api.player()
    await api.get('/api/me', player.token)
    await api.get('/api/me', player.token)
    await elsewhere('update users set team_name = ? where id = ?', ['Other Process', player.id])
    expect((await api.get('/api/me', player.token)).body.user.team_name).toBe('Other Process')
  })

  it('answers afresh when a contest list changes by a join (members_count moves no list version)', async () => {
    const player = await api.player()
    const list = async () => (await api.get('/api/contests?per_page=50', player.token)).body.contests
    const contest = (await list())[0]
    await list()
    await sql`update contests set members_count = members_count + 1 where id = ${contest.id}`.execute(
      world.deps.db,
    )
    const after = (await list()).find((c: { id: number }) => c.id === contest.id)
    expect(after.members_count).toBe(contest.members_count + 1)
  })

  it('answers afresh once the clock passes a match start, with nothing committed', async () => {
    const match = await upcomingMatch(world.deps)
    const player = await api.player()
    const read = async () => (await api.get(`/api/matches/${match.id}`, player.token)).body.match
    const contests = async () =>
      (await api.get(`/api/matches/${match.id}/contests`, player.token)).body.contests as Array<{
        joinable: boolean
      }>
    const { before, after } = await whileUnchanged(async () => {
      expect((await read()).locked).toBe(false)
      expect((await contests()).some((c) => c.joinable)).toBe(true)
      const before = stats()
      expect((await read()).locked).toBe(false)
      expect((await contests()).some((c) => c.joinable)).toBe(true)
      return { before, after: stats() }
    })
    expect(after.hits).toBe(before.hits + 2)

    const count = world.deps.dbHandle.changes.now()
    world.wall.advance(match.event_time_ms - world.deps.clock.now() + 1000)
    expect((await read()).locked).toBe(true)
    expect((await contests()).some((c) => c.joinable)).toBe(false)
    // Nothing was committed.
    expect(world.deps.dbHandle.changes.now()).toBe(count)
  })

  it('makes one answer for many simultaneous misses', async () => {
    const player = await api.player()
    let round = 0
    const { answers, before, after } = await whileUnchanged(async () => {
      // Each attempt on a page of its own, so that it misses.
      const path = `/api/contests/home?attempt=${round++}`
      const before = stats()
      const answers = await Promise.all(Array.from({ length: 8 }, () => api.get(path, player.token)))
      return { answers, before, after: stats() }
    })
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1)
    expect(after.fills).toBe(before.fills + 1)
  })

  it('does not keep a leaderboard whose standings come from the live scoreboard', async () => {
    const admin = await api.admin()
    const match = await upcomingMatch(world.deps)
    const contest = (await api.get(`/api/matches/${match.id}/contests`)).body.contests[0]
    expect((await api.post(`/api/admin/matches/${match.id}/start`, {}, admin.token)).status).toBe(200)
    const path = `/api/contests/${contest.id}/members`
    await api.get(path)
    const before = stats()
    expect((await api.get(path)).status).toBe(200)
    expect(stats().hits).toBe(before.hits)
    expect(stats().fills).toBe(before.fills + 1)
  })

  it('sends the same headers from the cache as any other answer', async () => {
    const player = await api.player()
    const fresh = await api.get('/api/me', player.token)
    const kept = await api.get('/api/me', player.token)
    const plain = await api.get('/api/notifications', player.token)
    const names = (h: Headers) => [...h.keys()].filter((k) => k !== 'content-length').sort()
    expect(names(kept.headers)).toEqual(names(plain.headers))
    expect(names(fresh.headers)).toEqual(names(plain.headers))
    for (const name of names(plain.headers))
      if (name !== 'x-request-id') expect(kept.headers.get(name)).toBe(plain.headers.get(name))
    expect(kept.headers.get('x-request-id')).not.toBe(fresh.headers.get('x-request-id'))
  })
})

describe('the token cache', () => {
  it('refuses a token revoked from another connection on the very next request (PostgreSQL: once notified)', async () => {
    const player = await api.player()
    expect((await api.get('/api/me', player.token)).status).toBe(200)
    expect((await api.get('/api/me', player.token)).status).toBe(200)
    await elsewhere('update oauth_access_tokens set revoked_at_ms = ? where user_id = ?', [1, player.id])
    const refused = await api.get('/api/me', player.token)
    expect(refused.status).toBe(401)
    expect(refused.body.error).toMatch(/revoked/)
  })

  it('refuses a token after sign-out, and one whose account was disabled', async () => {
    const player = await api.player()
    const other = await api.player()
    expect((await api.get('/api/me', player.token)).status).toBe(200)
    expect((await api.post('/oauth/revoke', { token: player.token }, player.token)).status).toBe(200)
    expect((await api.get('/api/me', player.token)).status).toBe(401)

    expect((await api.get('/api/me', other.token)).status).toBe(200)
    await sql`update users set status = ${'disabled'} where id = ${other.id}`.execute(world.deps.db)
    expect((await api.get('/api/me', other.token)).status).toBe(401)
  })

  it('refuses a kept token once it expires, with nothing committed', async () => {
    const player = await api.player()
    expect((await api.get('/api/me', player.token)).status).toBe(200)
    world.wall.advance(world.deps.config.accessTokenTtlMs + 1)
    const expired = await api.get('/api/me', player.token)
    expect(expired.status).toBe(401)
    expect(expired.body.error).toMatch(/expired/)
  })
})
