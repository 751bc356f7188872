import { describe, expect, it } from 'vitest'
import { rankLine } from '../../../web/src/features/contests/rank-line'
import type { MatchSummary } from '../../../web/src/features/matches/api'
import { scoreLine } from '../../../web/src/features/matches/score-line'

/** The polite announcements of live pages: the viewer's leaderboard moves and the live score. */
describe('rankLine', () => {
  const entry = (member_id: number, rank: number | null, points: number, team_no = 1) => ({
    member_id,
    rank,
    points,
    team_no,
  })

  it('says the rank and the move when it changes', () => {
    const before = new Map([[5, 5]])
    expect(rankLine([entry(5, 3, 145.5)], before)).toBe('Your rank: 3 (up 2), 145.5 points.')
    expect(rankLine([entry(5, 9, 80)], before)).toBe('Your rank: 9 (down 4), 80 points.')
  })

  it('says the first rank once the match is live (no rank before)', () => {
    expect(rankLine([entry(5, 4, 10)], new Map([[5, null]]))).toBe('Your rank: 4, 10 points.')
  })

  it('is silent on the first reading and while only the points move', () => {
    expect(rankLine([entry(5, 3, 10)], new Map())).toBeNull()
    expect(rankLine([entry(5, 3, 12)], new Map([[5, 3]]))).toBeNull()
  })

  it('names each team when the viewer has several entries', () => {
    const line = rankLine(
      [entry(5, 2, 60, 1), entry(6, 7, 40, 2)],
      new Map([
        [5, 4],
        [6, 7],
      ]),
    )
    expect(line).toBe('Team 1 rank: 2 (up 2), 60 points. Team 2 rank: 7, 40 points.')
  })
})

describe('scoreLine', () => {
  const side = (id: number | null) => (id === 1 ? 'DEL' : id === 2 ? 'JAI' : 'Team')

  it('says a cricket innings as runs for wickets and overs', () => {
    const s = {
      family: 'cricket',
      format: 't20',
      innings: [
        {
          innings: 1,
          team_id: 1,
          runs: 145,
          wickets: 3,
          overs: '16.2',
          extras: 4,
          complete: false,
          super_over: false,
        },
      ],
      batters: [],
      bowler: null,
      player_of_the_match: null,
    } as MatchSummary
    expect(scoreLine(s, side)).toBe('DEL 145 for 3, 16.2 overs.')
  })

  it('says a football score with the minute or full time', () => {
    const s = { family: 'football', score: { '1': 2, '2': 1 }, minute: 63, full_time: false } as MatchSummary
    expect(scoreLine(s, side)).toBe('DEL 2, JAI 1, 63 minutes.')
    expect(scoreLine({ ...s, full_time: true } as MatchSummary, side)).toBe('DEL 2, JAI 1, full time.')
  })

  it('says nothing before there is a score', () => {
    expect(scoreLine(null, side)).toBe('')
  })
})
