import { containsText, countRows } from '../../db/query'
import type { Executor } from '../../db/tx'
import type { Page } from '../../http/paging'

/** A page of accounts by id, optionally those whose username or e-mail contains `q`, of one role. */
export async function usersPage(db: Executor, filter: { q?: string; role?: 'player' | 'admin' }, page: Page) {
  let q = db.selectFrom('users')
  if (filter.q) {
    const text = filter.q
    q = q.where((eb) => eb.or([containsText('username_key', text), containsText('email', text)]))
  }
  if (filter.role) q = q.where('role', '=', filter.role)
  const total = await countRows(q)
  const rows = await q.selectAll().orderBy('id').limit(page.per_page).offset(page.offset).execute()
  return { rows, total }
}
