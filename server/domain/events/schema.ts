import { z } from 'zod'

/**
 * Match events: the one input format for scoring, whether they come from the seeded
 * simulator, a scenario file or a tester (`POST /api/admin/matches/{id}/events`,
 * `fanspole match score {id} --events file.json`). Events are the source of truth: player
 * stats, points, team totals and ranks are all derived from them.
 *
 * Every event may carry `seq` (its position in the match, from 1). Posting an event with an
 * existing `seq` replaces it (a scoring correction: everything is recomputed); events
 * without `seq` are appended. Cricket follows DESIGN §5 (Cricsheet style); the formats of
 * the other sports are documented in docs/events.md.
 */
const id = z.number().int().positive()
const seq = z.number().int().positive().optional()
const minute = z.number().int().min(0).max(130)

// ---- cricket -------------------------------------------------------------------------
export const CricketLineup = z.strictObject({
  type: z.literal('lineup'),
  seq,
  team_id: id,
  player_ids: z.array(id).min(1).max(11),
})
/** Innings 1–4; a tied T20 or ODI goes on with super overs, numbered 3, 4, then 5, 6… while tied (five at most). */
export const MAX_INNINGS = 12
const inningsNumber = z.number().int().min(1).max(MAX_INNINGS)
/** Dismissals that credit the bowler with a wicket (DESIGN §5): all but run out, retired hurt and obstructing. */
export const BOWLER_WICKET_KINDS = [
  'bowled',
  'caught',
  'lbw',
  'stumped',
  'hit wicket',
  'caught and bowled',
] as const

/** Whether a dismissal of this kind is a wicket to the bowler. */
export function creditsBowler(kind: string): boolean {
  return (BOWLER_WICKET_KINDS as readonly string[]).includes(kind)
}

export const CricketBall = z.strictObject({
  type: z.literal('ball'),
  seq,
  innings: inningsNumber,
  over: z.number().int().min(0).max(200),
  ball: z.number().int().min(1).max(20),
  batter_id: id,
  non_striker_id: id,
  bowler_id: id,
  /** Runs off the bat. */
  runs: z.number().int().min(0).max(7),
  /** A four or a six. */
  boundary: z.boolean().default(false),
  extras: z
    .strictObject({
      wides: z.number().int().min(0).max(7).default(0),
      noballs: z.number().int().min(0).max(1).default(0),
      byes: z.number().int().min(0).max(7).default(0),
      legbyes: z.number().int().min(0).max(7).default(0),
    })
    .default({ wides: 0, noballs: 0, byes: 0, legbyes: 0 }),
  wicket: z
    .strictObject({
      kind: z.enum([...BOWLER_WICKET_KINDS, 'run out', 'retired hurt', 'obstructing the field']),
      player_out_id: id,
      fielder_ids: z.array(id).max(3).default([]),
    })
    .optional(),
  /** The ball after a no-ball (and after a wide on a free hit): only a run out dismisses. */
  free_hit: z.boolean().optional(),
  /** A ball of a super over (a tied T20 or ODI): shown, never scored. */
  super_over: z.boolean().optional(),
})
export const PlayerOfTheMatch = z.strictObject({ type: z.literal('player_of_the_match'), seq, player_id: id })
export const InningsEnd = z.strictObject({
  type: z.literal('innings_end'),
  seq,
  innings: inningsNumber,
})

// ---- football ------------------------------------------------------------------------
export const FootballLineup = z.strictObject({
  type: z.literal('lineup'),
  seq,
  team_id: id,
  player_ids: z.array(id).min(1).max(11),
  substitute_ids: z.array(id).max(12).default([]),
})
export const Substitution = z.strictObject({
  type: z.literal('substitution'),
  seq,
  minute,
  team_id: id,
  player_in_id: id,
  player_out_id: id,
})
export const Goal = z.strictObject({
  type: z.literal('goal'),
  seq,
  minute,
  team_id: id,
  player_id: id,
  assist_id: id.optional(),
  own_goal: z.boolean().default(false),
  penalty: z.boolean().default(false),
})
const footballAction = <T extends string>(type: T) =>
  z.strictObject({ type: z.literal(type), seq, minute, player_id: id })
export const ShotOnTarget = footballAction('shot_on_target')
export const Save = footballAction('save')
export const PenaltySave = footballAction('penalty_save')
export const PenaltyMiss = footballAction('penalty_miss')
export const TackleWon = footballAction('tackle_won')
export const Card = z.strictObject({
  type: z.literal('card'),
  seq,
  minute,
  player_id: id,
  color: z.enum(['yellow', 'red']),
})
export const MinuteTick = z.strictObject({ type: z.literal('minute'), seq, minute })
export const FullTime = z.strictObject({ type: z.literal('full_time'), seq, minute: minute.default(90) })

// ---- F1 ------------------------------------------------------------------------------
export const Grid = z.strictObject({ type: z.literal('grid'), seq, order: z.array(id).min(1).max(30) })
export const Lap = z.strictObject({
  type: z.literal('lap'),
  seq,
  lap: z.number().int().min(1).max(100),
  order: z.array(id).min(1).max(30),
})
export const FastestLap = z.strictObject({
  type: z.literal('fastest_lap'),
  seq,
  driver_id: id,
  lap: z.number().int().min(1),
})
export const DidNotFinish = z.strictObject({
  type: z.literal('dnf'),
  seq,
  driver_id: id,
  lap: z.number().int().min(0),
})
export const Finish = z.strictObject({ type: z.literal('finish'), seq, order: z.array(id).min(1).max(30) })

// ---- battle royale -------------------------------------------------------------------
export const SquadLineup = z.strictObject({
  type: z.literal('lineup'),
  seq,
  team_id: id,
  player_ids: z.array(id).min(1).max(5),
})
export const Zone = z.strictObject({ type: z.literal('zone'), seq, zone: z.number().int().min(1).max(20) })
export const Kill = z.strictObject({ type: z.literal('kill'), seq, player_id: id, victim_id: id.optional() })
export const Eliminated = z.strictObject({
  type: z.literal('eliminated'),
  seq,
  team_id: id,
  placement: z.number().int().min(2).max(100),
})
export const Winner = z.strictObject({ type: z.literal('winner'), seq, team_id: id })

export const CricketEvent = z.discriminatedUnion('type', [
  CricketLineup,
  CricketBall,
  PlayerOfTheMatch,
  InningsEnd,
])
export const FootballEvent = z.discriminatedUnion('type', [
  FootballLineup,
  Substitution,
  Goal,
  ShotOnTarget,
  Save,
  PenaltySave,
  PenaltyMiss,
  TackleWon,
  Card,
  MinuteTick,
  FullTime,
  PlayerOfTheMatch,
])
export const RaceEvent = z.discriminatedUnion('type', [Grid, Lap, FastestLap, DidNotFinish, Finish])
export const BattleRoyaleEvent = z.discriminatedUnion('type', [SquadLineup, Zone, Kill, Eliminated, Winner])

export type CricketEvent = z.infer<typeof CricketEvent>
export type FootballEvent = z.infer<typeof FootballEvent>
export type RaceEvent = z.infer<typeof RaceEvent>
export type BattleRoyaleEvent = z.infer<typeof BattleRoyaleEvent>
export type MatchEvent = CricketEvent | FootballEvent | RaceEvent | BattleRoyaleEvent

/** Which event family a sport uses. */
export type ScoringFamily = 'cricket' | 'football' | 'race' | 'battle_royale'

export function scoringFamily(sportSlug: string): ScoringFamily {
  if (sportSlug === 'cricket') return 'cricket'
  if (sportSlug === 'football') return 'football'
  if (sportSlug === 'f1') return 'race'
  return 'battle_royale'
}

export const EVENT_SCHEMA: Record<ScoringFamily, z.ZodType<MatchEvent>> = {
  cricket: CricketEvent as z.ZodType<MatchEvent>,
  football: FootballEvent as z.ZodType<MatchEvent>,
  race: RaceEvent as z.ZodType<MatchEvent>,
  battle_royale: BattleRoyaleEvent as z.ZodType<MatchEvent>,
}
