import { describe, expect, it } from 'vitest'
import { validateEvents } from '../../../server/domain/events/validate'
import { createScorer } from '../../../server/domain/scoring'
import { applyAll, ball, cricket, cricketCtx, cricketLineups, cricketPlayers } from './scoring-fixtures'

/** Free hits and super overs (issue 30): what the validator accepts and what the scorer counts. */
const flagged = (e: ReturnType<typeof ball>, extra: Record<string, unknown>) => cricket({ ...e, ...extra })
const problems = (format: string, events: ReturnType<typeof ball>[]) => {
  const v = validateEvents('cricket', cricketCtx(format), events)
  return v.ok ? [] : JSON.stringify(v)
}
const out = (kind: string, id = 101) => ({
  wicket: { kind, player_out_id: id, fielder_ids: kind === 'caught' || kind === 'stumped' ? [203] : [] },
})

describe('free hits', () => {
  it('only a run out dismisses on a free hit; a wide on a free hit keeps the next ball one', () => {
    for (const kind of ['bowled', 'caught', 'lbw', 'stumped']) {
      const events = [
        ...cricketLineups(),
        ball(0, 1, 101, 102, 201, 1, { noballs: 1 }),
        flagged(ball(0, 2, 102, 101, 201, 0, out(kind, 102)), { free_hit: true }),
      ]
      expect(problems('T20', events), kind).toContain('on a free hit')
    }
    const fine = [
      ...cricketLineups(),
      ball(0, 1, 101, 102, 201, 0, { noballs: 1 }),
      flagged(ball(0, 2, 101, 102, 201, 0, { wides: 2 }), { free_hit: true }),
      flagged(ball(0, 3, 101, 102, 201, 0, out('run out', 102)), { free_hit: true }),
    ]
    expect(problems('T20', fine)).toEqual([])
  })

  it('refuses a free hit that no no-ball earned', () => {
    const events = [
      ...cricketLineups(),
      ball(0, 1, 101, 102, 201, 0),
      flagged(ball(0, 2, 101, 102, 201, 4, { boundary: true }), { free_hit: true }),
    ]
    expect(problems('T20', events)).toContain('only after a no-ball')
  })

  it('takes runs off a wide and a stumping off a wide', () => {
    const events = [
      ...cricketLineups(),
      ball(0, 1, 101, 102, 201, 0, { wides: 5 }),
      ball(0, 2, 101, 102, 201, 0, { wides: 3 }),
      ball(0, 3, 102, 101, 201, 0, { wides: 1, ...out('stumped', 102) }),
    ]
    expect(problems('T20', events)).toEqual([])
    const s = applyAll(createScorer({ family: 'cricket', format: 'T20', players: cricketPlayers }), events)
    expect(s.summary()).toMatchObject({ innings: [{ innings: 1, runs: 9, wickets: 1, extras: 9 }] })
  })
})

describe('super overs', () => {
  /** A tied T20 (1 run each) and super overs: innings 3 and 4 tied again, then 5 and 6. */
  function tiedTwice() {
    const so = { super_over: true }
    return [
      ...cricketLineups(),
      ball(0, 1, 101, 102, 201, 1),
      cricket({ type: 'innings_end', innings: 1 }),
      ball(0, 1, 201, 202, 101, 1, { innings: 2 }),
      cricket({ type: 'innings_end', innings: 2 }),
      flagged(ball(0, 1, 201, 202, 103, 6, { innings: 3, boundary: true }), so),
      cricket({ type: 'innings_end', innings: 3 }),
      flagged(ball(0, 1, 101, 102, 203, 6, { innings: 4, boundary: true }), so),
      cricket({ type: 'innings_end', innings: 4 }),
      flagged(ball(0, 1, 101, 102, 204, 4, { innings: 5, boundary: true }), so),
      cricket({ type: 'innings_end', innings: 5 }),
      flagged(ball(0, 1, 201, 202, 104, 1, { innings: 6 }), so),
      cricket({ type: 'innings_end', innings: 6 }),
    ]
  }

  it('repeats super overs while tied, numbered after the main innings, and scores none of them', () => {
    const events = tiedTwice()
    expect(problems('T20', events)).toEqual([])
    const s = applyAll(createScorer({ family: 'cricket', format: 'T20', players: cricketPlayers }), events)
    // 101 scored 1 in the match (+ the super-over runs, which do not count).
    expect(s.playerScore(101)?.stats.runs).toBe(1)
    expect(s.playerScore(204)?.stats.legal_balls).toBe(0)
    const summary = s.summary()
    expect(
      summary.family === 'cricket' && summary.innings.map((i) => [i.innings, i.runs, i.super_over]),
    ).toEqual([
      [1, 1, false],
      [2, 1, false],
      [3, 6, true],
      [4, 6, true],
      [5, 4, true],
      [6, 1, true],
    ])
  })

  it('ends a super over at two wickets and allows more than four innings only as super overs', () => {
    const so = { super_over: true }
    const events = [
      ...cricketLineups(),
      ball(0, 1, 101, 102, 201, 1),
      ball(0, 1, 201, 202, 101, 1, { innings: 2 }),
      flagged(ball(0, 1, 201, 202, 103, 0, { innings: 3, ...out('bowled', 201) }), so),
      flagged(ball(0, 2, 202, 203, 103, 0, { innings: 3, ...out('bowled', 202) }), so),
      flagged(ball(0, 3, 203, 204, 103, 0, { innings: 3 }), so),
    ]
    expect(problems('T20', events)).toContain('two wickets')
    const test = [...cricketLineups(), flagged(ball(0, 1, 101, 102, 201, 0), so)]
    expect(problems('Test', test)).toContain('super_over')
  })
})
