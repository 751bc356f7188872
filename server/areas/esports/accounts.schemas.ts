import { z } from '@hono/zod-openapi'
import { CHARACTER_ID_PATTERN, ESPORTS_GAME_SLUGS, GAME_LEVEL_MAX } from '../../domain/esports/rules'
import { idField } from '../../http/ids'
import { pagingQuery } from '../../http/paging'
import { multilineText } from '../../http/text'
import { intField } from '../contests'
import { UserRef } from './common.schemas'

/** Game accounts (docs/esports.md, "Game accounts"): the request and answer shapes. */

export const IN_GAME_NAME_MIN = 2
export const IN_GAME_NAME_MAX = 24
export const REJECT_REASON_MIN = 3
export const REJECT_REASON_MAX = 300

export const GameSlug = z
  .enum(ESPORTS_GAME_SLUGS as ['pubg', 'free-fire', 'call-of-duty'], {
    error: 'must be pubg, free-fire or call-of-duty',
  })
  .openapi({ description: 'The game: PUBG Lite and PUBG single match contests use the `pubg` account' })

export const GameAccountStatusSchema = z.enum(['pending', 'verified', 'rejected'])

const inGameName = z
  .string()
  .trim()
  .min(IN_GAME_NAME_MIN, `must be ${IN_GAME_NAME_MIN} to ${IN_GAME_NAME_MAX} characters`)
  .max(IN_GAME_NAME_MAX, `must be ${IN_GAME_NAME_MIN} to ${IN_GAME_NAME_MAX} characters`)
  .openapi({ description: 'The name shown in the game (trimmed)', example: 'AshaSniper' })
const characterId = z
  .string()
  .trim()
  .regex(CHARACTER_ID_PATTERN, 'must be 5 to 20 digits')
  .openapi({ description: 'The game’s numeric player id, 5–20 digits', example: '5123456789' })
const levelMessage = `must be a whole number from 1 to ${GAME_LEVEL_MAX}`
/** The level as typed in the web's form (its digits) or as a number. */
const gameLevel = intField(
  1,
  GAME_LEVEL_MAX,
  z.number({ error: levelMessage }).int(levelMessage).min(1, levelMessage).max(GAME_LEVEL_MAX, levelMessage),
).openapi({ description: `The account’s level in the game, 1–${GAME_LEVEL_MAX}`, example: 42 })

export const CreateGameAccountRequest = z
  .strictObject({
    slug: GameSlug,
    in_game_name: inGameName,
    character_id: characterId,
    game_level: gameLevel,
  })
  .openapi('CreateGameAccountRequest')

export const UpdateGameAccountRequest = z
  .strictObject({
    in_game_name: inGameName.optional(),
    character_id: characterId.optional(),
    game_level: gameLevel.optional(),
  })
  .openapi('UpdateGameAccountRequest')

export const RejectGameAccountRequest = z
  .strictObject({
    reason: multilineText()
      .trim()
      .min(REJECT_REASON_MIN, `must be ${REJECT_REASON_MIN} to ${REJECT_REASON_MAX} characters`)
      .max(REJECT_REASON_MAX, `must be ${REJECT_REASON_MIN} to ${REJECT_REASON_MAX} characters`),
  })
  .openapi('RejectGameAccountRequest')

export const MineQuery = z.object({
  contest_id: idField().optional().openapi({
    description: 'Only my account for this esports contest’s game (404 for a contest I cannot see)',
  }),
})

export const SearchQuery = pagingQuery(20, 50).extend({
  slug: GameSlug.optional(),
  search: z
    .string()
    .trim()
    .max(50)
    .optional()
    .openapi({ description: 'Part of the in-game name or of the username, any case' }),
})

export const AdminListQuery = pagingQuery(50, 200).extend({
  status: z.enum(['pending', 'verified', 'rejected', 'all']).default('pending'),
})

export const GameAccountSchema = z
  .object({
    id: z.number().int(),
    slug: GameSlug,
    game_name: z.string(),
    in_game_name: z.string(),
    character_id: z.string(),
    game_level: z.number().int(),
    status: GameAccountStatusSchema,
    reject_reason: z.string().nullable(),
    created_at_in_millis: z.number().int(),
    updated_at_in_millis: z.number().int(),
  })
  .openapi('GameAccount')

/** What anyone signed in sees of someone's verified account: no character id, no review. */
export const PublicGameAccountSchema = z
  .object({
    id: z.number().int(),
    slug: GameSlug,
    game_name: z.string(),
    in_game_name: z.string(),
    game_level: z.number().int(),
    status: z.literal('verified'),
    user: UserRef,
  })
  .openapi('PublicGameAccount')

export const AdminGameAccountSchema = GameAccountSchema.extend({
  user: UserRef,
  reviewed_by: UserRef.nullable(),
  reviewed_at_in_millis: z.number().int().nullable(),
}).openapi('AdminGameAccount')
