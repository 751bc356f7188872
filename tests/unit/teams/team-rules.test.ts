import { describe, expect, it } from 'vitest'
import {
  canComplete,
  teamPlayerFromApi,
  toSelectedPlayer,
  validateTeam,
  violationSummary,
  violationsByField,
} from '../../../server/domain/team-rules'
import { ALL_BALANCED, everyone, ids, pool, times } from './team-rules.fixtures'

const rulesOf = (check: { violations: Array<{ rule: string }> }) => check.violations.map((v) => v.rule)

describe('validateTeam: cricket', () => {
  it('accepts a balanced XI and reports every derived field', () => {
    const players = pool([7, ...times(4, 1), 9, 9, ...times(4, 13)], [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9])
    const check = validateTeam('cricket', players, everyone(players))
    expect(check.violations).toEqual([])
    expect(check.valid_team).toBe(true)
    expect(check.players_valid).toBe(true)
    expect(check.can_still_be_valid).toBe(true)
    expect(check).toMatchObject({
      sport: 'cricket',
      ...ALL_BALANCED,
      selected_players_count: 11,
      team_players_count: { 10: 6, 20: 5 },
      budget: 1,
      budget_used: 99,
      budget_used_tenths: 990,
      players_needed: 0,
      role_counts: { WK: 1, BAT: 4, AR: 2, BOWL: 4 },
    })
    expect(check.selected_players_hash[0]).toEqual({ id: 1, style: 7, value: 9, team: { id: 10 } })
    expect(check).not.toHaveProperty('balanced_gk')
  })

  it('allows exactly 100 credits and refuses 100.5', () => {
    const styles = [7, ...times(4, 1), 9, 9, ...times(4, 13)]
    const exact = pool(styles, [10, ...times(10, 9)])
    expect(validateTeam('cricket', exact, everyone(exact))).toMatchObject({ valid_team: true, budget: 0 })
    const over = pool(styles, [10.5, ...times(10, 9)])
    const check = validateTeam('cricket', over, everyone(over))
    expect(check.violations).toEqual([
      {
        rule: 'over_budget',
        field: 'player_ids',
        message: 'Your players cost 100.5 credits, more than the budget of 100.',
      },
    ])
    expect(check.budget).toBe(-0.5)
    expect(check.can_still_be_valid).toBe(false)
  })

  it('names every rule a team breaks at once', () => {
    // Two pure keepers, two batters, no all-rounder, seven bowlers; plus a stranger, a
    // repeated id and the same captain and vice-captain.
    const players = pool([7, 7, 1, 1, ...times(7, 13)])
    const check = validateTeam('cricket', players, {
      player_ids: [...ids(players), 99, 3],
      captain_id: 3,
      vice_captain_id: 3,
    })
    expect(check.violations).toEqual([
      {
        rule: 'player_not_in_match',
        field: 'player_ids',
        message: 'Player 99 is not in this match.',
        player_ids: [99],
      },
      {
        rule: 'duplicate_player',
        field: 'player_ids',
        message: 'Player 3 is picked more than once.',
        player_ids: [3],
      },
      { rule: 'team_size', field: 'player_ids', message: 'Your team needs exactly 11 players; it has 12.' },
      {
        rule: 'cricket_max_pure_keeper',
        field: 'player_ids',
        message: 'A team can have at most 1 pure wicket-keeper (WK); yours has 2.',
      },
      {
        rule: 'cricket_min_batters',
        field: 'player_ids',
        message: 'You need at least 4 batters (BAT, BAT/AL or BAT/WK); your team has 2.',
      },
      {
        rule: 'cricket_min_allrounders',
        field: 'player_ids',
        message: 'You need at least 1 all-rounder (AL, BAT/AL or AL/BOWL); your team has none.',
      },
      {
        rule: 'captain_is_vice_captain',
        field: 'vice_captain',
        message: 'The captain and the vice-captain must be different players.',
      },
    ])
    expect(check).toMatchObject({ valid_team: false, players_valid: false, balanced_pure_wk: false })
    expect(violationsByField(check.violations)).toEqual({
      player_ids: check.violations.slice(0, 6).map((v) => v.message),
      vice_captain: ['The captain and the vice-captain must be different players.'],
    })
    expect(violationSummary(check.violations)).toMatch(/^Player 99 is not in this match\. Player 3 is picked/)
  })

  it('needs a fourth batter when three BAT/WK players sit beside a pure keeper', () => {
    // The pure keeper keeps wicket, so the BAT/WKs bat: 3 batters. Only a player who can bat
    // (BAT or BAT/AL) in place of a bowler makes it valid; an AL/BOWL does not.
    const base = [7, 5, 5, 5, 9, ...times(6, 13)]
    const short = validateTeam('cricket', pool(base), everyone(pool(base)))
    expect(rulesOf(short)).toEqual(['cricket_min_batters'])
    expect(short.violations[0]?.message).toBe(
      'You need at least 4 batters (BAT, BAT/AL or BAT/WK); your team has 3.',
    )
    expect(short.role_counts).toEqual({ WK: 1, BAT: 3, AR: 1, BOWL: 6 })
    for (const extra of [1, 3]) {
      const styles = [...base.slice(0, 10), extra]
      expect(validateTeam('cricket', pool(styles), everyone(pool(styles))).valid_team).toBe(true)
    }
    const withAlBowl = [...base.slice(0, 10), 11]
    expect(rulesOf(validateTeam('cricket', pool(withAlBowl), everyone(pool(withAlBowl))))).toEqual([
      'cricket_min_batters',
    ])
  })

  it('lets one of four BAT/WK players keep wicket, leaving three batters', () => {
    const four = [5, 5, 5, 5, 9, ...times(6, 13)]
    const check = validateTeam('cricket', pool(four), everyone(pool(four)))
    // Keeper first: the tie between "keeper" and "batters" goes to the earlier rule.
    expect(rulesOf(check)).toEqual(['cricket_min_batters'])
    expect(check).toMatchObject({ balanced_wk: true, balanced_bat: false, role_counts: { WK: 1, BAT: 3 } })
    const five = [5, 5, 5, 5, 5, 9, ...times(5, 13)]
    expect(validateTeam('cricket', pool(five), everyone(pool(five))).valid_team).toBe(true)
  })

  it('counts a BAT/AL where the team is short, but only once', () => {
    const styles = [7, 1, 1, 1, 3, ...times(6, 13)]
    const check = validateTeam('cricket', pool(styles), everyone(pool(styles)))
    expect(rulesOf(check)).toEqual(['cricket_min_allrounders'])
    expect(check).toMatchObject({ balanced_bat: true, balanced_ar: false })
  })

  it('reports the assignment meeting the most minimums, not the one keeping batters first', () => {
    // The BAT/AL can be the fourth batter (meeting 1 minimum) or the all-rounder (meeting
    // "all-rounder" and "all-rounders + bowlers"): the second wins.
    const players = pool([7, 1, 1, 1, 3, ...times(4, 13)])
    const check = validateTeam('cricket', players, { player_ids: ids(players) })
    expect(check).toMatchObject({ balanced_bat: false, balanced_ar: true, balanced_ar_and_bowl: true })
    expect(check.role_counts).toEqual({ WK: 1, BAT: 3, AR: 1, BOWL: 4 })
  })

  it('counts an AL/BOWL as the all-rounder or as a bowler', () => {
    const asAllRounder = [7, ...times(4, 1), 11, ...times(5, 13)]
    expect(validateTeam('cricket', pool(asAllRounder), everyone(pool(asAllRounder))).role_counts).toEqual({
      WK: 1,
      BAT: 4,
      AR: 1,
      BOWL: 5,
    })
    const asBowlers = [7, ...times(4, 1), ...times(4, 9), 11, 11]
    expect(validateTeam('cricket', pool(asBowlers), everyone(pool(asBowlers))).valid_team).toBe(true)
    const oneBowler = [7, ...times(4, 1), ...times(5, 9), 11]
    const check = validateTeam('cricket', pool(oneBowler), everyone(pool(oneBowler)))
    expect(check.violations.map((v) => v.message)).toEqual([
      'You need at least 2 bowlers (BOWL or AL/BOWL); your team has 1.',
    ])
  })

  it('needs five all-rounders and bowlers together', () => {
    const styles = [7, ...times(6, 1), 9, ...times(3, 13)]
    const check = validateTeam('cricket', pool(styles), everyone(pool(styles)))
    expect(check.violations).toEqual([
      {
        rule: 'cricket_min_allrounders_and_bowlers',
        field: 'player_ids',
        message: 'You need at least 5 all-rounders and bowlers together; your team has 4.',
      },
    ])
    expect(check).toMatchObject({ balanced_ar: true, balanced_bowl: true, balanced_ar_and_bowl: false })
  })

  it('needs a wicket-keeper', () => {
    const styles = [...times(5, 1), 9, 9, ...times(4, 13)]
    const check = validateTeam('cricket', pool(styles), everyone(pool(styles)))
    expect(check.violations.map((v) => [v.rule, v.message])).toEqual([
      ['cricket_min_keeper', 'You need at least 1 wicket-keeper (WK or BAT/WK); your team has none.'],
    ])
  })
})

describe('validateTeam: football', () => {
  const fourFourTwo = [101, ...times(4, 102), ...times(4, 103), 104, 104]

  it('accepts a 4-4-2 with only football flags', () => {
    const check = validateTeam('football', pool(fourFourTwo), everyone(pool(fourFourTwo)))
    expect(check.valid_team).toBe(true)
    expect(check).toMatchObject({
      balanced_gk: true,
      balanced_def: true,
      balanced_mid: true,
      balanced_fwd: true,
    })
    expect(check.role_counts).toEqual({ GK: 1, DEF: 4, MID: 4, FWD: 2 })
    expect(check).not.toHaveProperty('balanced_wk')
  })

  it.each([
    [
      [101, 101, ...times(3, 102), ...times(4, 103), 104, 104],
      'football_goalkeeper',
      'exactly 1 goalkeeper (GK); your team has 2',
    ],
    [
      [...times(4, 102), ...times(5, 103), 104, 104],
      'football_goalkeeper',
      'exactly 1 goalkeeper (GK); your team has none',
    ],
    [
      [101, ...times(6, 102), ...times(3, 103), 104],
      'football_defenders',
      '3 to 5 defenders (DEF); your team has 6',
    ],
    [
      [101, 102, 102, ...times(5, 103), ...times(3, 104)],
      'football_defenders',
      '3 to 5 defenders (DEF); your team has 2',
    ],
    [
      [101, ...times(5, 102), ...times(2, 103), ...times(3, 104)],
      'football_midfielders',
      '3 to 5 midfielders (MID); your team has 2',
    ],
    [
      [101, ...times(5, 102), ...times(5, 103)],
      'football_forwards',
      '1 to 3 forwards (FWD); your team has none',
    ],
    [
      [101, ...times(3, 102), ...times(3, 103), ...times(4, 104)],
      'football_forwards',
      '1 to 3 forwards (FWD); your team has 4',
    ],
  ])('refuses %j with %s', (styles, rule, text) => {
    const check = validateTeam('football', pool(styles), everyone(pool(styles)))
    expect(check.violations).toEqual([{ rule, field: 'player_ids', message: `You need ${text}.` }])
  })
})

describe('validateTeam: five-player sports', () => {
  it.each([
    ['f1', 201],
    ['pubg', 301],
    ['free-fire', 301],
    ['call-of-duty', 301],
  ])('%s: exactly 5 players within 100 credits, no positions', (sport, style) => {
    const five = pool(times(5, style), 20)
    const check = validateTeam(sport, five, everyone(five))
    expect(check).toMatchObject({ valid_team: true, budget: 0, violations: [] })
    expect(Object.keys(check).filter((k) => k.startsWith('balanced_'))).toEqual([])
    const six = pool(times(6, style), 10)
    expect(rulesOf(validateTeam(sport, six, everyone(six)))).toEqual(['team_size'])
    const four = pool(times(4, style), 10)
    expect(rulesOf(validateTeam(sport, four, everyone(four)))).toEqual(['team_size'])
    const dear = pool(times(5, style), [20, 20, 20, 20, 20.5])
    expect(rulesOf(validateTeam(sport, dear, everyone(dear)))).toEqual(['over_budget'])
  })
})

describe('validateTeam: players and captaincy', () => {
  const styles = [7, ...times(4, 1), 9, 9, ...times(4, 13)]
  const players = pool(styles)

  it('names several strangers and repeats in one sentence each', () => {
    const check = validateTeam('cricket', players, {
      ...everyone(players),
      player_ids: [...ids(players), 50, 51, 1, 2, 1],
    })
    expect(check.violations.slice(0, 2).map((v) => [v.message, v.player_ids])).toEqual([
      ['Players 50 and 51 are not in this match.', [50, 51]],
      ['Players 1 and 2 are picked more than once.', [1, 2]],
    ])
    // Strangers still take a place: 13 distinct ids.
    expect(check.violations[2]?.message).toBe('Your team needs exactly 11 players; it has 13.')
    expect(check.selected_players_count).toBe(11)
  })

  it('counts a repeated id once', () => {
    const check = validateTeam('cricket', players, {
      ...everyone(players),
      player_ids: [...ids(players).slice(0, 10), 1],
    })
    expect(rulesOf(check)).toEqual(['duplicate_player', 'team_size'])
    expect(check.selected_players_count).toBe(10)
  })

  it('requires a captain and a vice-captain', () => {
    const check = validateTeam('cricket', players, { player_ids: ids(players) })
    expect(check.violations).toEqual([
      { rule: 'captain_required', field: 'captain', message: 'Choose a captain.' },
      { rule: 'vice_captain_required', field: 'vice_captain', message: 'Choose a vice-captain.' },
    ])
    expect(check).toMatchObject({ players_valid: true, valid_team: false, can_still_be_valid: true })
  })

  it('requires both to be selected players, and different', () => {
    const notIn = validateTeam('cricket', players, {
      player_ids: ids(players).slice(0, 10),
      captain_id: 11,
      vice_captain_id: 77,
    })
    expect(rulesOf(notIn)).toEqual(['team_size', 'captain_not_in_team', 'vice_captain_not_in_team'])
    expect(violationsByField(notIn.violations)).toEqual({
      player_ids: ['Your team needs exactly 11 players; it has 10.'],
      captain: ['The captain must be one of your selected players.'],
      vice_captain: ['The vice-captain must be one of your selected players.'],
    })
    const same = validateTeam('cricket', players, {
      player_ids: ids(players),
      captain_id: 4,
      vice_captain_id: 4,
    })
    expect(rulesOf(same)).toEqual(['captain_is_vice_captain'])
    expect(same.players_valid).toBe(true)
  })

  it('refuses an unknown sport as a programming error', () => {
    expect(() => validateTeam('curling', players, everyone(players))).toThrow(
      'No team rules for sport "curling"',
    )
  })
})

describe('validateTeam: a team being built', () => {
  it('shows which minimums are met so far and that the rest can still come', () => {
    const players = pool([7, 1, 1, 13, 13])
    const check = validateTeam('cricket', players, { player_ids: ids(players) })
    expect(check).toMatchObject({
      balanced_wk: true,
      balanced_pure_wk: true,
      balanced_bat: false,
      balanced_ar: false,
      balanced_bowl: true,
      balanced_ar_and_bowl: false,
      players_needed: 6,
      can_still_be_valid: true,
      players_valid: false,
    })
  })

  it('knows when the places left cannot fix the team', () => {
    const check = (sport: string, styles: number[]) =>
      validateTeam(sport, pool(styles), { player_ids: ids(pool(styles)) }).can_still_be_valid
    expect(check('cricket', [...times(4, 1), 9, ...times(5, 13)])).toBe(true) // one place, one keeper to add
    expect(check('cricket', [...times(3, 1), 9, ...times(6, 13)])).toBe(false) // a keeper and a batter, one place
    expect(check('cricket', [7, 7])).toBe(false)
    expect(check('football', [101, ...times(6, 102)])).toBe(false)
    expect(check('football', [...times(5, 102), ...times(5, 103)])).toBe(false) // GK and FWD, one place
    expect(check('football', [101, ...times(5, 102), ...times(3, 103)])).toBe(true)
    expect(validateTeam('f1', pool([201, 201], 50.5), { player_ids: [1, 2] }).can_still_be_valid).toBe(false)
  })
})

describe('canComplete: from the match pool within budget', () => {
  it('needs a keeper in the pool', () => {
    const noKeepers = pool([...times(8, 1), ...times(4, 9), ...times(8, 13)])
    expect(canComplete('cricket', noKeepers, [])).toBe(false)
    const withKeeper = [...noKeepers, ...pool([7]).map((p) => ({ ...p, id: 100 }))]
    expect(canComplete('cricket', withKeeper, [])).toBe(true)
  })

  it('needs the cheapest completion to fit the credits left', () => {
    const players = pool(times(8, 201), [30, 30, 30, 10, 10, 10, 11, 11])
    expect(canComplete('f1', players, [1, 2])).toBe(true) // 60 + the three 10s = 90
    expect(canComplete('f1', players, [1, 2, 3])).toBe(false) // 90 + two 10s = 110
    expect(canComplete('f1', players, [1, 4, 5, 6])).toBe(true) // 60 + 11 = 71
  })

  it('refuses ids outside the pool', () => {
    expect(canComplete('f1', pool(times(6, 201), 10), [99])).toBe(false)
  })
})

describe('selected players', () => {
  it('round-trips between the API shape and the rules shape', () => {
    const player = { id: 7, style: 5, value_tenths: 95, real_team_id: 3 }
    expect(toSelectedPlayer(player)).toEqual({ id: 7, style: 5, value: 9.5, team: { id: 3 } })
    expect(teamPlayerFromApi({ id: 7, style: 5, value: '9.5', team: { id: 3 } })).toEqual(player)
    expect(() => teamPlayerFromApi({ id: 7, style: 5, value: '9.55', team: { id: 3 } })).toThrow(
      'invalid value',
    )
  })
})
