import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deps } from '../../server/core/deps'
import { classicBody, sixForTeamA } from '../helpers/championship'
import { type ClusterWorld, clusterWorld, type Player, subscribed } from './helpers'

/**
 * The championship channel across processes: a ChampionshipChannel subscriber on node b sees the phase
 * board and its own team move as balls are scored through node a.
 */
let w: ClusterWorld
let alice: Player
let bob: Player

beforeAll(async () => {
  w = await clusterWorld('cl_champ')
  ;[alice, bob] = (await Promise.all(['alice_ch', 'bob_ch'].map((n) => w.player(n)))) as [Player, Player]
})
afterAll(async () => {
  await w?.close()
})

describe('ChampionshipChannel on two nodes', () => {
  it('streams my team’s live score on b for balls scored through a', async () => {
    // The three furthest upcoming cricket matches, in a phase of their own.
    const matches = await w.sql
      .selectFrom('matches as m')
      .innerJoin('sports as s', 's.id', 'm.sport_id')
      .select(['m.id', 'm.series_id', 'm.event_time_ms'])
      .where('s.slug', '=', 'cricket')
      .where('m.status', '=', 'upcoming')
      .orderBy('m.event_time_ms', 'desc')
      .limit(3)
      .execute()
    matches.reverse()
    const phase = await w.sql
      .insertInto('series_phases')
      .values({
        series_id: matches[0]!.series_id,
        name: 'Cluster Phase',
        phase_no: 98,
        starts_at_ms: Number(matches[0]!.event_time_ms),
        ends_at_ms: Number(matches[2]!.event_time_ms),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await w.sql
      .updateTable('matches')
      .set({ phase_id: phase.id, series_id: matches[0]!.series_id })
      .where(
        'id',
        'in',
        matches.map((m) => m.id),
      )
      .execute()
    const deps = { db: w.sql } as unknown as Deps
    const bodyA = await classicBody(deps, phase.id, 'a')
    const bodyB = await classicBody(deps, phase.id, 'b')
    const made = await w.a.api(
      'POST',
      '/api/championship/classic_teams',
      { phase_id: phase.id, ...bodyA },
      alice.token,
    )
    expect(made.status).toBe(201)
    expect(
      (await w.a.api('POST', '/api/championship/classic_teams', { phase_id: phase.id, ...bodyB }, bob.token))
        .status,
    ).toBe(201)

    const onB = await subscribed(w.b, alice.token, { channel: 'ChampionshipChannel', phase_id: phase.id })
    try {
      const m1 = matches[0]!.id
      const admin = await w.adminToken()
      expect((await w.a.api('POST', `/api/admin/matches/${m1}/start`, undefined, admin)).status).toBe(200)
      const events = await sixForTeamA(deps, m1, bodyA.player_ids, bodyB.player_ids)
      const posted = await w.a.api('POST', `/api/admin/matches/${m1}/events`, { events }, admin)
      expect(posted.status).toBe(200)
      const score = (
        await w.b.api(
          'GET',
          `/api/championship/classic_teams/${made.body.classic_team.id}/score`,
          undefined,
          alice.token,
        )
      ).body.classic_team_score
      expect(score.score).toBeGreaterThan(0)
      const mine = await onB.cable.take(
        (f) =>
          f.identifier === onB.identifier && f.message?.type === 'my_team' && f.message.score === score.score,
        10_000,
      )
      expect(mine.message).toMatchObject({ rank: 1, live_match_id: m1 })
      await onB.cable.take(
        (f) =>
          f.identifier === onB.identifier &&
          f.message?.type === 'leaderboard' &&
          f.message.top[0]?.score === score.score,
        10_000,
      )
      expect(w.errors()).toEqual([])
    } finally {
      await onB.cable.close()
    }
  })
})
