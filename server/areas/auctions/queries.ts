import type { Selectable } from 'kysely'
import type { Deps } from '../../core/deps'
import { newestRows, rowWhere } from '../../db/query'
import type { AuctionManagerStatus, AuctionsTable } from '../../db/schema'
import type { Executor, Tx } from '../../db/tx'
import type { QuietHours } from '../../domain/auction/quiet-hours'

export type AuctionRow = Selectable<AuctionsTable>

export async function findAuction(db: Executor, id: number): Promise<AuctionRow | undefined> {
  return db.selectFrom('auctions').selectAll().where('id', '=', id).executeTakeFirst()
}

export function managerOf(db: Executor, auctionId: number, userId: number) {
  return rowWhere(db, 'auction_managers', { auction_id: auctionId, user_id: userId })
}

/** The franchise colours the auction's managers hold (a rejected manager gives theirs up). */
export async function heldColors(db: Executor, auctionId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('auction_managers')
    .select('color')
    .where('auction_id', '=', auctionId)
    .where('status', '!=', 'rejected')
    .execute()
  return rows.map((m) => m.color)
}

// --- engine state: parsed once, kept per auction while its seq matches the stored one

/** The auction's bots, and the managers a bot plays for while they are away (with that strategy). */
export function approvedBots(db: Deps['db'] | Tx, auctionId: number) {
  return db
    .selectFrom('auction_managers')
    .select((eb) => ['id', eb.fn.coalesce('bot_strategy', 'autopilot').as('bot_strategy'), 'autopilot'])
    .where('auction_id', '=', auctionId)
    .where('status', '=', 'approved')
    .where((eb) => eb.or([eb('bot_strategy', 'is not', null), eb('autopilot', 'is not', null)]))
    .orderBy('id')
    .execute()
}

/** The ids of the auction's managers in one status (`approved`: the seats that play), in order. */
export function managersIn(db: Executor, auctionId: number, status: AuctionManagerStatus) {
  return db
    .selectFrom('auction_managers')
    .select('id')
    .where('auction_id', '=', auctionId)
    .where('status', '=', status)
    .orderBy('id')
    .execute()
}

/** An auction found by its invite code (codes are upper-case). */
export function findAuctionByCode(db: Executor, code: string): Promise<AuctionRow | undefined> {
  return db.selectFrom('auctions').selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst()
}

/** The newest hundred auctions created from a group. */
export function groupAuctions(db: Executor, groupId: number): Promise<AuctionRow[]> {
  return newestRows(db, 'auctions', { group_id: groupId }, 100)
}

/** The events that sold (or left unsold) a player, in order. */
export function saleEvents(db: Executor, auctionId: number) {
  return db
    .selectFrom('auction_events')
    .select(['seq', 'type', 'payload'])
    .where('auction_id', '=', auctionId)
    .where('type', 'in', ['lot_closed', 'sealed_assigned'])
    .orderBy('seq')
    .execute()
}

export interface AuctionSettingsChange {
  name?: string | undefined
  starts_at_in_millis?: number | null | undefined
  private?: boolean | undefined
  bot_takeover_seconds?: number | null | undefined
}

/** The settings an owner may change before the start; absent fields stay. */
export async function updateAuctionSettings(
  db: Executor,
  id: number,
  body: AuctionSettingsChange,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('auctions')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.starts_at_in_millis !== undefined ? { starts_at_ms: body.starts_at_in_millis } : {}),
      ...(body.private !== undefined ? { is_private: body.private ? 1 : 0 } : {}),
      ...(body.bot_takeover_seconds !== undefined ? { takeover_seconds: body.bot_takeover_seconds } : {}),
      updated_at_ms: nowMs,
    })
    .where('id', '=', id)
    .execute()
}

/** Whether another franchise (not a rejected one) of the auction has this colour. */
export async function colorTaken(db: Executor, auctionId: number, color: string): Promise<boolean> {
  const taken = await db
    .selectFrom('auction_managers')
    .select('id')
    .where('auction_id', '=', auctionId)
    .where('color', '=', color)
    .where('status', '!=', 'rejected')
    .executeTakeFirst()
  return taken !== undefined
}

/** A franchise's new name or colour; absent fields stay. */
export async function updateFranchise(
  db: Executor,
  managerId: number,
  body: { franchise_name?: string | undefined; color?: string | undefined },
): Promise<void> {
  await db
    .updateTable('auction_managers')
    .set({
      ...(body.franchise_name ? { franchise_name: body.franchise_name } : {}),
      ...(body.color ? { color: body.color } : {}),
    })
    .where('id', '=', managerId)
    .execute()
}

/** The newest hundred tournaments the user manages in, or public ones still running. */
export function tournamentsFor(db: Executor, userId: number): Promise<AuctionRow[]> {
  const mine = db.selectFrom('auction_managers').select('auction_id').where('user_id', '=', userId)
  return db
    .selectFrom('auctions')
    .selectAll()
    .where('kind', '=', 'tournament')
    .where((eb) =>
      eb.or([eb('id', 'in', mine), eb.and([eb('is_private', '=', 0), eb('status', '!=', 'completed')])]),
    )
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
}

/** The auction's quiet hours, or null (stored as JSON on the row; checked when it was written). */
export function quietHoursOf(row: Pick<AuctionRow, 'quiet_hours'>): QuietHours | null {
  return row.quiet_hours ? (JSON.parse(row.quiet_hours) as QuietHours) : null
}
