import type { Executor } from '../../db/tx'

/** The classes created so far, newest first (the admin list shows two hundred). */
export function latestClassrooms(db: Executor) {
  return db.selectFrom('classrooms').selectAll().orderBy('id', 'desc').limit(200).execute()
}
