import type { Selectable } from 'kysely'
import { countRows } from '../../../db/query'
import type { RedemptionsTable } from '../../../db/schema'
import type { Executor } from '../../../db/tx'
import type { Page } from '../../../http/paging'

type RedemptionRow = Selectable<RedemptionsTable>

/** One page of a player's withdrawals, newest first, and how many there are. */
export async function pageOfRedemptions(
  db: Executor,
  userId: number,
  page: Page,
): Promise<{ rows: RedemptionRow[]; total: number }> {
  const base = db.selectFrom('redemptions').where('user_id', '=', userId)
  const total = await countRows(base)
  const rows = await base.selectAll().orderBy('id', 'desc').limit(page.per_page).offset(page.offset).execute()
  return { rows, total }
}

/** Every player's withdrawals for the admin queue, newest first. */
export function listAllRedemptions(
  db: Executor,
  filter: { status?: RedemptionRow['status']; limit: number },
): Promise<RedemptionRow[]> {
  let query = db.selectFrom('redemptions').selectAll().orderBy('id', 'desc').limit(filter.limit)
  if (filter.status) query = query.where('status', '=', filter.status)
  return query.execute()
}
