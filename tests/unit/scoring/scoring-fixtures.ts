import {
  BattleRoyaleEvent,
  CricketEvent,
  FootballEvent,
  type MatchEvent,
  RaceEvent,
} from '../../../server/domain/events/schema'
import type { Scorer } from '../../../server/domain/scoring'
import { STYLE } from '../../../server/domain/styles'

/** Shared fixtures for the scoring and event-validation tests. */

export type Raw = Record<string, unknown>

/**
 * Cricket: team 1 = players 101..112, team 2 = 201..212. The lineups name the first eleven
 * of each; 112 and 212 are in the match squad but never in a lineup (substitute fielders).
 */
export const cricketPlayers = [
  ...Array.from({ length: 12 }, (_, i) => ({ id: 101 + i, style: STYLE.BATTER, real_team_id: 1 })),
  ...Array.from({ length: 12 }, (_, i) => ({ id: 201 + i, style: STYLE.BOWLER, real_team_id: 2 })),
]
export const cricketCtx = (format = 'T20') => ({ players: cricketPlayers, team_ids: [1, 2], format })

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)

export const cricket = (raw: Raw): CricketEvent => CricketEvent.parse(raw)
export const football = (raw: Raw): FootballEvent => FootballEvent.parse(raw)
export const race = (raw: Raw): RaceEvent => RaceEvent.parse(raw)
export const battleRoyale = (raw: Raw): BattleRoyaleEvent => BattleRoyaleEvent.parse(raw)

export const cricketLineups = (): CricketEvent[] => [
  cricket({ type: 'lineup', team_id: 1, player_ids: range(101, 11) }),
  cricket({ type: 'lineup', team_id: 2, player_ids: range(201, 11) }),
]

interface BallOptions {
  innings?: number
  boundary?: boolean
  wides?: number
  noballs?: number
  byes?: number
  legbyes?: number
  wicket?: { kind: string; player_out_id: number; fielder_ids?: number[] }
}

/** A delivery: [over, ball, batter, non-striker, bowler, runs off the bat]. */
export function ball(
  over: number,
  n: number,
  batter: number,
  nonStriker: number,
  bowler: number,
  runs: number,
  o: BallOptions = {},
): CricketEvent {
  return cricket({
    type: 'ball',
    innings: o.innings ?? 1,
    over,
    ball: n,
    batter_id: batter,
    non_striker_id: nonStriker,
    bowler_id: bowler,
    runs,
    boundary: o.boundary ?? false,
    extras: { wides: o.wides ?? 0, noballs: o.noballs ?? 0, byes: o.byes ?? 0, legbyes: o.legbyes ?? 0 },
    ...(o.wicket ? { wicket: o.wicket } : {}),
  })
}

/** Points of each player as a plain object, for one readable assertion. */
export function pointsOf(scorer: Scorer, ids: readonly number[]): Record<number, number> {
  return Object.fromEntries(ids.map((id) => [id, scorer.points(id)]))
}

/** The breakdown of a player as { rule: points }. */
export function breakdownOf(scorer: Scorer, id: number): Record<string, number> {
  return Object.fromEntries((scorer.playerScore(id)?.breakdown ?? []).map((l) => [l.rule, l.points]))
}

export function applyAll(scorer: Scorer, events: readonly MatchEvent[]): Scorer {
  for (const e of events) scorer.apply(e)
  return scorer
}

/** Football: team 10 (GK 1001, DEF 1002–1003, MID 1004, FWD 1005; bench FWD 1006, DEF 1007), team 20 likewise. */
export const footballPlayers = [
  { id: 1001, style: STYLE.GOALKEEPER, real_team_id: 10 },
  { id: 1002, style: STYLE.DEFENDER, real_team_id: 10 },
  { id: 1003, style: STYLE.DEFENDER, real_team_id: 10 },
  { id: 1004, style: STYLE.MIDFIELDER, real_team_id: 10 },
  { id: 1005, style: STYLE.FORWARD, real_team_id: 10 },
  { id: 1006, style: STYLE.FORWARD, real_team_id: 10 },
  { id: 1007, style: STYLE.DEFENDER, real_team_id: 10 },
  { id: 2001, style: STYLE.GOALKEEPER, real_team_id: 20 },
  { id: 2002, style: STYLE.DEFENDER, real_team_id: 20 },
  { id: 2003, style: STYLE.MIDFIELDER, real_team_id: 20 },
  { id: 2004, style: STYLE.FORWARD, real_team_id: 20 },
  { id: 2005, style: STYLE.MIDFIELDER, real_team_id: 20 },
]
export const footballCtx = { players: footballPlayers, team_ids: [10, 20] }
export const footballLineups = (): FootballEvent[] => [
  football({
    type: 'lineup',
    team_id: 10,
    player_ids: [1001, 1002, 1003, 1004, 1005],
    substitute_ids: [1006, 1007],
  }),
  football({ type: 'lineup', team_id: 20, player_ids: [2001, 2002, 2003, 2004], substitute_ids: [2005] }),
]

/** F1: drivers 301..307 (two per constructor 31..34); 307 is not on the grid. */
export const racePlayers = range(301, 7).map((id, i) => ({
  id,
  style: STYLE.DRIVER,
  real_team_id: 31 + Math.floor(i / 2),
}))
export const raceCtx = { players: racePlayers, team_ids: [31, 32, 33, 34] }

/** Battle royale: squads 51..54 with players 5101, 5102, 5103 …; the lineups name the first two. */
export const squadPlayers = [51, 52, 53, 54].flatMap((team) =>
  [1, 2, 3].map((k) => ({ id: team * 100 + k, style: STYLE.BATTLE_ROYALE, real_team_id: team })),
)
export const squadCtx = { players: squadPlayers, team_ids: [51, 52, 53, 54] }
export const squadLineups = (): BattleRoyaleEvent[] =>
  [51, 52, 53, 54].map((team) =>
    battleRoyale({ type: 'lineup', team_id: team, player_ids: [team * 100 + 1, team * 100 + 2] }),
  )
