import { describe, expect, it } from 'vitest'
import type { TeamPlayer } from '../../../server/domain/team-rules'
import {
  addPlayer,
  canAdd,
  emptyTeam,
  loadTeam,
  removePlayer,
  resetTeam,
  setCaptain,
  setViceCaptain,
  type WorkingTeam,
} from '../../../server/domain/working-team'
import { ALL_BALANCED, pool, times } from './team-rules.fixtures'

const addAll = (team: WorkingTeam, players: TeamPlayer[]) => players.reduce((t, p) => addPlayer(t, p), team)
const balanced = pool([7, ...times(4, 1), 9, 9, ...times(4, 13)], 9)

describe('working team', () => {
  it('starts empty with the whole budget', () => {
    const team = emptyTeam('cricket')
    expect(team).toMatchObject({
      sport: 'cricket',
      captain_id: null,
      vice_captain_id: null,
      selected_players: [],
      selected_players_hash: [],
      selected_players_count: 0,
      budget: 100,
      budget_used: 0,
      valid_team: false,
      can_still_be_valid: true,
      players_needed: 11,
      team_players_count: {},
      balanced_wk: false,
      balanced_pure_wk: true,
      balanced_bat: false,
    })
    expect(team.violations.map((v) => v.rule)).toEqual([
      'team_size',
      'cricket_min_keeper',
      'cricket_min_batters',
      'cricket_min_allrounders',
      'cricket_min_bowlers',
      'cricket_min_allrounders_and_bowlers',
      'captain_required',
      'vice_captain_required',
    ])
  })

  it('adds players into a new object and recomputes every field', () => {
    const empty = emptyTeam('cricket')
    const one = addPlayer(empty, { id: 5, style: 7, value_tenths: 95, real_team_id: 3 })
    expect(one).not.toBe(empty)
    expect(empty.selected_players).toEqual([])
    expect(one).toMatchObject({
      selected_players: [5],
      selected_players_hash: [{ id: 5, style: 7, value: 9.5, team: { id: 3 } }],
      selected_players_count: 1,
      budget: 90.5,
      budget_used: 9.5,
      team_players_count: { 3: 1 },
      balanced_wk: true,
    })
    expect(addPlayer(one, { id: 5, style: 7, value_tenths: 95, real_team_id: 3 })).toBe(one)
  })

  it('becomes valid once eleven balanced players, a captain and a vice-captain are chosen', () => {
    const eleven = addAll(emptyTeam('cricket'), balanced)
    expect(eleven).toMatchObject({
      selected_players_count: 11,
      players_valid: true,
      valid_team: false,
      budget: 1,
    })
    const done = setViceCaptain(setCaptain(eleven, 2), 3)
    expect(done).toMatchObject({ captain_id: 2, vice_captain_id: 3, valid_team: true, violations: [] })
  })

  it('clears the vice-captain when the same player becomes captain, and the reverse', () => {
    const team = setViceCaptain(setCaptain(addAll(emptyTeam('cricket'), balanced), 2), 3)
    expect(setCaptain(team, 3)).toMatchObject({ captain_id: 3, vice_captain_id: null, valid_team: false })
    expect(setViceCaptain(team, 2)).toMatchObject({ captain_id: null, vice_captain_id: 2 })
    expect(setCaptain(team, null)).toMatchObject({ captain_id: null, vice_captain_id: 3 })
    // Only a selected player can lead the team.
    expect(setCaptain(team, 99)).toBe(team)
    expect(setViceCaptain(team, 99)).toBe(team)
  })

  it('clears the captain or vice-captain when that player is removed', () => {
    const team = setViceCaptain(setCaptain(addAll(emptyTeam('cricket'), balanced), 2), 3)
    expect(removePlayer(team, 2)).toMatchObject({
      captain_id: null,
      vice_captain_id: 3,
      selected_players_count: 10,
    })
    expect(removePlayer(team, 3)).toMatchObject({ captain_id: 2, vice_captain_id: null })
    expect(removePlayer(team, 4)).toMatchObject({ captain_id: 2, vice_captain_id: 3, budget: 10 })
    expect(removePlayer(team, 99)).toBe(team)
  })

  it('loads a saved team as valid with every balance flag true', () => {
    // Spec §4: the flags are set, not recomputed — even for a team the rules would now refuse.
    const lopsided = pool([...times(8, 1), ...times(3, 13)])
    const team = loadTeam({ sport: 'cricket', players: lopsided, captain_id: 1, vice_captain_id: 2 })
    expect(team).toMatchObject({
      valid_team: true,
      violations: [],
      ...ALL_BALANCED,
      selected_players_count: 11,
      budget: 12,
      captain_id: 1,
      vice_captain_id: 2,
    })
    // The first change recomputes everything.
    expect(removePlayer(team, 11)).toMatchObject({ valid_team: false, balanced_wk: false })
    const football = loadTeam({
      sport: 'football',
      players: pool([101, ...times(4, 102), ...times(4, 103), 104, 104]),
      captain_id: 1,
      vice_captain_id: 2,
    })
    expect(football).toMatchObject({
      balanced_gk: true,
      balanced_def: true,
      balanced_mid: true,
      balanced_fwd: true,
    })
    expect(football).not.toHaveProperty('balanced_wk')
  })

  it('resets to budget 100 with no players', () => {
    const team = setCaptain(addAll(emptyTeam('football'), pool([101, 102])), 1)
    expect(resetTeam(team)).toEqual(emptyTeam('football'))
  })
})

describe('canAdd', () => {
  const player = (id: number, style: number, credits = 8): TeamPlayer => ({
    id,
    style,
    value_tenths: credits * 10,
    real_team_id: 1,
  })

  it('refuses a player already in the team and a twelfth player', () => {
    const eleven = addAll(emptyTeam('cricket'), balanced)
    expect(canAdd(eleven, balanced[0]!)).toEqual({
      ok: false,
      reason: 'already_selected',
      message: 'This player is already in your team.',
    })
    expect(canAdd(eleven, player(50, 1))).toEqual({
      ok: false,
      reason: 'team_full',
      message: 'Your team already has 11 players.',
    })
  })

  it('refuses a player costing more than the credits left, and accepts one costing exactly that', () => {
    const ten = addAll(emptyTeam('cricket'), balanced.slice(0, 10)) // 90 credits
    expect(canAdd(ten, player(50, 13, 10.5))).toEqual({
      ok: false,
      reason: 'over_budget',
      message: 'This player costs 10.5 credits; you have 10 left.',
    })
    expect(canAdd(ten, player(50, 13, 10))).toEqual({ ok: true })
  })

  it('refuses a second pure wicket-keeper', () => {
    const team = addPlayer(emptyTeam('cricket'), player(1, 7))
    expect(canAdd(team, player(2, 7))).toEqual({
      ok: false,
      reason: 'cricket_max_pure_keeper',
      message: 'You already have a pure wicket-keeper (WK); a team can have only 1.',
    })
    expect(canAdd(team, player(2, 5)).ok).toBe(true)
  })

  it.each([
    [[101], 101, 'football_goalkeeper', 'You already have a goalkeeper (GK); a team can have only 1.'],
    [
      times(5, 102),
      102,
      'football_defenders',
      'You already have 5 defenders (DEF), the most a team can have.',
    ],
    [
      times(5, 103),
      103,
      'football_midfielders',
      'You already have 5 midfielders (MID), the most a team can have.',
    ],
    [times(3, 104), 104, 'football_forwards', 'You already have 3 forwards (FWD), the most a team can have.'],
  ])('football: %j refuses another %i (%s)', (styles, style, reason, message) => {
    const team = addAll(emptyTeam('football'), pool(styles))
    expect(canAdd(team, player(50, style))).toEqual({ ok: false, reason, message })
  })

  it('refuses a player who would leave too few places for what the team still needs', () => {
    const noKeeper = addAll(emptyTeam('cricket'), pool([...times(4, 1), 9, ...times(5, 13)], 7))
    expect(noKeeper.selected_players_count).toBe(10)
    expect(canAdd(noKeeper, player(50, 13))).toEqual({
      ok: false,
      reason: 'cannot_complete',
      message:
        'Adding this player leaves too few places for what your team still needs. You need at least 1 wicket-keeper (WK or BAT/WK); your team has none.',
    })
    expect(canAdd(noKeeper, player(50, 5)).ok).toBe(true)
    expect(addPlayer(noKeeper, player(50, 13))).toBe(noKeeper)
  })

  it("with the match's pool, refuses a player after whom no valid team fits the credits left", () => {
    // Four drivers at 10 credits, four at 30: after two at 30 (60), a third at 30 leaves
    // 10 credits for two drivers.
    const drivers = pool(times(8, 201), [30, 30, 30, 30, 10, 10, 10, 10])
    const team = addAll(emptyTeam('f1'), drivers.slice(0, 2))
    expect(canAdd(team, drivers[2]!)).toEqual({ ok: true })
    expect(canAdd(team, drivers[2]!, drivers)).toEqual({
      ok: false,
      reason: 'cannot_complete',
      message: "Adding this player leaves no valid team within the credits left from this match's players.",
    })
    expect(canAdd(team, drivers[4]!, drivers)).toEqual({ ok: true })
    expect(addPlayer(team, drivers[2]!, drivers)).toBe(team)
  })
})
