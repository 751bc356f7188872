import type { Executor } from '../../db/tx'

/** Every sport in its display order. */
export function sportsInOrder(db: Executor) {
  return db.selectFrom('sports').selectAll().orderBy('sort').execute()
}
