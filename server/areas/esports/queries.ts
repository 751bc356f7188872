import type { Executor } from '../../db/tx'

/** An esports contest by its invite code (already normalised). */
export function contestByCode(db: Executor, code: string) {
  return db.selectFrom('esports_contests').selectAll().where('invite_code', '=', code).executeTakeFirst()
}

/** The contest a squad belongs to, or undefined for a missing squad. */
export function squadContestId(db: Executor, squadId: number) {
  return db.selectFrom('esports_squads').select('contest_id').where('id', '=', squadId).executeTakeFirst()
}
