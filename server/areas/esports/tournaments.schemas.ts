import { z } from '@hono/zod-openapi'
import { ESPORTS_MODES } from '../../domain/esports/rules'
import { TOURNAMENT_NAME_MAX, TOURNAMENT_ROUNDS_MAX } from '../../domain/esports/tournaments'
import type { FieldErrors } from '../../http/errors'
import { MAX_INSTANT_MS } from '../../http/instants'
import { orNull } from '../../http/responses'
import { kindEnum, UserRef } from './common.schemas'

/**
 * Tournaments, rounds and slots (docs/esports.md). `/api/esports/…` and the spec's own words
 * (`/api/tournaments…`, `/api/rounds/{id}/slots`: no other area uses them — auction
 * tournaments live under `/api/auction/tournaments`).
 */
export { kindEnum }
export const statusEnum = z.enum(['registration', 'running', 'completed', 'cancelled'])
const millis = z.number().int()

const LobbySchema = z.object({
  lobby_no: z.number().int(),
  contest_id: z.number().int(),
  squads_count: z.number().int(),
  status: z.string(),
  results_version: z.number().int(),
})

export const RoundSchema = z
  .object({
    id: z.number().int(),
    tournament_id: z.number().int(),
    number: z.number().int(),
    name: z.string(),
    lobby_size: z.number().int(),
    lobbies_count: z.number().int(),
    qualify_rule: z.enum(['top_per_lobby', 'top_overall']),
    qualify_count: z.number().int(),
    status: z.enum(['pending', 'seeded', 'completed']),
    starts_at_in_millis: millis,
    seeded_at_in_millis: millis.nullable(),
    completed_at_in_millis: millis.nullable(),
    lobbies: z.array(LobbySchema),
  })
  .openapi('EsportsRound')

const TournamentSquadSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    captain: UserRef.nullable(),
    members: z.array(z.object({ id: z.number().int(), user: UserRef, in_game_name: z.string() })),
    members_count: z.number().int(),
    invite_code: z.string().nullable().openapi({ description: 'Only to its members' }),
    eliminated_in_round: z.number().int().nullable(),
  })
  .openapi('EsportsTournamentSquad')

export const TournamentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: kindEnum,
    kind_name: z.string(),
    game: z.string(),
    game_name: z.string(),
    mode: z.enum(['solo', 'duo', 'squad']),
    team_size: z.number().int(),
    description: z.string().nullable(),
    status: statusEnum,
    squads_limit: z.number().int(),
    squads_count: z.number().int(),
    rounds_count: z.number().int(),
    current_round: z.number().int(),
    registration_closes_at_in_millis: millis,
    registration_open: z.boolean(),
    created_by: UserRef,
    created_at_in_millis: millis,
    completed_at_in_millis: millis.nullable(),
    my_squad: orNull(TournamentSquadSchema),
    rounds: z.array(RoundSchema).openapi({ description: 'Empty in lists' }),
  })
  .openapi('EsportsTournament')

export const SlotSchema = z
  .object({
    lobby_no: z.number().int(),
    slot_no: z.number().int(),
    seed_no: z.number().int(),
    squad: z.object({ id: z.number().int(), name: z.string() }),
    contest_id: z.number().int(),
    placement: z.number().int().nullable(),
    kills: z.number().int().nullable(),
    points: z.number().int().nullable(),
    rank: z.number().int().nullable(),
    qualified: z.boolean(),
  })
  .openapi('EsportsSlot')

export const StandingSchema = z.object({
  position: z.number().int(),
  squad: z.object({ id: z.number().int(), name: z.string() }),
  reached_round: z.number().int(),
  eliminated_in_round: z.number().int().nullable(),
  rank_in_round: z.number().int().nullable(),
  seed_in_round: z.number().int().nullable(),
  points: z.number().int().nullable(),
  kills: z.number().int().nullable(),
  total_points: z.number().int(),
  total_kills: z.number().int(),
})

/** An instant as epoch ms or an ISO 8601 string. */
const instantInput = z
  .union([z.number().int().min(0).max(MAX_INSTANT_MS), z.string().trim().min(1).max(40)])
  .openapi({ description: 'Epoch milliseconds or ISO 8601' })

/**
 * The definition's instants: each given as `<field>` (epoch ms or ISO 8601) or as
 * `<…_in_minutes>` from now on the server's clock — what the CLI sends, since the league clock
 * is not the caller's. Exactly one of each pair; every problem is gathered into `errors`.
 */
export function resolveInstant(
  at: number | string | undefined,
  inMinutes: number | undefined,
  [field, minutesField]: [string, string],
  nowMs: number,
  errors: FieldErrors,
): number {
  const fail = (key: string, message: string) => {
    errors[key] = [message]
    return nowMs
  }
  if (at !== undefined && inMinutes !== undefined)
    return fail(minutesField, `give ${field.split('.').pop()} or ${minutesField.split('.').pop()}, not both`)
  if (inMinutes !== undefined) return nowMs + inMinutes * 60_000
  if (at === undefined) return fail(field, 'is required')
  if (typeof at === 'number') return at
  const ms = /^\d{4}-\d{2}-\d{2}/.test(at) ? Date.parse(at) : Number.NaN
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_INSTANT_MS)
    return fail(field, 'must be epoch milliseconds or an ISO 8601 time')
  return ms
}

/** Minutes from now on the server's clock. */
const minutesInput = z
  .number()
  .int()
  .min(0)
  .max(60 * 24 * 365)

export const CreateBody = z.strictObject({
  name: z.string().trim().min(3).max(TOURNAMENT_NAME_MAX),
  kind: kindEnum.default('pubg'),
  mode: z.enum(ESPORTS_MODES as ['solo', 'duo', 'squad']),
  description: z.string().trim().max(500).nullable().optional(),
  squads_limit: z.number().int().min(2).max(10_000),
  registration_closes_at: instantInput.optional(),
  registration_closes_in_minutes: minutesInput.optional(),
  rounds: z
    .array(
      z.strictObject({
        name: z.string().trim().max(40).optional(),
        lobby_size: z.number().int().min(2).max(100),
        qualify_rule: z.enum(['top_per_lobby', 'top_overall']),
        qualify_count: z.number().int().min(0).max(10_000),
        starts_at: instantInput.optional(),
        starts_in_minutes: minutesInput.optional(),
      }),
    )
    .min(1)
    .max(TOURNAMENT_ROUNDS_MAX),
})
