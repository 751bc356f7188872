import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Scoreboard } from '../../../server/areas/scoring/board'
import { competitionRanks } from '../../../server/domain/prizes'

interface World {
  players: number[]
  teams: Array<{ id: number; players: number[]; captain: number; vice: number }>
  entries: Array<{ member: number; contest: number; team: number }>
}

const SIZE = 5

const worldArb: fc.Arbitrary<World> = fc
  .record({
    playerCount: fc.integer({ min: SIZE, max: 12 }),
    teamCount: fc.integer({ min: 1, max: 30 }),
    contestCount: fc.integer({ min: 1, max: 4 }),
    seed: fc.integer(),
  })
  .chain(({ playerCount, teamCount, contestCount }) => {
    const players = Array.from({ length: playerCount }, (_, i) => 100 + i)
    const team = fc
      .shuffledSubarray(players, { minLength: SIZE, maxLength: SIZE })
      .chain((ps) =>
        fc.tuple(
          fc.constant(ps),
          fc.integer({ min: 0, max: SIZE - 1 }),
          fc.integer({ min: 1, max: SIZE - 1 }),
        ),
      )
    return fc
      .record({
        players: fc.constant(players),
        teams: fc.array(team, { minLength: teamCount, maxLength: teamCount }).map((ts) =>
          ts.map(([ps, c, offset], i) => ({
            id: 1000 + i,
            players: ps,
            captain: ps[c]!,
            vice: ps[(c + offset) % SIZE]!,
          })),
        ),
        entries: fc.array(
          fc.tuple(fc.integer({ min: 0, max: contestCount - 1 }), fc.integer({ min: 0, max: teamCount - 1 })),
          {
            minLength: 1,
            maxLength: 120,
          },
        ),
      })
      .map((w) => ({
        players: w.players,
        teams: w.teams,
        entries: w.entries.map(([c, t], i) => ({ member: 50_000 + i, contest: 7 + c, team: 1000 + t })),
      }))
  })

function build(w: World) {
  return new Scoreboard(
    w.players,
    SIZE,
    {
      ids: Int32Array.from(w.teams.map((t) => t.id)),
      players: Int32Array.from(w.teams.flatMap((t) => t.players)),
      captains: Int32Array.from(w.teams.map((t) => t.captain)),
      vices: Int32Array.from(w.teams.map((t) => t.vice)),
    },
    {
      memberIds: Int32Array.from(w.entries.map((e) => e.member)),
      contestIds: Int32Array.from(w.entries.map((e) => e.contest)),
      teamIds: Int32Array.from(w.entries.map((e) => e.team)),
    },
  )
}

/** The slow, obvious computation the board must agree with. */
function reference(w: World, points: Map<number, number>) {
  const total = (teamId: number) => {
    const t = w.teams.find((x) => x.id === teamId)!
    return t.players.reduce((sum, p) => {
      const base = 2 * (points.get(p) ?? 0)
      return sum + (p === t.captain ? 2 * base : p === t.vice ? (3 * base) / 2 : base)
    }, 0)
  }
  const byContest = new Map<number, typeof w.entries>()
  for (const e of w.entries) byContest.set(e.contest, [...(byContest.get(e.contest) ?? []), e])
  const out = new Map<number, { pointsX2: number; rank: number }>()
  for (const list of byContest.values()) {
    const scores = list.map((e) => total(e.team))
    const ranks = competitionRanks(scores)
    for (const [i, e] of list.entries()) out.set(e.member, { pointsX2: scores[i]!, rank: ranks[i]! })
  }
  return out
}

describe('Scoreboard', () => {
  it('agrees with the obvious computation after any sequence of point changes', () => {
    fc.assert(
      fc.property(
        worldArb,
        fc.array(fc.tuple(fc.nat(11), fc.integer({ min: -20, max: 150 })), { maxLength: 40 }),
        (w, changes) => {
          const board = build(w)
          const points = new Map<number, number>()
          for (const [i, value] of changes) {
            const id = w.players[i % w.players.length]!
            points.set(id, value)
            board.setPoints([[id, value]])
          }
          board.rankAll()
          const expected = reference(w, points)
          for (const e of w.entries) {
            const s = board.standing(e.contest, e.member)
            expect(s).toMatchObject({ memberId: e.member, teamId: e.team, ...expected.get(e.member) })
          }
          // A reset from scratch lands in the same place.
          board.resetPoints(points)
          board.rankAll()
          for (const e of w.entries)
            expect(board.standing(e.contest, e.member)).toMatchObject(expected.get(e.member)!)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('lists the top n with ties at the cut, best first', () => {
    const w: World = {
      players: [1, 2, 3, 4, 5, 6],
      teams: [
        { id: 10, players: [1, 2, 3, 4, 5], captain: 1, vice: 2 },
        { id: 11, players: [2, 3, 4, 5, 6], captain: 6, vice: 2 },
        { id: 12, players: [1, 3, 4, 5, 6], captain: 3, vice: 1 },
      ],
      entries: Array.from({ length: 60 }, (_, i) => ({ member: i + 1, contest: 1, team: 10 + (i % 3) })),
    }
    const board = build(w)
    board.setPoints([
      [1, 10],
      [6, 10],
    ])
    board.rankAll()
    // team 10: captain 1 → 10×2 = 20 (×2: 40); team 11: captain 6 → 40; team 12: vice 1 (15) + 6 (10) → 50
    expect(board.teamPointsX2(12)).toBe(50)
    const top = board.top(1, 2)
    expect(top.every((e) => e.teamId === 12 && e.rank === 1)).toBe(true)
    expect(top).toHaveLength(20)
    expect(board.top(1, 21).filter((e) => e.rank === 21)).toHaveLength(40)
    expect(board.standing(1, 999)).toBeNull()
    expect(board.standing(2, 1)).toBeNull()
  })

  it('refuses a team with a player outside the match', () => {
    expect(() =>
      build({
        players: [1, 2, 3, 4, 5],
        teams: [{ id: 1, players: [1, 2, 3, 4, 9], captain: 1, vice: 2 }],
        entries: [],
      }),
    ).toThrow(/outside the match/)
  })
})
