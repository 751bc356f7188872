import type { Executor } from '../../db/tx'
import type { AuctionRow } from './queries'

/**
 * The auctions a player sees in lists, newest first: those they own, those they manage (or
 * asked to), and public ones still waiting for managers. Each way in has its own index in id
 * order (migration 2026-11-24-007), and each is read only up to the end of the page before
 * the three are merged: a page costs the page, however many auctions the table holds.
 */
export async function visibleAuctions(
  db: Executor,
  userId: number,
  page: { offset: number; per_page: number },
): Promise<AuctionRow[]> {
  const ids = await visibleIdsQuery(db, userId, page).execute()
  if (ids.length === 0) return []
  return db
    .selectFrom('auctions')
    .selectAll()
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .orderBy('id', 'desc')
    .execute()
}

/** The three ways into a player's list (owned, managed or asked for, open), each on its own index. */
function waysIn(db: Executor, userId: number) {
  return {
    owned: db.selectFrom('auctions').select('id').where('owner_id', '=', userId),
    managed: db.selectFrom('auction_managers').select('auction_id as id').where('user_id', '=', userId),
    open: db.selectFrom('auctions').select('id').where('status', '=', 'waiting').where('is_private', '=', 0),
  }
}

/** The ids of one page of `visibleAuctions`. */
export function visibleIdsQuery(db: Executor, userId: number, page: { offset: number; per_page: number }) {
  const reach = page.offset + page.per_page
  const ways = waysIn(db, userId)
  const owned = ways.owned.orderBy('id', 'desc').limit(reach)
  const managed = ways.managed.orderBy('auction_id', 'desc').limit(reach)
  const open = ways.open.orderBy('id', 'desc').limit(reach)
  // Each part in a subquery of its own: SQLite allows no ORDER BY / LIMIT on a UNION's parts.
  return db
    .selectFrom(
      db
        .selectFrom(owned.as('o'))
        .select('o.id')
        .union(db.selectFrom(managed.as('m')).select('m.id'))
        .union(db.selectFrom(open.as('p')).select('p.id'))
        .as('v'),
    )
    .select('v.id')
    .orderBy('v.id', 'desc')
    .limit(page.per_page)
    .offset(page.offset)
}

/** How many auctions `visibleAuctions` pages through: the player's own and the open public ones. */
export async function countVisibleAuctions(db: Executor, userId: number): Promise<number> {
  const { owned, managed, open } = waysIn(db, userId)
  const row = await db
    .selectFrom(owned.union(managed).union(open).as('v'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
