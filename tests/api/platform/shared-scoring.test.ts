import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { followMatchStandings } from '../../../server/areas/scoring/standings-relay'
import type { BusMessage } from '../../../server/lib/bus'
import { ball } from '../../helpers/cricket-events'
import { TEST_DIALECT } from '../../helpers/db'
import { client } from '../../helpers/http'
import { seedLeague, squadOf, upcomingMatch, validTeamBody } from '../../helpers/league'
import { twoNodes } from '../../helpers/two-nodes'

// Live scoreboards are kept per process; on PostgreSQL a ball stored through
// one process moves the standings every other process serves (HTTP and /cable).

let nodes: Awaited<ReturnType<typeof twoNodes>>
let a: ReturnType<typeof client>
let b: ReturnType<typeof client>
let matchId: number
let contestId: number
let lineup: number[][]

describe.skipIf(TEST_DIALECT !== 'postgres')('two server processes scoring one match', () => {
  let admin: { token: string }
  beforeAll(async () => {
    nodes = await twoNodes()
    const deps = nodes.a.deps
    await seedLeague(deps)
    a = client(nodes.a.deps)
    b = client(nodes.b.deps)
    admin = await a.admin()
    const match = await upcomingMatch(deps)
    matchId = match.id
    const squad = await squadOf(deps, matchId)
    const sides = [...new Set(squad.map((p) => p.real_team_id))]
    lineup = sides.map((t) =>
      squad
        .filter((p) => p.real_team_id === t)
        .map((p) => p.id)
        .slice(0, 11),
    )
    const contest = (await a.get(`/api/matches/${matchId}/contests?per_page=50`)).body.contests.find(
      (c: { entry_fee: number }) => c.entry_fee === 0,
    )
    contestId = contest.id
    for (const salt of ['p1', 'p2']) {
      const p = await a.player()
      const body = await validTeamBody(deps, matchId, 'cricket', salt)
      const team = (await a.post(`/api/matches/${matchId}/user_teams`, body, p.token)).body.user_team
      expect((await a.post(`/api/contests/${contestId}/join`, { team_id: team.id }, p.token)).status).toBe(
        200,
      )
    }
    expect((await a.post(`/api/admin/matches/${matchId}/start`, {}, admin.token)).status).toBe(200)
    const events = sides.map((t, i) => ({ type: 'lineup', team_id: t, player_ids: lineup[i] }))
    expect((await a.post(`/api/admin/matches/${matchId}/events`, { events }, admin.token)).status).toBe(200)
  })
  afterAll(async () => {
    await nodes?.close()
  })

  const board = async (api: typeof a) => {
    const res = await api.get(`/api/contests/${contestId}/members`)
    expect(res.status).toBe(200)
    return res.body.members.map((m: { id: number; points: number; rank: number }) => [m.id, m.points, m.rank])
  }
  const total = (rows: Array<[number, number, number]>) => rows.reduce((sum, r) => sum + Number(r[1]), 0)

  let n = 0
  /** A six off the first ball of each side's lineup, stored through `api`. */
  async function six(api: typeof a) {
    const [bat, bowl] = lineup as [number[], number[]]
    const events = [ball(bat[0] as number, bat[1] as number, bowl[0] as number, 6, ++n)]
    const res = await api.post(`/api/admin/matches/${matchId}/events`, { events }, admin.token)
    expect([res.status, res.body.error]).toEqual([200, undefined])
  }

  it('a ball stored through A moves the leaderboard read through B, and B can score next', async () => {
    const before = await board(b) // B now holds its own copy of the live match
    await six(a)
    const onA = await board(a)
    expect(total(onA)).toBeGreaterThan(total(before)) // the six counts for somebody
    expect(await board(b)).toEqual(onA)
    // B writes the next ball after A's: numbered after it, both copies agree again.
    await six(b)
    const after = await board(a)
    expect(total(after)).toBeGreaterThan(total(onA))
    expect(await board(b)).toEqual(after)
    const seqs = await nodes.a.deps.db
      .selectFrom('match_events')
      .select('seq')
      .where('match_id', '=', matchId)
      .orderBy('seq')
      .execute()
    expect(seqs.map((r) => r.seq)).toEqual([1, 2, 3, 4])
  })

  it('B pushes the new leaderboard to its own contest subscribers when the ball’s message reaches it', async () => {
    const got: BusMessage[] = []
    const stopFollowing = followMatchStandings(nodes.b.deps, matchId) // what ContestChannel does
    const stop = nodes.b.deps.bus.subscribe(`contest:${contestId}`, (m) => got.push(m))
    try {
      const before = await board(b)
      await six(a)
      // The ball was stored through A; the shared bus brings its match message to B, whose
      // relay publishes B's own leaderboard to B's subscriber, once.
      await expect.poll(() => got.filter((m) => m.type === 'leaderboard').length).toBe(1)
      const pushed = got.find((m) => m.type === 'leaderboard') as BusMessage & {
        top: Array<{ points: number }>
      }
      expect(pushed.top.reduce((sum, e) => sum + e.points, 0)).toBeGreaterThan(total(before))
      expect(pushed.top.reduce((sum, e) => sum + e.points, 0)).toBe(total(await board(a)))
    } finally {
      stop()
      stopFollowing()
    }
  })

  it('balls sent through A and B at once are stored one after the other: none lost or overwritten', async () => {
    const stored = async () =>
      (
        await nodes.a.deps.db
          .selectFrom('match_events')
          .select('seq')
          .where('match_id', '=', matchId)
          .orderBy('seq')
          .execute()
      ).map((r) => r.seq)
    const [bat, bowl] = lineup as [number[], number[]]
    let accepted = 0
    for (let round = 0; round < 8; round++) {
      const before = (await stored()).length
      // Two balls in order, each through its own node, sent together: whichever is stored
      // first, the other comes next (or, out of order, is refused with 422), never on top.
      const answers = await Promise.all(
        [a, b].map((api, i) =>
          api.post(
            `/api/admin/matches/${matchId}/events`,
            { events: [ball(bat[0] as number, bat[1] as number, bowl[0] as number, 1, n + 1 + i)] },
            admin.token,
          ),
        ),
      )
      const ok = answers.filter((r) => r.status === 200).length
      for (const r of answers) expect([200, 422]).toContain(r.status)
      n += answers[1]?.status === 200 ? 2 : 1
      accepted += ok
      expect((await stored()).length).toBe(before + ok)
    }
    expect(accepted).toBeGreaterThan(8)
    const seqs = await stored()
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1))
    expect(await board(b)).toEqual(await board(a))
  })
})
