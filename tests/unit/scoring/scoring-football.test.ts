import { describe, expect, it } from 'vitest'
import { validateEvents } from '../../../server/domain/events/validate'
import { createScorer } from '../../../server/domain/scoring'
import { POINT_SYSTEMS } from '../../../server/domain/scoring/point-systems'
import {
  applyAll,
  breakdownOf,
  football,
  footballCtx,
  footballLineups,
  footballPlayers,
  pointsOf,
} from './scoring-fixtures'

const score = (events: ReturnType<typeof football>[]) =>
  applyAll(createScorer({ family: 'football', players: footballPlayers }), events)

/** Team 10 wins 2–0 (a goal and an own goal by 2002); every row of the table comes up. */
function match() {
  return [
    ...footballLineups(),
    football({ type: 'minute', minute: 10 }),
    football({ type: 'shot_on_target', minute: 12, player_id: 1005 }),
    football({ type: 'save', minute: 12, player_id: 2001 }),
    football({ type: 'goal', minute: 20, team_id: 10, player_id: 1005, assist_id: 1004 }),
    football({ type: 'tackle_won', minute: 25, player_id: 2002 }),
    football({ type: 'card', minute: 30, player_id: 2003, color: 'yellow' }),
    football({ type: 'substitution', minute: 50, team_id: 10, player_in_id: 1007, player_out_id: 1003 }),
    football({ type: 'penalty_save', minute: 60, player_id: 1001 }),
    football({ type: 'penalty_miss', minute: 60, player_id: 2004 }),
    football({ type: 'goal', minute: 70, team_id: 10, player_id: 2002, own_goal: true }),
    football({ type: 'card', minute: 75, player_id: 2003, color: 'red' }),
    football({ type: 'substitution', minute: 80, team_id: 20, player_in_id: 2005, player_out_id: 2004 }),
    football({ type: 'full_time', minute: 90 }),
    football({ type: 'player_of_the_match', player_id: 1001 }),
  ]
}

describe('football scorer', () => {
  it('scores each player from the column of their position', () => {
    const events = match()
    expect(validateEvents('football', footballCtx, events)).toEqual({ ok: true })
    const s = score(events)
    expect(
      pointsOf(
        s,
        footballPlayers.map((p) => p.id),
      ),
    ).toEqual({
      // GK: appearance 2 + penalty saved 8 + clean sheet 5 (90 minutes, nothing conceded) + POTM 5.
      1001: 20,
      // DEF: appearance 2 + clean sheet 4.
      1002: 6,
      // DEF off at 50: appearance 2, no clean sheet (under 55 minutes).
      1003: 2,
      // MID: appearance 2 + assist 5 + clean sheet 1.
      1004: 8,
      // FWD: appearance 2 + shot on target 1 + goal 5 (clean sheet 0 for forwards).
      1005: 8,
      // On the bench all match: did not take the field.
      1006: 0,
      // DEF on at 50 for 40 minutes: came on as a substitute 1.
      1007: 1,
      // GK: appearance 2 + save 1 − 1 (two goals conceded).
      2001: 2,
      // DEF: appearance 2 + tackle 1 − 2 (own goal) − 1 (two conceded).
      2002: 0,
      // MID: appearance 2 − 1 (yellow) − 3 (red).
      2003: -2,
      // FWD: appearance 2 − 2 (penalty missed).
      2004: 0,
      // MID: came on as a substitute 1.
      2005: 1,
    })
    expect(breakdownOf(s, 1001)).toEqual({
      penalty_save: 8,
      clean_sheet: 5,
      appearance: 2,
      player_of_the_match: 5,
    })
    expect(breakdownOf(s, 2002)).toEqual({ goal_conceded_2: -1, tackle_won: 1, appearance: 2, own_goal: -2 })
    expect(s.playerScore(2003)?.stats).toMatchObject({ minutes: 75, on_pitch: false, red_cards: 1 })
    expect(s.playerScore(1007)?.stats).toMatchObject({
      minutes: 40,
      clean_sheet: false,
      substitute_appearance: true,
    })
    expect(s.summary()).toEqual({
      family: 'football',
      score: { '10': 2, '20': 0 },
      minute: 90,
      full_time: true,
    })
  })

  it('keeps a clean sheet for a player subbed off before the goal and takes it from those on the pitch', () => {
    const s = score([
      ...footballLineups(),
      football({ type: 'minute', minute: 55 }),
      football({ type: 'substitution', minute: 60, team_id: 10, player_in_id: 1007, player_out_id: 1002 }),
    ])
    // Provisional: 55 minutes on the pitch without conceding.
    expect(breakdownOf(s, 1001).clean_sheet).toBe(5)
    const touched = s.apply(football({ type: 'goal', minute: 80, team_id: 20, player_id: 2004 }))
    expect(touched).toEqual(expect.arrayContaining([1001, 1003, 1004, 1005, 1007, 2004]))
    expect(touched).not.toContain(1002)
    expect(breakdownOf(s, 1001).clean_sheet).toBeUndefined()
    expect(breakdownOf(s, 1002).clean_sheet).toBe(4)
    expect(s.playerScore(1001)?.stats.goals_conceded).toBe(1)
    expect(s.playerScore(1002)?.stats.goals_conceded).toBe(0)
  })

  it('sends a player off on a second yellow, each card scoring its row', () => {
    const s = score([
      ...footballLineups(),
      football({ type: 'card', minute: 10, player_id: 1004, color: 'yellow' }),
      football({ type: 'card', minute: 40, player_id: 1004, color: 'yellow' }),
      football({ type: 'full_time', minute: 90 }),
    ])
    expect(s.playerScore(1004)?.stats).toMatchObject({ minutes: 40, on_pitch: false, yellow_cards: 2 })
    // Appearance 2 − 2 yellows; no clean sheet at 40 minutes.
    expect(s.points(1004)).toBe(0)
  })

  it('reads the 55 minutes from the rule it enforces', () => {
    const rule = POINT_SYSTEMS.football!.sections.flatMap((x) => x.rules).find((r) => r.id === 'clean_sheet')
    expect(rule?.label).toContain('55+ minutes')
  })
})
