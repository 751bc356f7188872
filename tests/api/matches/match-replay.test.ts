import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TestWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { leagueWorld, upcomingMatch } from '../../helpers/league'

let world: TestWorld
let api: ReturnType<typeof client>
let admin: { token: string }

beforeEach(async () => {
  // No automatic simulation: moving the clock must not start every other match's run.
  world = await leagueWorld(42, { autoSimulate: false })
  api = client(world.deps)
  admin = await api.admin()
})
afterEach(async () => {
  await world.deps.scheduler.stop()
  await world.close()
})

const HOUR = 3_600_000

/** Runs the due jobs until nothing more is due (a step re-arms the next one). */
async function drain() {
  for (let i = 0; i < 50; i++) if ((await world.deps.scheduler.runDue()) === 0) return
}

async function advance(ms: number) {
  expect((await api.post('/api/admin/clock', { advance_ms: ms }, admin.token)).status).toBe(200)
  await drain()
}

const eventsOf = async (matchId: number) =>
  world.deps.db
    .selectFrom('match_events')
    .select(['seq', 'payload', 'at_ms'])
    .where('match_id', '=', matchId)
    .orderBy('seq')
    .execute()

const pointsOf = async (matchId: number) =>
  (
    await world.deps.db
      .selectFrom('player_match_scores')
      .select(['player_id', 'total_score'])
      .where('match_id', '=', matchId)
      .orderBy('player_id')
      .execute()
  ).map((r) => [r.player_id, Number(r.total_score)])

/** A match played live by the simulator, to the end, so its events are spread over hours. */
async function completedMatch() {
  const match = await upcomingMatch(world.deps)
  expect(
    (await api.post(`/api/admin/matches/${match.id}/simulate`, { mode: 'live' }, admin.token)).status,
  ).toBe(200)
  // Long enough for any format the soonest match may have (a Test takes days).
  await advance(8 * 24 * HOUR)
  expect((await api.get(`/api/matches/${match.id}`)).body.match.match_status).toBe('completed')
  return match.id
}

describe('POST /api/admin/matches/:id/replay', () => {
  it('plays the stored events into a fresh copy, each at its moment, and ends with the same points', async () => {
    const sourceId = await completedMatch()
    const source = await eventsOf(sourceId)
    expect(source.length).toBeGreaterThan(200)
    const span = Number(source.at(-1)?.at_ms) - Number(source[0]?.at_ms)
    expect(span).toBeGreaterThan(HOUR)

    const started = await api.post(`/api/admin/matches/${sourceId}/replay`, { speed: 4 }, admin.token)
    expect(started.status).toBe(201)
    const { replay } = started.body
    expect(replay).toMatchObject({ source_id: sourceId, events: source.length, speed: 4 })
    expect(replay.match_id).not.toBe(sourceId)
    const now = world.deps.clock.now()
    expect(replay.ends_at_in_millis).toBe(now + Math.ceil(span / 4))

    const copy = (await api.get(`/api/matches/${replay.match_id}`)).body.match
    const original = (await api.get(`/api/matches/${sourceId}`)).body.match
    expect(copy.match_status).toBe('live')
    expect(copy.title).toBe(`${original.title} (replay)`)
    expect(copy.team1).toEqual(original.team1)

    // Live: the first events now, about half of them half-way through, all at the end.
    await drain()
    const first = (await eventsOf(replay.match_id)).length
    expect(first).toBeGreaterThan(0)
    expect(first).toBeLessThan(source.length)
    await advance(Math.ceil(span / 8))
    const half = (await eventsOf(replay.match_id)).length
    expect(half).toBeGreaterThan(first)
    expect(half).toBeLessThan(source.length)
    await advance(Math.ceil(span / 8) + 1000)

    const replayed = await eventsOf(replay.match_id)
    expect(replayed.map((e) => [e.seq, JSON.parse(e.payload)])).toEqual(
      source.map((e) => [e.seq, JSON.parse(e.payload)]),
    )
    // Each stamped with its replay instant: the source's spacing divided by the speed.
    const startAt = Number(source[0]?.at_ms)
    replayed.forEach((e, i) => {
      expect(Number(e.at_ms)).toBe(now + Math.ceil((Number(source[i]?.at_ms) - startAt) / 4))
    })
    expect((await api.get(`/api/matches/${replay.match_id}`)).body.match.match_status).toBe('completed')
    expect(await pointsOf(replay.match_id)).toEqual(await pointsOf(sourceId))
    // The source is untouched.
    expect((await eventsOf(sourceId)).length).toBe(source.length)
  })

  it('refuses a match that is not completed, a missing one, a bad speed and a player', async () => {
    const upcoming = await upcomingMatch(world.deps)
    const notDone = await api.post(`/api/admin/matches/${upcoming.id}/replay`, {}, admin.token)
    expect(notDone).toMatchObject({ status: 409, body: { code: 'MATCH_STATE' } })
    expect((await api.post('/api/admin/matches/999999/replay', {}, admin.token)).status).toBe(404)
    const slow = await api.post(`/api/admin/matches/${upcoming.id}/replay`, { speed: 0 }, admin.token)
    expect(slow).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED' } })
    const player = await api.player()
    const refused = await api.post(`/api/admin/matches/${upcoming.id}/replay`, {}, player.token)
    expect(refused).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } })
    const matches = await world.deps.db
      .selectFrom('matches')
      .select('id')
      .where('title', 'like', '%(replay)')
      .execute()
    expect(matches).toEqual([])
  })
})
