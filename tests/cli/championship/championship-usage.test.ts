import { describe, expect, it } from 'vitest'
import type { PhaseBoard, SeriesPhase } from '../../../cli/lib/championship'
import { initialPhaseBoard, phaseBoardReduce } from '../../../cli/lib/phase-board-state'
import { exits, runCli } from '../helpers'

// Nothing listens here: each of these must fail on the command line, before any request.
const env = { FANSPOLE_SERVER: 'http://127.0.0.1:9', FANSPOLE_HOME: '/nonexistent-fanspole-home' }
const cli = (...args: string[]) => runCli(args, env)

describe('fanspole championship: usage errors (exit 2, nothing sent)', () => {
  it.each([
    [['history'], 'give either --phase (your team in that phase) or --team'],
    [['history', '--phase', '1', '--team', '2'], 'give either --phase'],
    [['team', 'show'], 'give either --phase'],
    [['team', 'edit', '--phase', '1'], 'nothing to change'],
    [['team', 'edit', '--phase', '1', '--players', '1,2', '--out', '3', '--in', '4'], 'not both'],
    [['team', 'edit', '--phase', '1', '--out', '3,4', '--in', '5'], '--out and --in must name as many'],
    [
      ['team', 'create', '--phase', '1', '--players', '1,x', '--captain', '1', '--vice-captain', '2'],
      '--players: expected comma-joined player ids',
    ],
    [
      ['team', 'create', '--phase', '1', '--players', '1,1', '--captain', '1', '--vice-captain', '2'],
      '--players names a player twice',
    ],
    [['leaderboard', '--phase', '1', '--watch', '--json'], '--watch shows a live view; leave out --json'],
    [['leaderboard', '--phase', 'zero'], '--phase: expected a phase id'],
    [['transfers'], "required option '--phase <id>' not specified"],
  ])('championship %j', async (args, message) => {
    const r = await cli('championship', ...args)
    exits(r, 2, message)
  })

  it('answers a usage error as one JSON document with --json', async () => {
    const r = await cli('championship', 'history', '--json')
    expect(r.code).toBe(2)
    expect(r.json()).toMatchObject({ code: 'USAGE', status: null, error: expect.stringContaining('--phase') })
  })

  it('lists its subcommands in the help', async () => {
    const r = await cli('championship', '--help')
    expect(r.code).toBe(0)
    for (const sub of ['phases', 'team', 'transfers', 'leaderboard', 'history'])
      expect(r.stdout).toMatch(new RegExp(`^  ${sub} `, 'm'))
    const top = await cli('--help')
    expect(top.stdout).toMatch(/^ {2}championship +season-long teams/m)
  })
})

const phase: SeriesPhase = {
  id: 7,
  name: 'Week 2',
  phase_no: 2,
  series: { id: 1, name: 'Premier T20 League', short_name: 'PTL' },
  status: 'live',
  starts_at: 0,
  ends_at: 1,
  matches_count: 5,
  matches_completed: 2,
  prizes_paid: false,
  sport_slug: 'cricket',
  next_deadline: null,
  current_user_classic_team: null,
  transfer_windows: [],
  prizes: [],
}
const entry = (id: number, rank: number, score: number, name: string) => ({
  id,
  rank,
  score,
  sum_free_sub_used: 0,
  sum_paid_sub_used: 0,
  series_phase_id: 7,
  user: { id: id * 10, team_name: name, image: null },
})
const board: PhaseBoard = {
  classic_teams: [entry(1, 1, 50, 'Ann XI'), entry(2, 2, 40, 'Bo XI')],
  current_user_classic_team: entry(2, 2, 40, 'Bo XI'),
  meta: { page: 1, per_page: 10, total: 2, total_pages: 1 },
}

describe('the phase board of `championship leaderboard --watch`', () => {
  it('starts from the page, marks my team, and follows leaderboard and my_team messages', () => {
    let state = initialPhaseBoard(phase, board)
    expect(state.rows.map((r) => [r.id, r.rank, r.mine])).toEqual([
      [1, 1, false],
      [2, 2, true],
    ])
    state = phaseBoardReduce(state, {
      type: 'leaderboard',
      version: 9,
      top: [
        { classic_team_id: 2, rank: 1, score: 62, user: { team_name: 'Bo XI' } },
        { classic_team_id: 1, rank: 2, score: 50, user: { team_name: 'Ann XI' } },
      ],
    })
    expect(state.version).toBe(9)
    expect(state.rows.map((r) => [r.id, r.rank, r.score, r.moved, r.mine, r.name])).toEqual([
      [2, 1, 62, 1, true, 'Bo XI'],
      [1, 2, 50, -1, false, 'Ann XI'],
    ])
    // An older scoreboard arriving late changes nothing.
    expect(phaseBoardReduce(state, { type: 'leaderboard', version: 8, top: [] })).toBe(state)
    state = phaseBoardReduce(state, {
      type: 'my_team',
      classic_team_id: 2,
      score: 62,
      rank: 1,
      live_match_id: 31,
    })
    expect(state.mine).toEqual({ id: 2, score: 62, rank: 1, liveMatchId: 31 })
    // A subscriber without a team in the phase gets a my_team with no team: nothing changes.
    expect(phaseBoardReduce(state, { type: 'my_team', classic_team_id: null, score: 0, rank: null })).toBe(
      state,
    )
    const live = phaseBoardReduce(state, { type: 'leaderboard', live_match_ids: [31], top: [] })
    expect([live.liveMatchIds, live.status, live.rows]).toEqual([[31], 'live', []])
  })
})
