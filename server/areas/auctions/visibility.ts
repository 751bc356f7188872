import type { Selectable } from 'kysely'
import { hasRow } from '../../db/query'
import type { AuctionsTable } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { forbidden, notFound } from '../../http/errors'
import { isGroupMember } from '../groups'

/**
 * Who sees an auction or an auction tournament (docs/visibility.md, docs/auctions.md): a public
 * one, anyone signed in; a private one, its owner, its managers (pending and rejected ones
 * included: they asked with its code), and the current members of the group it was made from
 * (they are its invitees). Everyone else gets the 404 a missing auction gets — every route,
 * AuctionChannel, AuctionTournamentChannel and a group's `auction_invite` card. The invite code
 * is the other way in: `GET /api/auctions?code=` and joining with it.
 */
type AuctionRow = Selectable<AuctionsTable>

async function isManager(db: Executor, auctionId: number, userId: number) {
  return hasRow(db, 'auction_managers', { auction_id: auctionId, user_id: userId })
}

/** The rule itself, for an auction already read. */
export async function canSeeAuction(db: Executor, row: AuctionRow, userId: number): Promise<boolean> {
  if (!row.is_private || row.owner_id === userId) return true
  if (await isManager(db, row.id, userId)) return true
  return row.group_id !== null && isGroupMember(db, row.group_id, userId)
}

/** The auction if the caller may see it; 404 `Auction not found` otherwise, as for a missing one. */
export async function visibleAuction(db: Executor, id: number, userId: number): Promise<AuctionRow> {
  const row = await db.selectFrom('auctions').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || !(await canSeeAuction(db, row, userId))) throw notFound('Auction')
  return row
}

/**
 * A manager (a franchise) of an auction the caller may see, or 404 `Manager not found` — a
 * manager of an auction the caller may not see is as missing as one that never was.
 */
export async function visibleManager(db: Executor, managerId: number, userId: number) {
  const row = await db
    .selectFrom('auction_managers')
    .select(['id', 'auction_id'])
    .where('id', '=', managerId)
    .executeTakeFirst()
  const auction = row ? await visibleAuction(db, row.auction_id, userId).catch(() => undefined) : undefined
  if (!row || !auction) throw notFound('Manager')
  return { auction, managerId: Number(row.id) }
}

export async function requireOwnedAuction(db: Executor, id: number, userId: number): Promise<AuctionRow> {
  const row = await visibleAuction(db, id, userId)
  if (row.owner_id !== userId) throw forbidden('Only the auction’s owner can do that')
  return row
}
