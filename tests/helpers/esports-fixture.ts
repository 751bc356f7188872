import type { Deps } from '../../server/core/deps'
import type { EsportsGame, EsportsKind, EsportsMode, GameAccountStatus } from '../../server/db/schema'
import type { Db } from '../../server/db/tx'
import { DEFAULT_REVEAL_MINUTES, gameOfKind, TEAM_SIZES } from '../../server/domain/esports/rules'
import { houseTransfer } from './ledger'

/**
 * Esports rows straight into the database, for the parts' tests that need a contest
 * or a verified game account before the routes that make them exist on their branch.
 */
let seq = 0

export interface EsportsContestFixture {
  host_id: number
  kind?: EsportsKind
  mode?: EsportsMode
  name?: string
  entry_fee_paise?: number
  per_kill_paise?: number
  slots?: number
  min_level?: number
  is_private?: boolean
  invite_code?: string
  starts_at_ms: number
  reveal_minutes?: number
  status?: 'open' | 'locked' | 'completed' | 'cancelled'
  room_id?: string | null
  room_password?: string | null
}

export async function insertEsportsContest(db: Db, f: EsportsContestFixture) {
  seq++
  const kind = f.kind ?? 'pubg'
  const mode = f.mode ?? 'squad'
  const row = await db
    .insertInto('esports_contests')
    .values({
      kind,
      game: gameOfKind(kind),
      mode,
      team_size: TEAM_SIZES[mode],
      name: f.name ?? `Evening room ${seq}`,
      description: null,
      map: 'Erangel',
      host_id: f.host_id,
      entry_fee_paise: f.entry_fee_paise ?? 0,
      per_kill_paise: f.per_kill_paise ?? 0,
      prize_percents: JSON.stringify([{ from: 1, to: 1, percent: 100 }]),
      slots: f.slots ?? 25,
      min_level: f.min_level ?? 0,
      is_private: f.is_private ? 1 : 0,
      invite_code: f.invite_code ?? `ESPFX${String(seq).padStart(5, '0')}`,
      starts_at_ms: f.starts_at_ms,
      reveal_minutes: f.reveal_minutes ?? DEFAULT_REVEAL_MINUTES,
      status: f.status ?? 'open',
      room_id: f.room_id ?? null,
      room_password: f.room_password ?? null,
      created_at_ms: f.starts_at_ms - 86_400_000,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { ...row, id: Number(row.id) }
}

/**
 * A game account for the player (verified unless told otherwise), with a unique character id
 * unless one is given, made at `at_ms` (0 unless given).
 */
export async function insertVerifiedAccount(
  db: Db,
  userId: number,
  game: EsportsGame,
  level = 50,
  options: {
    status?: GameAccountStatus
    in_game_name?: string
    character_id?: string
    reject_reason?: string
    at_ms?: number
  } = {},
) {
  seq++
  const row = await db
    .insertInto('game_accounts')
    .values({
      user_id: userId,
      game,
      in_game_name: options.in_game_name ?? `Gamer${userId}`,
      character_id:
        options.character_id ?? `5${String(userId).padStart(6, '0')}${String(seq).padStart(4, '0')}`,
      game_level: level,
      status: options.status ?? 'verified',
      reject_reason: options.reject_reason ?? null,
      reviewed_by_id: null,
      reviewed_at_ms: null,
      created_at_ms: options.at_ms ?? 0,
      updated_at_ms: options.at_ms ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { ...row, id: Number(row.id) }
}

/** Rupees (in paise) into a player's unused balance from the house, through the ledger. */
export async function creditUnused(deps: Deps, userId: number, paise: number) {
  seq++
  await houseTransfer(deps, userId, paise, {
    kind: 'test_credit',
    key: `esports-fixture:${userId}:${paise}:${seq}`,
  })
}
