import { z } from '@hono/zod-openapi'

const Side = z.object({
  id: z.number().int(),
  name: z.string(),
  name_attr: z.string(),
  team_color: z.string(),
  country: z.string().nullable(),
  flag_photo: z.string(),
})

export const MatchSchema = z
  .object({
    id: z.number().int(),
    sport_slug: z.string(),
    sport_name: z.string(),
    match_status: z.enum(['upcoming', 'live', 'completed', 'abandoned']),
    locked: z
      .boolean()
      .openapi({ description: 'True from the start time on: teams frozen, other teams visible' }),
    title: z.string(),
    match_no: z.number().int(),
    match_stage: z.string(),
    format: z.string().nullable(),
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
    score_summary: z.record(z.string(), z.unknown()),
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
    stats: z.record(z.string(), z.unknown()),
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
