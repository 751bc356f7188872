import { z } from '@hono/zod-openapi'

const int = () => z.number().int()
const byTeamId = (what: string) => z.record(z.string(), int()).openapi({ description: `${what} by team id` })

const CricketSummarySchema = z.object({
  family: z.literal('cricket'),
  format: z.string(),
  innings: z.array(
    z.object({
      innings: int(),
      team_id: int().nullable(),
      runs: int(),
      wickets: int(),
      overs: z.string().openapi({ description: "Completed overs and legal balls of the next one: '12.3'" }),
      extras: int(),
      complete: z.boolean(),
      super_over: z.boolean(),
    }),
  ),
  batters: z.array(z.object({ player_id: int(), runs: int(), balls: int(), on_strike: z.boolean() })),
  bowler: z
    .object({ player_id: int(), overs: z.string(), runs: int(), wickets: int(), maidens: int() })
    .nullable(),
  player_of_the_match: int().nullable(),
})

const FootballSummarySchema = z.object({
  family: z.literal('football'),
  score: byTeamId('Goals'),
  minute: int(),
  full_time: z.boolean(),
})

const RaceSummarySchema = z.object({
  family: z.literal('race'),
  lap: int(),
  laps: int().nullable(),
  leader_id: int().nullable(),
  order: z.array(int()),
  finished: z.boolean(),
  fastest_lap: z.object({ driver_id: int(), lap: int() }).nullable(),
  dnf: z.array(int()),
})

const BattleRoyaleSummarySchema = z.object({
  family: z.literal('battle_royale'),
  zone: int(),
  teams_alive: int(),
  kills_by_team: byTeamId('Kills'),
  placements: byTeamId('Placement'),
  winner_id: int().nullable(),
})

/** The live score of a match, by scoring family; `{}` before its first event. */
export const ScoreSummarySchema = z
  .union([
    z.discriminatedUnion('family', [
      CricketSummarySchema,
      FootballSummarySchema,
      RaceSummarySchema,
      BattleRoyaleSummarySchema,
    ]),
    z.strictObject({}),
  ])
  .openapi('ScoreSummary')

/** A player's stats in a match: the keys depend on the scoring family (runs, goals, grid, kills …). */
export const PlayerStatsSchema = z
  .record(z.string(), z.union([z.number(), z.boolean(), z.string(), z.null()]))
  .openapi('PlayerStats')

const Side = z.object({
  id: z.number().int(),
  name: z.string(),
  name_attr: z.string(),
  team_color: z.string(),
  country: z.string().nullable(),
  flag_photo: z.string(),
})

/** The four states a match moves through (db MatchStatus). */
export const MatchStatusSchema = z.enum(['upcoming', 'live', 'completed', 'abandoned'])

export const MatchSchema = z
  .object({
    id: z.number().int(),
    sport_slug: z.string(),
    sport_name: z.string(),
    match_status: MatchStatusSchema,
    locked: z
      .boolean()
      .openapi({ description: 'True from the start time on: teams frozen, other teams visible' }),
    title: z.string(),
    match_no: z.number().int(),
    match_stage: z.string(),
    format: z.string().nullable(),
    sim_profile: z.string().nullable().openapi({
      description:
        'The era (cricket) or league (football) the simulator plays it under: the one its simulation started with, else the series’ or the default (docs/simulation.md). Null: the sport has none.',
      example: 't20-2024',
    }),
    event_time_in_millis: z.number().int(),
    event_time: z.string(),
    series: z.object({ id: z.number().int(), name: z.string(), short_name: z.string() }),
    phase_id: z.number().int().nullable(),
    team1: Side.nullable(),
    team2: Side.nullable(),
    teams: z.array(Side),
    ground: z.object({
      name: z.string().nullable(),
      location: z.string().nullable(),
      country: z.string().nullable(),
    }),
    result_text: z.string().nullable(),
    score_summary: ScoreSummarySchema,
    team_size: z.number().int(),
    locked_at_in_millis: z.number().int().nullable(),
    completed_at_in_millis: z.number().int().nullable(),
    contests_count: z.number().int().optional(),
    my_teams_count: z.number().int().optional(),
    joined_contests_count: z.number().int().optional(),
  })
  .openapi('Match')

export const PlayerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    style: z.number().int(),
    style_label: z.string(),
    value: z.number().openapi({ description: 'Credits, e.g. 9.5' }),
    value_tenths: z.number().int(),
    is_star: z.boolean(),
    country: z.string().nullable(),
    last_series_score: z.number().int(),
    in_lineup: z.boolean().nullable(),
    team: z.object({ id: z.number().int(), name: z.string(), name_attr: z.string(), team_color: z.string() }),
    points: z.number().nullable(),
    selected_by: z
      .number()
      .nullable()
      .openapi({ description: 'Share of teams that picked the player, 0–100' }),
  })
  .openapi('Player')

export const PlayerScoreSchema = z
  .object({
    player_id: z.number().int(),
    total_score: z.number().int(),
    stats: PlayerStatsSchema,
    breakdown: z.array(z.object({ rule: z.string(), label: z.string(), points: z.number() })),
  })
  .openapi('PlayerScore')

export const SeriesSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    short_name: z.string(),
    sport_slug: z.string(),
    format: z.string().nullable(),
    sim_profile: z.string().nullable().openapi({
      description:
        'The era (cricket) or league (football) its matches are simulated under unless a simulation names another; null: each match’s default (docs/simulation.md).',
      example: 't20-2024',
    }),
    series_status: z.enum(['upcoming', 'live', 'completed']),
    starts_at_in_millis: z.number().int(),
    ends_at_in_millis: z.number().int(),
    phases: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        phase_no: z.number().int(),
        starts_at_in_millis: z.number().int(),
        ends_at_in_millis: z.number().int(),
      }),
    ),
  })
  .openapi('Series')

export { idParam } from '../../http/ids'
