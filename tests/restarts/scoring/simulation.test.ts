import { afterAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../server/db/tx'
import { spawnServer } from '../../helpers/child-server'
import { failedJobs, rowById } from '../../helpers/db'
import { cloneDatabase, freshDatabase } from '../../helpers/restart-db'
import { type RestartWorld, restartWorld, waitFor } from '../helpers'

const worlds: RestartWorld[] = []
afterAll(async () => {
  for (const w of worlds) await w.close()
})

/** One upcoming match per sport family, as the demo league seeds them. */
async function oneMatchPerSport(sql: Db): Promise<number[]> {
  const ids: number[] = []
  for (const [slug, format] of [
    ['cricket', 'T20'],
    ['football', null],
    ['f1', 'Race'],
    ['pubg', 'Match'],
  ] as const) {
    let q = sql
      .selectFrom('matches as m')
      .innerJoin('sports as s', 's.id', 'm.sport_id')
      .select('m.id')
      .where('s.slug', '=', slug)
      .where('m.status', '=', 'upcoming')
    q = format === null ? q.where('m.format', 'is', null) : q.where('m.format', '=', format)
    const row = await q.orderBy('m.event_time_ms').orderBy('m.id').executeTakeFirstOrThrow()
    ids.push(row.id)
  }
  return ids
}

/** A match's stored events, each timed from the match's start. */
async function eventsOf(sql: Db, matchId: number) {
  const match = await rowById(sql, 'matches', matchId, 'locked_at_ms')
  const rows = await sql
    .selectFrom('match_events')
    .select(['seq', 'type', 'payload', 'at_ms'])
    .where('match_id', '=', matchId)
    .orderBy('seq')
    .execute()
  return rows.map((r) => ({
    seq: r.seq,
    type: r.type,
    event: JSON.parse(r.payload),
    after_ms: Number(r.at_ms) - Number(match.locked_at_ms),
  }))
}

async function simulateLive(world: RestartWorld, matchIds: number[]) {
  const token = await world.adminToken()
  // A T20 is 3 h 20 min of game time: about 12 s at 1000×.
  expect((await world.api('POST', '/api/admin/clock', { speed: 1000 }, token)).status).toBe(200)
  for (const id of matchIds) {
    const res = await world.api('POST', `/api/admin/matches/${id}/simulate`, { mode: 'live' }, token)
    expect(res.status).toBe(200)
  }
}

function allCompleted(world: RestartWorld, matchIds: number[]) {
  return waitFor(
    async () => {
      const rows = await world.sql
        .selectFrom('matches')
        .select('status')
        .where('id', 'in', matchIds)
        .execute()
      return rows.every((r) => r.status === 'completed')
    },
    'every simulated match to complete',
    60_000,
  )
}

describe('a live simulation across kill -9', () => {
  it('carries on where it stopped: every match completes with the events of a run without a restart, and its contests settle', async () => {
    // One seeded league, copied twice: one copy is killed mid-match, the other never is.
    const seeded = await freshDatabase('rst_sim')
    await (await spawnServer({ ...seeded.target, seedLeague: true })).stop()
    const [crashed, steady] = await Promise.all([
      cloneDatabase(seeded, 'rst_sim_a').then((db) => restartWorld(db)),
      cloneDatabase(seeded, 'rst_sim_b').then((db) => restartWorld(db)),
    ])
    worlds.push(crashed, steady)
    await seeded.drop()
    const matchIds = await oneMatchPerSport(crashed.sql)
    expect(await oneMatchPerSport(steady.sql)).toEqual(matchIds)
    const cricket = matchIds[0] as number

    await Promise.all([simulateLive(crashed, matchIds), simulateLive(steady, matchIds)])
    // kill -9 once the cricket match is under way (its lineups and a few overs are in).
    await waitFor(
      async () => (await eventsOf(crashed.sql, cricket)).length >= 40,
      'the cricket match to be under way',
    )
    await crashed.server.crash()
    const stoppedAt = (await eventsOf(crashed.sql, cricket)).length
    await crashed.start()

    await Promise.all([allCompleted(crashed, matchIds), allCompleted(steady, matchIds)])
    for (const id of matchIds) {
      const after = await eventsOf(crashed.sql, id)
      expect(after).toEqual(await eventsOf(steady.sql, id))
      expect(after.length).toBeGreaterThan(0)
    }
    expect((await eventsOf(crashed.sql, cricket)).length).toBeGreaterThan(stoppedAt)
    for (const world of [crashed, steady]) {
      expect(await failedJobs(world.sql)).toEqual([])
      // Every contest of the simulated matches is paid (or was cancelled at the start).
      const open = await world.sql
        .selectFrom('contests')
        .select(['id', 'status'])
        .where('match_id', 'in', matchIds)
        .where('status', 'not in', ['completed', 'cancelled'])
        .execute()
      expect(open).toEqual([])
    }

    // A second `simulate` on a finished match is the ordinary 409, not a stuck state.
    const again = await crashed.api(
      'POST',
      `/api/admin/matches/${cricket}/simulate`,
      { mode: 'live' },
      await crashed.adminToken(),
    )
    expect(again.status).toBe(409)
  })
})
