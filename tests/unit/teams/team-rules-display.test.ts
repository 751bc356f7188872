import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { roleTabs, teamRows, validateTeam } from '../../../server/domain/team-rules'
import { CRICKET_STYLES, everyone, pool, times } from './team-rules.fixtures'

const shape = (rows: Array<Array<{ id: number; role: string }>>) =>
  rows.map((row) => row.map((p) => `${p.id}:${p.role}`))

describe('roleTabs', () => {
  it('gives cricket four tabs, listing a flexible style on both tabs it can fill', () => {
    expect(roleTabs('cricket').map((t) => [t.key, t.styles, t.min])).toEqual([
      ['WK', [7, 5], 1],
      ['BAT', [1, 3, 5], 4],
      ['AR', [9, 3, 11], 1],
      ['BOWL', [13, 11], 2],
    ])
  })

  it('gives football a tab per position with its range, and five-player sports one tab', () => {
    expect(roleTabs('football').map((t) => [t.key, t.styles, t.min, t.max])).toEqual([
      ['GK', [101], 1, 1],
      ['DEF', [102], 3, 5],
      ['MID', [103], 3, 5],
      ['FWD', [104], 1, 3],
    ])
    expect(roleTabs('f1')).toEqual([{ key: 'DRV', label: 'DRV', title: 'Drivers', styles: [201] }])
    for (const sport of ['pubg', 'free-fire', 'call-of-duty'])
      expect(roleTabs(sport)).toEqual([{ key: 'PLR', label: 'PLR', title: 'Players', styles: [301] }])
  })
})

describe('teamRows', () => {
  it('lays a cricket XI out 4/3/4 in role order', () => {
    // 1 keeper, 5 batters (the BAT/WKs bat), 1 all-rounder, 4 bowlers: roles do not fit
    // rows, the grid does.
    const players = pool([13, 1, 5, 9, 1, 13, 7, 5, 13, 13, 1])
    expect(validateTeam('cricket', players, everyone(players)).valid_team).toBe(true)
    expect(shape(teamRows('cricket', players))).toEqual([
      ['7:WK', '2:BAT', '3:BAT', '5:BAT'],
      ['8:BAT', '11:BAT', '4:AR'],
      ['1:BOWL', '6:BOWL', '9:BOWL', '10:BOWL'],
    ])
  })

  it('tags flexible players with the role the best assignment gives them', () => {
    // No pure keeper: one BAT/WK keeps wicket. No AL: the BAT/AL is the all-rounder.
    const players = pool([5, 5, 1, 1, 1, 3, 11, 11, 13, 13, 1])
    expect(shape(teamRows('cricket', players))).toEqual([
      ['1:WK', '2:BAT', '3:BAT', '4:BAT'],
      ['5:BAT', '11:BAT', '6:AR'],
      ['7:BOWL', '8:BOWL', '9:BOWL', '10:BOWL'],
    ])
  })

  it('shows football by position, however many each holds', () => {
    const players = pool([104, 102, 101, 103, 102, 102, 103, 104, 103, 102, 104])
    expect(teamRows('football', players).map((row) => row.map((p) => p.id))).toEqual([
      [3],
      [2, 5, 6, 10],
      [4, 7, 9],
      [1, 8, 11],
    ])
  })

  it('shows five-player teams 3/2', () => {
    expect(teamRows('pubg', pool(times(5, 301))).map((row) => row.map((p) => p.id))).toEqual([
      [1, 2, 3],
      [4, 5],
    ])
    expect(teamRows('f1', pool(times(4, 201))).map((row) => row.length)).toEqual([3, 1])
  })

  it('fills a team being built from the top', () => {
    expect(teamRows('cricket', pool([13, 7, 1])).map((row) => row.length)).toEqual([3, 0, 0])
  })

  it('lays every valid cricket XI out exactly 4/3/4, roles in order, counts as validateTeam reports', () => {
    const order = ['WK', 'BAT', 'AR', 'BOWL']
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CRICKET_STYLES), { minLength: 11, maxLength: 11 }),
        (styles) => {
          const players = pool(styles)
          const check = validateTeam('cricket', players, everyone(players))
          fc.pre(check.valid_team)
          const rows = teamRows('cricket', players)
          expect(rows.map((row) => row.length)).toEqual([4, 3, 4])
          const roles = rows.flat().map((p) => p.role)
          expect(roles.map((r) => order.indexOf(r))).toEqual(
            [...roles.map((r) => order.indexOf(r))].sort((a, b) => a - b),
          )
          expect(new Set(rows.flat().map((p) => p.id)).size).toBe(11)
          for (const role of order)
            expect(roles.filter((r) => r === role).length).toBe(check.role_counts[role])
        },
      ),
      { numRuns: 200 },
    )
  })
})
