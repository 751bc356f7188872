import type { Executor } from '../../db/tx'

const CARD_COLUMNS = [
  'id',
  'name',
  'entry_fee_paise',
  'members_limit',
  'members_count',
  'is_private',
  'status',
] as const

/** The daily contest an invite code opens (codes are stored upper case). */
export function dailyContestByCode(db: Executor, code: string) {
  return db
    .selectFrom('contests')
    .select([...CARD_COLUMNS, 'match_id'])
    .where('invite_code', '=', code)
    .executeTakeFirst()
}

/** The championship contest an invite code opens. */
export function championshipContestByCode(db: Executor, code: string) {
  return db
    .selectFrom('championship_contests')
    .select([...CARD_COLUMNS, 'phase_id'])
    .where('invite_code', '=', code)
    .executeTakeFirst()
}
