import { describe, expect, it } from 'vitest'
import { validateEvents } from '../../../server/domain/events/validate'
import { createScorer } from '../../../server/domain/scoring'
import { STYLE } from '../../../server/domain/styles'
import {
  applyAll,
  battleRoyale,
  breakdownOf,
  pointsOf,
  race,
  raceCtx,
  racePlayers,
  squadCtx,
  squadLineups,
  squadPlayers,
} from './scoring-fixtures'

describe('race scorer (F1)', () => {
  const start = () => [
    race({ type: 'grid', order: [301, 302, 303, 304, 305, 306] }),
    race({ type: 'lap', lap: 1, order: [302, 301, 303, 304, 305, 306] }),
  ]

  it('scores provisional positions from the latest lap', () => {
    const s = applyAll(createScorer({ family: 'race', players: racePlayers, laps: 57 }), start())
    // 302: P1 25 + 1 gained; 301: P2 18 + pole 3 − 1 lost.
    expect(pointsOf(s, [301, 302])).toEqual({ 301: 20, 302: 26 })
    expect(s.summary()).toEqual({
      family: 'race',
      lap: 1,
      laps: 57,
      leader_id: 302,
      order: [302, 301, 303, 304, 305, 306],
      finished: false,
      fastest_lap: null,
      dnf: [],
    })
  })

  it('scores the finish, pole, gains and losses, the fastest lap and a DNF', () => {
    const events = [
      ...start(),
      race({ type: 'dnf', driver_id: 305, lap: 10 }),
      race({ type: 'lap', lap: 15, order: [302, 301, 303, 306, 304] }),
      race({ type: 'fastest_lap', driver_id: 306, lap: 15 }),
      race({ type: 'lap', lap: 20, order: [303, 302, 301, 306, 304] }),
      race({ type: 'fastest_lap', driver_id: 302, lap: 20 }),
      race({ type: 'finish', order: [303, 302, 306, 301, 304] }),
    ]
    expect(validateEvents('race', raceCtx, events)).toEqual({ ok: true })
    const s = applyAll(createScorer({ family: 'race', players: racePlayers }), events)
    expect(pointsOf(s, [301, 302, 303, 304, 305, 306, 307])).toEqual({
      // Grid 1 → P4: pole 3 + 12 − 3.
      301: 12,
      // Grid 2 → P2: 18 + fastest lap 5 (taken from 306).
      302: 23,
      // Grid 3 → P1: 25 + 2.
      303: 27,
      // Grid 4 → P5: 10 − 1.
      304: 9,
      // DNF only.
      305: -10,
      // Grid 6 → P3: 15 + 3.
      306: 18,
      // Not on the grid.
      307: 0,
    })
    expect(breakdownOf(s, 301)).toEqual({ finish_4: 12, position_lost: -3, pole_position: 3 })
    expect(s.summary()).toMatchObject({
      finished: true,
      leader_id: 303,
      dnf: [305],
      fastest_lap: { driver_id: 302 },
    })
  })

  it('pays every finishing row down to 10th and nothing below', () => {
    const ids = Array.from({ length: 12 }, (_, i) => 401 + i)
    const players = ids.map((id) => ({
      id,
      style: STYLE.DRIVER,
      real_team_id: 40 + Math.floor((id - 401) / 2),
    }))
    const s = applyAll(createScorer({ family: 'race', players }), [
      race({ type: 'grid', order: ids }),
      race({ type: 'finish', order: [...ids].reverse() }),
    ])
    expect(pointsOf(s, ids)).toEqual({
      412: 25 + 11,
      411: 18 + 9,
      410: 15 + 7,
      409: 12 + 5,
      408: 10 + 3,
      407: 8 + 1,
      406: 6 - 1,
      405: 4 - 3,
      404: 2 - 5,
      403: 1 - 7,
      402: 0 - 9,
      401: 3 - 11,
    })
  })
})

describe('battle-royale scorer', () => {
  it('gives the squad placement to every lineup player and a point per kill', () => {
    const events = [
      ...squadLineups(),
      battleRoyale({ type: 'zone', zone: 1 }),
      battleRoyale({ type: 'kill', player_id: 5101, victim_id: 5401 }),
      battleRoyale({ type: 'kill', player_id: 5101, victim_id: 5402 }),
      battleRoyale({ type: 'eliminated', team_id: 54, placement: 4 }),
      battleRoyale({ type: 'zone', zone: 2 }),
      battleRoyale({ type: 'kill', player_id: 5201, victim_id: 5301 }),
      battleRoyale({ type: 'kill', player_id: 5302 }),
      battleRoyale({ type: 'eliminated', team_id: 53, placement: 3 }),
      battleRoyale({ type: 'kill', player_id: 5101, victim_id: 5201 }),
      battleRoyale({ type: 'eliminated', team_id: 52, placement: 2 }),
      battleRoyale({ type: 'winner', team_id: 51 }),
    ]
    expect(validateEvents('battle_royale', squadCtx, events)).toEqual({ ok: true })
    const s = applyAll(createScorer({ family: 'battle_royale', players: squadPlayers }), events)
    expect(pointsOf(s, [5101, 5102, 5103, 5201, 5202, 5301, 5302, 5401, 5402])).toEqual({
      5101: 3 + 15,
      5102: 15,
      // Not in the lineup.
      5103: 0,
      5201: 1 + 12,
      5202: 12,
      5301: 10,
      5302: 1 + 10,
      5401: 8,
      5402: 8,
    })
    expect(breakdownOf(s, 5101)).toEqual({ placement_1: 15, kill: 3 })
    expect(s.summary()).toEqual({
      family: 'battle_royale',
      zone: 2,
      teams_alive: 1,
      kills_by_team: { '51': 3, '52': 1, '53': 1, '54': 0 },
      placements: { '51': 1, '52': 2, '53': 3, '54': 4 },
      winner_id: 51,
    })
  })

  it('pays the placement tiers 1–7, 8–12 and 13+', () => {
    const teams = Array.from({ length: 14 }, (_, i) => 61 + i)
    const players = teams.map((team) => ({ id: team * 10, style: STYLE.BATTLE_ROYALE, real_team_id: team }))
    const events = [
      ...teams.map((team) => battleRoyale({ type: 'lineup', team_id: team, player_ids: [team * 10] })),
      // The 14th squad goes first, then the 13th, …, the 2nd; the first wins.
      ...teams
        .slice(1)
        .reverse()
        .map((team) => battleRoyale({ type: 'eliminated', team_id: team, placement: team - 60 })),
      battleRoyale({ type: 'winner', team_id: 61 }),
    ]
    expect(validateEvents('battle_royale', { players, team_ids: teams }, events)).toEqual({ ok: true })
    const s = applyAll(createScorer({ family: 'battle_royale', players }), events)
    expect(teams.map((team) => s.points(team * 10))).toEqual([15, 12, 10, 8, 6, 4, 2, 1, 1, 1, 1, 1, 0, 0])
    expect(breakdownOf(s, 690)).toEqual({ placement_8_12: 1 })
  })
})
