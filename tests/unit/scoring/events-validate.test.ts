import { describe, expect, it } from 'vitest'
import { validateEvents } from '../../../server/domain/events/validate'
import {
  ball,
  battleRoyale,
  cricket,
  cricketCtx,
  cricketLineups,
  football,
  footballCtx,
  footballLineups,
  race,
  raceCtx,
  squadCtx,
  squadLineups,
} from './scoring-fixtures'

const errorsOf = (result: ReturnType<typeof validateEvents>) => (result.ok ? {} : result.errors)

describe('validateEvents: cricket', () => {
  it('accepts a well-formed batch', () => {
    expect(
      validateEvents('cricket', cricketCtx(), [...cricketLineups(), ball(0, 1, 101, 102, 201, 1)]),
    ).toEqual({
      ok: true,
    })
  })

  it('names the index and field of every bad id', () => {
    const result = validateEvents('cricket', cricketCtx(), [
      cricket({ type: 'lineup', team_id: 1, player_ids: [101, 102, 201, 999, 102] }),
      cricket({ type: 'lineup', team_id: 3, player_ids: [203] }),
      ball(0, 1, 999, 102, 201, 0),
    ])
    expect(result).toEqual({
      ok: false,
      errors: {
        'events.0.player_ids.2': ['plays for team 2, not team 1'],
        'events.0.player_ids.3': ['is not a player of this match'],
        'events.0.player_ids.4': ['is listed twice'],
        'events.1.team_id': ['is not a team of this match'],
        'events.1.player_ids.0': ['plays for team 2, not team 3'],
        'events.2.batter_id': ['is not a player of this match'],
        'events.2.bowler_id': ['needs the lineup of team 2 first'],
      },
    })
  })

  it('checks the people of a ball against each other and the lineups', () => {
    const result = validateEvents('cricket', cricketCtx(), [
      ...cricketLineups(),
      ball(0, 1, 101, 101, 102, 0),
      ball(0, 2, 101, 201, 202, 0),
      ball(0, 3, 112, 102, 201, 0),
    ])
    expect(errorsOf(result)).toEqual({
      'events.2.non_striker_id': ['must differ from batter_id'],
      'events.2.bowler_id': ['must not be on the batting side'],
      'events.3.non_striker_id': ['must be on the same side as batter_id'],
      'events.4.batter_id': ['is not in the lineup of team 1'],
    })
  })

  it('keeps the innings, overs and dismissals in order', () => {
    const result = validateEvents('cricket', cricketCtx('T20'), [
      ...cricketLineups(),
      ball(0, 2, 101, 102, 201, 0, { wicket: { kind: 'bowled', player_out_id: 101 } }),
      ball(0, 1, 103, 102, 201, 0),
      ball(0, 3, 101, 102, 201, 0),
      ball(20, 1, 103, 102, 201, 0),
      ball(0, 1, 104, 105, 201, 0, { innings: 2 }),
      ball(1, 1, 103, 102, 201, 0),
      ball(0, 1, 101, 102, 201, 0, { innings: 4 }),
    ])
    expect(errorsOf(result)).toEqual({
      'events.3.ball': ['must come after over 0 ball 2 of innings 1'],
      'events.4.batter_id': ['was dismissed earlier in innings 1'],
      'events.5.over': ['must be less than 20 in innings 1 of a T20'],
      'events.6.batter_id': ['must be on the other side from innings 1 (team 1 batted)'],
      // The scorer would take event 5 as it is, so later balls are judged after it.
      'events.7.ball': ['must come after over 20 ball 1 of innings 1'],
      'events.7.innings': ['must not go back to innings 1: innings 2 has started'],
      'events.8.innings': ['cannot start before innings 3'],
    })
  })

  it('checks extras and wickets against the laws', () => {
    const result = validateEvents('cricket', cricketCtx(), [
      ...cricketLineups(),
      ball(0, 1, 101, 102, 201, 3, { boundary: true }),
      ball(0, 2, 101, 102, 201, 1, { wides: 1, byes: 1 }),
      ball(0, 3, 101, 102, 201, 2, { legbyes: 1 }),
      ball(0, 4, 101, 102, 201, 0, { noballs: 1, wicket: { kind: 'bowled', player_out_id: 101 } }),
      ball(0, 5, 103, 102, 201, 0, { wicket: { kind: 'caught', player_out_id: 102, fielder_ids: [] } }),
      ball(0, 6, 104, 105, 201, 0, {
        wicket: { kind: 'run out', player_out_id: 103, fielder_ids: [101, 999] },
      }),
      // Stumped off a wide is out (and the only fielder is the keeper): no error.
      ball(0, 7, 106, 107, 201, 0, {
        wides: 1,
        wicket: { kind: 'stumped', player_out_id: 106, fielder_ids: [211] },
      }),
    ])
    expect(errorsOf(result)).toEqual({
      'events.2.boundary': ['needs runs of 4 or 6'],
      'events.3.runs': ['must be 0 on a wide (runs taken off a wide count as wides)'],
      'events.3.extras.byes': ['must be 0 on a wide (runs taken off a wide count as wides)'],
      'events.4.runs': ['must be 0 when byes or leg byes are given'],
      'events.5.wicket.kind': ['cannot be bowled off a no-ball'],
      'events.6.wicket.player_out_id': ['must be batter_id when caught'],
      'events.6.wicket.fielder_ids': ['must name exactly one fielder when caught'],
      'events.7.wicket.player_out_id': ['must be batter_id or non_striker_id'],
      'events.7.wicket.fielder_ids.0': ['must be on the fielding side'],
      'events.7.wicket.fielder_ids.1': ['is not a player of this match'],
    })
  })

  it('allows one player of the match, from a lineup', () => {
    const result = validateEvents('cricket', cricketCtx(), [
      ...cricketLineups(),
      cricket({ type: 'player_of_the_match', player_id: 112 }),
      cricket({ type: 'player_of_the_match', player_id: 101 }),
    ])
    expect(errorsOf(result)).toEqual({
      'events.2.player_id': ['is not in a lineup'],
      'events.3.type': ['player of the match was already given (seq 3): post with that seq to correct it'],
    })
  })
})

describe('validateEvents: seqs and stored events', () => {
  const stored = [
    ...cricketLineups(),
    ball(0, 1, 101, 102, 201, 0),
    ball(0, 2, 101, 102, 201, 4, { boundary: true }),
  ]

  it('judges a batch after the stored events', () => {
    expect(validateEvents('cricket', cricketCtx(), [ball(0, 3, 101, 102, 201, 1)], stored)).toEqual({
      ok: true,
    })
    expect(errorsOf(validateEvents('cricket', cricketCtx(), [ball(0, 1, 101, 102, 201, 1)], stored))).toEqual(
      {
        'events.0.ball': ['must come after over 0 ball 2 of innings 1'],
      },
    )
    expect(errorsOf(validateEvents('cricket', cricketCtx(), [cricketLineups()[0]!], stored))).toEqual({
      'events.0.team_id': ['already has a lineup (seq 1): post with that seq to correct it'],
    })
  })

  it('accepts a correction where it sits, and stored events in the { seq, event } shape', () => {
    const rows = stored.map((event, i) => ({ seq: i + 1, event }))
    const fix = { ...ball(0, 1, 101, 102, 201, 2), seq: 3 }
    expect(validateEvents('cricket', cricketCtx(), [fix], rows)).toEqual({ ok: true })
    expect(
      validateEvents('cricket', cricketCtx(), [{ seq: 3, event: ball(0, 1, 101, 102, 201, 2) }], rows),
    ).toEqual({
      ok: true,
    })
  })

  it('blames a correction that breaks a stored event', () => {
    const lineup = cricket({ type: 'lineup', seq: 1, team_id: 1, player_ids: [102, 103, 104] })
    expect(errorsOf(validateEvents('cricket', cricketCtx(), [lineup], stored))).toEqual({
      'events.0.seq': [
        'would make the stored event seq 3 invalid: batter_id is not in the lineup of team 1',
        'would make the stored event seq 4 invalid: batter_id is not in the lineup of team 1',
      ],
    })
  })

  it('refuses gaps and seqs used twice in a batch', () => {
    const result = validateEvents(
      'cricket',
      cricketCtx(),
      [
        ball(0, 3, 101, 102, 201, 0),
        { ...ball(0, 4, 101, 102, 201, 0), seq: 6 },
        { ...ball(0, 5, 101, 102, 201, 0), seq: 9 },
        { ...ball(0, 4, 101, 102, 201, 1), seq: 6 },
      ],
      stored,
    )
    expect(errorsOf(result)).toEqual({
      'events.2.seq': ['must be an existing seq (a correction) or 7'],
      'events.3.seq': ['is also used by events.1 of this batch'],
    })
  })
})

describe('validateEvents: football', () => {
  it('keeps players on the pitch, sides right and time moving forward', () => {
    const result = validateEvents('football', footballCtx, [
      ...footballLineups(),
      football({ type: 'goal', minute: 10, team_id: 10, player_id: 1006 }),
      football({ type: 'goal', minute: 12, team_id: 10, player_id: 1002, own_goal: true, assist_id: 1004 }),
      football({ type: 'goal', minute: 14, team_id: 10, player_id: 1005, assist_id: 2003 }),
      football({ type: 'substitution', minute: 20, team_id: 10, player_in_id: 2005, player_out_id: 2004 }),
      football({ type: 'save', minute: 5, player_id: 2001 }),
      football({ type: 'full_time', minute: 90 }),
      football({ type: 'card', minute: 91, player_id: 1001, color: 'yellow' }),
    ])
    expect(errorsOf(result)).toEqual({
      'events.2.player_id': ['is not on the pitch'],
      'events.3.player_id': ['must play for the side conceding an own goal, not team 10'],
      'events.3.assist_id': ['must be empty on an own goal'],
      'events.4.assist_id': ['must be a teammate of player_id'],
      'events.5.player_out_id': ['is not on the pitch for team 10'],
      'events.5.player_in_id': ['is not on the bench of team 10'],
      'events.6.minute': ['must not be before minute 20'],
      'events.8.type': ['is not allowed after full_time (seq 8)'],
    })
  })

  it('knows who has left the pitch and the lineup size', () => {
    const result = validateEvents('football', { ...footballCtx, lineup_size: 4 }, [
      ...footballLineups(),
      football({ type: 'card', minute: 30, player_id: 2003, color: 'red' }),
      football({ type: 'tackle_won', minute: 31, player_id: 2003 }),
      football({ type: 'player_of_the_match', player_id: 2005 }),
    ])
    expect(errorsOf(result)).toEqual({
      'events.0.player_ids': ['must have at most 4 players'],
      'events.3.player_id': ['has left the pitch'],
      'events.4.player_id': ['did not take the field'],
    })
  })
})

describe('validateEvents: race and battle royale', () => {
  it('race: grid first, drivers on it, one retirement each, a complete classification', () => {
    const result = validateEvents('race', raceCtx, [
      race({ type: 'lap', lap: 1, order: [301] }),
      race({ type: 'grid', order: [301, 302, 303, 304] }),
      race({ type: 'lap', lap: 1, order: [302, 301, 307, 302] }),
      race({ type: 'dnf', driver_id: 303, lap: 1 }),
      race({ type: 'dnf', driver_id: 303, lap: 2 }),
      race({ type: 'lap', lap: 1, order: [303] }),
      race({ type: 'finish', order: [301, 302] }),
      race({ type: 'lap', lap: 3, order: [301] }),
    ])
    expect(errorsOf(result)).toEqual({
      'events.0.type': ['needs the grid first'],
      'events.2.order.2': ['is not on the grid'],
      'events.2.order.3': ['is listed twice'],
      'events.4.driver_id': ['already retired on lap 1 (seq 4)'],
      'events.5.lap': ['must be after lap 1'],
      'events.5.order.0': ['retired on lap 1 (seq 4)'],
      'events.6.order': ['must list every running driver (missing 304)'],
      'events.7.type': ['is not allowed after finish (seq 7)'],
    })
  })

  it('battle royale: alive squads only, placements in order, a last squad standing', () => {
    const result = validateEvents('battle_royale', squadCtx, [
      ...squadLineups(),
      battleRoyale({ type: 'kill', player_id: 5103 }),
      battleRoyale({ type: 'kill', player_id: 5101, victim_id: 5102 }),
      battleRoyale({ type: 'eliminated', team_id: 54, placement: 2 }),
      battleRoyale({ type: 'kill', player_id: 5401 }),
      battleRoyale({ type: 'zone', zone: 2 }),
      battleRoyale({ type: 'zone', zone: 1 }),
      battleRoyale({ type: 'winner', team_id: 51 }),
      battleRoyale({ type: 'eliminated', team_id: 53, placement: 3 }),
    ])
    expect(errorsOf(result)).toEqual({
      'events.4.player_id': ['is not in a squad lineup'],
      'events.5.victim_id': ['must be from another squad'],
      'events.6.placement': ['must be 4: the squad eliminated now is last of the 4 alive'],
      'events.7.player_id': ['plays for team 54, already eliminated'],
      'events.9.zone': ['must be after zone 2'],
      'events.10.team_id': ['cannot win while teams 52, 53 are alive'],
      'events.11.type': ['is not allowed after the winner (seq 11)'],
    })
  })
})
