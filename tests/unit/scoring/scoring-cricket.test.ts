import { describe, expect, it } from 'vitest'
import { validateEvents } from '../../../server/domain/events/validate'
import { createScorer } from '../../../server/domain/scoring'
import {
  applyAll,
  ball,
  breakdownOf,
  cricket,
  cricketCtx,
  cricketLineups,
  cricketPlayers,
  pointsOf,
} from './scoring-fixtures'

/**
 * Expected numbers come from the DESIGN §5 table, worked by hand in the comments, never
 * from the code. Team 1 (101…) bats, team 2 (201…) bowls.
 */
const score = (format: string, events: ReturnType<typeof cricket>[]) =>
  applyAll(createScorer({ family: 'cricket', format, players: cricketPlayers }), events)

/** Four overs that touch every batting, bowling and fielding row except the hauls. */
function fourOvers() {
  return [
    ...cricketLineups(),
    // Over 0, 201 to 101 (110 at the other end): 4 (boundary), 6, 4 all run, dot, wide, 6, 2.
    ball(0, 1, 101, 110, 201, 4, { boundary: true }),
    ball(0, 2, 101, 110, 201, 6, { boundary: true }),
    ball(0, 3, 101, 110, 201, 4),
    ball(0, 4, 101, 110, 201, 0),
    ball(0, 5, 101, 110, 201, 0, { wides: 1 }),
    ball(0, 6, 101, 110, 201, 6, { boundary: true }),
    ball(0, 7, 101, 110, 201, 2),
    // Over 1, 202: a no-ball hit for four, then 101 caught by 203; 102 faces five more (lb 1, 0, 0, b 4, 0).
    ball(1, 1, 101, 110, 202, 4, { boundary: true, noballs: 1 }),
    ball(1, 2, 101, 110, 202, 0, { wicket: { kind: 'caught', player_out_id: 101, fielder_ids: [203] } }),
    ball(1, 3, 102, 110, 202, 0, { legbyes: 1 }),
    ball(1, 4, 102, 110, 202, 0),
    ball(1, 5, 102, 110, 202, 0),
    ball(1, 6, 102, 110, 202, 0, { byes: 4 }),
    ball(1, 7, 102, 110, 202, 0),
    // Over 2, 203 to 102: six legal balls, one leg bye (not the bowler's): a maiden.
    ...[1, 2, 3, 4, 5, 6].map((n) => ball(2, n, 102, 110, 203, 0, n === 3 ? { legbyes: 1 } : {})),
    // Over 3, 204: 102 bowled for 0, 103 stumped (205) for 0, 104 takes 1 and 110 is run out (206 and 205).
    ball(3, 1, 102, 110, 204, 0, { wicket: { kind: 'bowled', player_out_id: 102 } }),
    ball(3, 2, 103, 110, 204, 0, { wicket: { kind: 'stumped', player_out_id: 103, fielder_ids: [205] } }),
    ball(3, 3, 104, 110, 204, 1, {
      wicket: { kind: 'run out', player_out_id: 110, fielder_ids: [206, 205] },
    }),
    cricket({ type: 'player_of_the_match', player_id: 203 }),
  ]
}

const ALL = [101, 102, 103, 104, 110, 201, 202, 203, 204, 205, 206]

describe('cricket scorer: the T20 table', () => {
  it('scores runs, boundaries, milestones, strike rate, ducks, wickets, maidens, economy, dots, fielding, POTM', () => {
    const events = fourOvers()
    expect(validateEvents('cricket', cricketCtx('T20'), events)).toEqual({ ok: true })
    const s = score('T20', events)
    // 101: 26 runs off 8 balls (the wide is not faced; the no-ball and the ball he is out to are),
    // fours 2, sixes 2: 26 + 2·2 + 2·3 + 10 (25 runs) + (26 − 8) = 64.
    expect(breakdownOf(s, 101)).toEqual({
      run: 26,
      four_bonus: 4,
      six_bonus: 6,
      milestone_25: 10,
      strike_rate_bonus: 18,
    })
    expect(pointsOf(s, ALL)).toEqual({
      101: 64,
      // 0 off 12 balls, bowled: (0 − 12) − 10.
      102: -22,
      // 0 off 1, stumped: (0 − 1) − 10.
      103: -11,
      // 1 off 1: 1 + 0.
      104: 1,
      // Run out at the non-striker's end without facing: a duck, no strike-rate bonus.
      110: -10,
      // 6 legal balls for 23 (bat 22 + wide 1), one dot: 1 + (12 − 23).
      201: -10,
      // Wicket 25; 6 legal balls, all dots (leg byes and byes are not the bowler's); conceded the no-ball 1 + 4: 25 + 6 + (12 − 5).
      202: 38,
      // Catch 15, maiden 15, 6 dots, economy 12 − 0, player of the match 25.
      203: 73,
      // Two wickets (bowled, stumped; the run out is not his), 2 dots, 3 balls for 1: 50 + 2 + (6 − 1).
      204: 57,
      // Stumping 10 + run out 10.
      205: 20,
      206: 10,
    })
    expect(breakdownOf(s, 205)).toEqual({ stumping_run_out: 20 })
    expect(breakdownOf(s, 203)).toEqual({
      catch: 15,
      maiden: 15,
      dot_ball: 6,
      economy_bonus: 12,
      player_of_the_match: 25,
    })
    expect(s.points(105)).toBe(0)
    expect(s.all()).toHaveLength(24)
  })

  it('summarises the innings and who is in', () => {
    const s = score('T20', fourOvers())
    expect(s.summary()).toEqual({
      family: 'cricket',
      format: 'T20',
      // 23 + 10 + 1 + 1 = 35; extras: wide 1, no-ball 1, leg byes 2, byes 4; 21 legal balls.
      innings: [
        {
          innings: 1,
          team_id: 1,
          runs: 35,
          wickets: 4,
          overs: '3.3',
          extras: 8,
          complete: false,
          super_over: false,
        },
      ],
      batters: [{ player_id: 104, runs: 1, balls: 1, on_strike: true }],
      bowler: { player_id: 204, overs: '0.3', runs: 1, wickets: 2, maidens: 0 },
      player_of_the_match: 203,
    })
  })
})

describe('cricket scorer: the ODI table', () => {
  it('uses round(1.33 × runs) − balls, balls − conceded, six 4 and maiden 10', () => {
    const s = score('ODI', fourOvers())
    expect(pointsOf(s, ALL)).toEqual({
      // 26 + 4 + 2·4 + 10 + (round(34.58) = 35) − 8.
      101: 75,
      // (0 − 12) − 10.
      102: -22,
      103: -11,
      // 1 + (round(1.33) − 1 = 0).
      104: 1,
      110: -10,
      // 1 + (6 − 23).
      201: -16,
      // 25 + 6 + (6 − 5).
      202: 32,
      // 15 + 10 + 6 + 6 + 25.
      203: 62,
      // 50 + 2 + (3 − 1).
      204: 54,
      205: 20,
      206: 10,
    })
  })

  it('rounds 1.33 × 50 = 66.5 up to 67', () => {
    const events = [
      ...cricketLineups(),
      ...[1, 2, 3, 4, 5, 6].map((n) => ball(0, n, 104, 105, 201, 6, { boundary: true })),
      ball(1, 1, 104, 105, 202, 6, { boundary: true }),
      ball(1, 2, 104, 105, 202, 6, { boundary: true }),
      ball(1, 3, 104, 105, 202, 2),
    ]
    const s = score('ODI', events)
    // 50 runs off 9 balls, 8 sixes: 50 + 8·4 + 2·10 + (67 − 9).
    expect(breakdownOf(s, 104)).toEqual({ run: 50, six_bonus: 32, milestone_25: 20, strike_rate_bonus: 58 })
    expect(s.points(104)).toBe(160)
  })
})

describe('cricket scorer: the Test table', () => {
  it('has no strike-rate, economy or dot-ball rows; duck −20, maiden 2, catch 10, six 5, POTM 50', () => {
    const s = score('Test', fourOvers())
    expect(pointsOf(s, ALL)).toEqual({
      // 26 + 4 + 2·5 + 10.
      101: 50,
      102: -20,
      103: -20,
      104: 1,
      110: -20,
      201: 0,
      202: 25,
      // Catch 10 + maiden 2 + POTM 50.
      203: 62,
      204: 50,
      205: 20,
      206: 10,
    })
    expect(s.playerScore(201)?.breakdown).toEqual([])
  })

  it('counts milestones, ducks and hauls per innings', () => {
    const sixes = (innings: number) =>
      [1, 2, 3, 4].map((n) => ball(0, n, 101, 111, 201, 6, { innings, boundary: true }))
    const bowled = (
      innings: number,
      over: number,
      n: number,
      batter: number,
      bowler: number,
      nonStriker: number,
    ) =>
      ball(over, n, batter, nonStriker, bowler, 0, {
        innings,
        wicket: { kind: 'bowled', player_out_id: batter },
      })
    const events = [
      ...cricketLineups(),
      ...sixes(1),
      bowled(1, 0, 5, 101, 201, 111),
      bowled(1, 0, 6, 102, 201, 111),
      bowled(1, 1, 1, 103, 201, 111),
      bowled(2, 0, 1, 204, 110, 205),
      ...sixes(3),
      bowled(3, 0, 5, 101, 201, 111),
      bowled(3, 0, 6, 102, 201, 111),
      bowled(3, 1, 1, 103, 201, 111),
      ball(0, 1, 205, 206, 110, 0, { innings: 4 }),
    ]
    expect(validateEvents('cricket', cricketCtx('Test'), events)).toEqual({ ok: true })
    const s = score('Test', events)
    // 24 + 24 runs: no 25 in either innings, so no milestone; 8 sixes · 5.
    expect(breakdownOf(s, 101)).toEqual({ run: 48, six_bonus: 40 })
    // Two ducks: 2 · −20.
    expect(s.points(102)).toBe(-40)
    // 6 wickets, three in each innings: 6 · 25 + 2 · 25 (two 3-hauls, not a 5-haul).
    expect(breakdownOf(s, 201)).toEqual({ wicket: 150, haul_3: 50 })
  })
})

describe('cricket scorer: hauls', () => {
  /** 201 takes 3 in 3 balls and 202 5 in 5 (team 1 batting), then 110 takes 7 in 7 (team 2 batting). */
  function hauls() {
    const out = (
      innings: number,
      over: number,
      n: number,
      batter: number,
      nonStriker: number,
      bowler: number,
    ) =>
      ball(over, n, batter, nonStriker, bowler, 0, {
        innings,
        wicket: { kind: 'bowled', player_out_id: batter },
      })
    return [
      ...cricketLineups(),
      ...[101, 102, 103].map((b, k) => out(1, 0, k + 1, b, 111, 201)),
      ...[104, 105, 106, 107, 108].map((b, k) => out(1, 1, k + 1, b, 111, 202)),
      // Over 0 balls 1–4 and over 1 balls 1–3: no complete over, so no maiden.
      ...[203, 204, 205, 206, 207, 208, 209].map((b, k) =>
        out(2, k < 4 ? 0 : 1, k < 4 ? k + 1 : k - 3, b, 210, 110),
      ),
    ]
  }

  it.each([
    // wickets·25 + haul + dots + economy
    ['T20', { 201: 75 + 25 + 3 + 6, 202: 125 + 50 + 5 + 10, 110: 175 + 100 + 7 + 14 }],
    ['ODI', { 201: 75 + 25 + 3 + 3, 202: 125 + 50 + 5 + 5, 110: 175 + 100 + 7 + 7 }],
    ['Test', { 201: 75 + 25, 202: 125 + 50, 110: 175 + 90 }],
  ])('%s: the highest tier only', (format, expected) => {
    const events = hauls()
    expect(validateEvents('cricket', cricketCtx(format), events)).toEqual({ ok: true })
    const s = score(format, events)
    expect(pointsOf(s, [201, 202, 110])).toEqual(expected)
    expect(Object.keys(breakdownOf(s, 202))).toContain('haul_5')
    expect(Object.keys(breakdownOf(s, 202))).not.toContain('haul_3')
    expect(Object.keys(breakdownOf(s, 110)).filter((r) => r.startsWith('haul'))).toEqual(['haul_7'])
  })
})

describe('cricket scorer: dismissals, lineups, super overs', () => {
  it('caught and bowled gives the bowler the wicket and the catch', () => {
    const s = score('T20', [
      ...cricketLineups(),
      ball(0, 1, 101, 102, 201, 0, { wicket: { kind: 'caught and bowled', player_out_id: 101 } }),
    ])
    // Wicket 25 + catch 15 + dot 1 + economy 2.
    expect(breakdownOf(s, 201)).toEqual({ wicket: 25, dot_ball: 1, economy_bonus: 2, catch: 15 })
  })

  it('retired hurt is no wicket and no duck; obstructing the field is a duck but not the bowler’s', () => {
    const s = score('T20', [
      ...cricketLineups(),
      ball(0, 1, 101, 102, 201, 0, { wicket: { kind: 'retired hurt', player_out_id: 101 } }),
      ball(0, 2, 103, 102, 201, 0, { wicket: { kind: 'obstructing the field', player_out_id: 103 } }),
    ])
    expect(s.points(101)).toBe(-1)
    expect(s.points(103)).toBe(-11)
    expect(s.playerScore(201)?.stats.wickets).toBe(0)
    expect(s.summary()).toMatchObject({ innings: [{ wickets: 1 }] })
  })

  it('a wide or a second bowler spoils a maiden', () => {
    const six = (over: number, bowlerAt: (n: number) => number, extra?: number) =>
      [1, 2, 3, 4, 5, 6, 7]
        .slice(0, extra ? 7 : 6)
        .map((n) => ball(over, n, 101, 102, bowlerAt(n), 0, extra === n ? { wides: 1 } : {}))
    const s = score('T20', [
      ...cricketLineups(),
      ...six(0, () => 201, 3),
      ...six(1, (n) => (n < 4 ? 202 : 203)),
    ])
    expect(s.playerScore(201)?.stats.maidens).toBe(0)
    expect(s.playerScore(202)?.stats.maidens).toBe(0)
    expect(s.playerScore(203)?.stats.maidens).toBe(0)
  })

  it('a substitute fielder and a player outside the lineups score nothing', () => {
    const events = [
      ...cricketLineups(),
      ball(0, 1, 101, 102, 201, 1, { wicket: { kind: 'run out', player_out_id: 102, fielder_ids: [212] } }),
    ]
    expect(validateEvents('cricket', cricketCtx(), events)).toEqual({ ok: true })
    const s = score('T20', events)
    expect(s.playerScore(212)).toMatchObject({
      total_score: 0,
      breakdown: [],
      stats: { run_outs: 1, in_lineup: false },
    })
    // Unvalidated, a ball by a batter outside the lineups still scores him nothing.
    s.apply(ball(0, 2, 112, 101, 201, 6, { boundary: true }))
    expect(s.points(112)).toBe(0)
    expect(s.playerScore(112)?.stats.runs).toBe(6)
  })

  it('scores nothing before the lineup and everything once it comes', () => {
    const s = createScorer({ family: 'cricket', format: 'T20', players: cricketPlayers })
    s.apply(ball(0, 1, 101, 102, 201, 4, { boundary: true }))
    expect(s.points(101)).toBe(0)
    expect(s.apply(cricketLineups()[0]!)).toContain(101)
    // 4 + 2 + (4 − 1).
    expect(s.points(101)).toBe(9)
  })

  it('shows super overs in the summary and never scores them', () => {
    const events = [
      ...cricketLineups(),
      ball(0, 1, 101, 102, 201, 1),
      ball(0, 1, 201, 202, 101, 1, { innings: 2 }),
      ball(0, 1, 103, 104, 203, 6, { innings: 3, boundary: true }),
      cricket({ type: 'innings_end', innings: 3 }),
    ]
    expect(validateEvents('cricket', cricketCtx(), events)).toEqual({ ok: true })
    const s = score('T20', events)
    expect(s.points(103)).toBe(0)
    expect(s.playerScore(203)?.stats.legal_balls).toBe(0)
    expect(s.summary()).toMatchObject({
      innings: [
        { innings: 1 },
        { innings: 2, team_id: 2 },
        { innings: 3, runs: 6, super_over: true, complete: true },
      ],
      batters: [
        { player_id: 103, runs: 6, balls: 1 },
        { player_id: 104, runs: 0, balls: 0 },
      ],
    })
  })

  it('refuses a format its point system does not have', () => {
    expect(() => createScorer({ family: 'cricket', format: 'T10', players: cricketPlayers })).toThrow(
      'cricket point system has no format "T10" (T20, ODI, Test)',
    )
    expect(createScorer({ family: 'cricket', format: 'odi', players: [] }).format).toBe('ODI')
  })
})
