import { z } from '@hono/zod-openapi'
import { idField } from '../../http/ids'
import { PageMetaSchema } from '../../http/paging'
import { orNull } from '../../http/responses'

const int = () => z.number().int()
const countOrInfinity = () =>
  z
    .union([int(), z.literal('∞')])
    .openapi({ description: '"∞" while changes are unlimited (before the first lock)' })
const idRef = z.object({ id: int() })

export const ClassicTeamRequest = z
  .strictObject({
    player_ids: z.union([z.string().min(1), z.array(idField()).min(1)]).openapi({
      description: 'Player ids of the phase: an array or comma-joined',
      example: '101,102,103,104,105,106,107,108,109,110,111',
    }),
    captain: idField(),
    vice_captain: idField(),
  })
  .openapi('ClassicTeamRequest')

export const ClassicTeamCreateRequest = ClassicTeamRequest.extend({ phase_id: idField() }).openapi(
  'ClassicTeamCreateRequest',
)

const PlayerTeam = z.object({
  id: int(),
  name: z.string(),
  name_attr: z.string(),
  jersey_photo: z.string(),
  team_color: z.string(),
})

export const PhasePlayerSchema = z
  .object({
    id: int(),
    name: z.string(),
    display_name: z.string(),
    display_info: z.string(),
    value: z.number().openapi({ description: 'Credits, e.g. 9.5' }),
    style: int(),
    last_series_score: int(),
    team: PlayerTeam,
    selected: z.boolean().openapi({ description: 'In the `classic_team_id` team' }),
  })
  .openapi('PhasePlayer')

export const PhaseFiltersSchema = z.array(z.object({ id: int(), text: z.string(), team_ids: z.array(int()) }))

export const SeriesPhaseSchema = z
  .object({
    id: int(),
    name: z.string(),
    phase_no: int(),
    series: z.object({ id: int(), name: z.string(), short_name: z.string() }),
    sport_slug: z.string(),
    status: z.enum(['upcoming', 'live', 'completed']),
    starts_at: int().openapi({ description: 'ms' }),
    ends_at: int().openapi({ description: 'ms' }),
    matches_count: int(),
    matches_completed: int(),
    next_deadline: int()
      .nullable()
      .openapi({ description: 'ms of the next match start (its transfers close)' }),
    current_user_classic_team: z
      .object({
        id: int(),
        score: z.number(),
        rank: int().nullable(),
        budget: z.number(),
        free_transfers: countOrInfinity(),
        paid_transfers: countOrInfinity(),
      })
      .nullable(),
    transfer_windows: z.array(
      z.object({ id: int(), window_type: z.string(), description: z.string(), window_time_in_millis: int() }),
    ),
    prizes: z.array(z.object({ rank: z.string(), prize: z.number().openapi({ description: 'Rupees' }) })),
    prizes_paid: z.boolean(),
  })
  .openapi('SeriesPhase')

const UserCard = z.object({
  id: int(),
  team_name: z.string().nullable(),
  display_name: z.string(),
  image: z.string().nullable(),
})

export const ClassicTeamSchema = z
  .object({
    id: int(),
    phase_id: int(),
    user: UserCard.nullable(),
    team_players: z.array(
      z.object({
        id: int(),
        name: z.string(),
        display_name: z.string(),
        style: int(),
        value: z.number(),
        team: PlayerTeam,
      }),
    ),
    team_players_ids: z.array(int()),
    captain: idRef,
    vice_captain: idRef,
    budget: z.number().openapi({ description: 'Credits used' }),
    score: z.number(),
    rank: int().nullable(),
    free_transfers_left: countOrInfinity().nullable().openapi({ description: 'Owner only (null to others)' }),
    paid_transfers_left: countOrInfinity().nullable(),
    transfers: z
      .object({
        unlimited: z.boolean(),
        used: int(),
        free_left: int().nullable(),
        paid_left: int().nullable(),
        cost: z.number().openapi({ description: 'Rupees the next lock charges for these transfers' }),
        next_paid_fee: z.number().nullable(),
      })
      .nullable(),
    upcoming_matches: z.array(z.object({ id: int(), title: z.string(), event_time: z.string() })),
    last_team_player_ids: z.array(int()).nullable(),
    is_current_user_allowed_to_edit: z.boolean(),
  })
  .openapi('ClassicTeam')

export const ClassicTeamEditSchema = z
  .object({
    id: int(),
    phase_id: int(),
    budget: z.number(),
    captain: int(),
    vice_captain: int(),
    team_players: z.array(PhasePlayerSchema),
    free_transfers: countOrInfinity(),
    paid_transfers: countOrInfinity(),
    free_at_lock: countOrInfinity(),
    players_in: z.array(int()),
    last_lock_player_ids: z.array(int()).nullable(),
    free_per_match: int(),
    paid_fees: z.array(z.number()),
    cost: z.number(),
  })
  .openapi('ClassicTeamEdit')

const Named = z.array(z.object({ id: int(), name: z.string() }))
const Side = z
  .object({ id: int(), name: z.string(), name_attr: z.string(), team_color: z.string() })
  .nullable()

export const ClassicTeamScoreRowSchema = z
  .object({
    id: int(),
    classic_team_id: int(),
    series_phase_id: int(),
    score: z.number(),
    captain: idRef,
    vice_captain: idRef,
    team_player_ids: z.array(int()),
    players_scores: z.array(z.object({ id: int(), name: z.string(), score: z.number() })),
    free_sub_used: int(),
    paid_sub_used: int(),
    paid_charged: z.number().openapi({ description: 'Rupees charged at this lock' }),
    free_left: int(),
    player_in: Named,
    player_out: Named,
    match: z.object({
      id: int(),
      match_no: int(),
      match_stage: z.string(),
      title: z.string(),
      status: z.string(),
      event_time_in_millis: int(),
      team1: Side,
      team2: Side,
    }),
  })
  .openapi('ClassicTeamScoreRow')

export const ClassicTeamScoreSchema = z
  .object({
    classic_team_id: int(),
    score: z.number(),
    rank: int().nullable(),
    live_match: z.object({ id: int(), score: z.number() }).nullable(),
  })
  .openapi('ClassicTeamScore')

export const LeaderboardRowSchema = z
  .object({
    id: int(),
    score: z.number(),
    rank: int(),
    sum_free_sub_used: int(),
    sum_paid_sub_used: int(),
    series_phase_id: int(),
    user: z.object({ id: int(), team_name: z.string().nullable(), image: z.string().nullable() }),
  })
  .openapi('PhaseLeaderboardRow')

export const LeaderboardSchema = z.object({
  classic_teams: z.array(LeaderboardRowSchema),
  current_user_classic_team: orNull(LeaderboardRowSchema),
  meta: PageMetaSchema,
})
