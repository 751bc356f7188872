import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { withTx } from '../../db/tx'
import { AppError, invalid } from '../../http/errors'
import { notify } from '../notifications'
import { AUCTION_COLORS } from './catalog'
import { decideManager } from './managers'
import { managersIn } from './queries'
import { roomStream } from './streams'
import { requireOwnedAuction } from './visibility'

/**
 * Managers seated by the owner rather than joining by code (docs/classroom.md): a class's
 * students sit down approved, free of charge, each with the next free colour. Under the
 * auction's lock, as joins, bots and the start, so a colour is taken once.
 */
export async function seatManagers(
  deps: Deps,
  ownerId: number,
  auctionId: number,
  seats: ReadonlyArray<{ userId: number; franchiseName: string }>,
): Promise<Array<{ id: number; user_id: number; franchise_name: string; color: string }>> {
  return withTx(deps, async (tx, after) => {
    await lockRows(tx, 'auctions', auctionId)
    const row = await requireOwnedAuction(tx, auctionId, ownerId)
    if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'The auction has already started')
    const taken = new Set(
      (
        await tx
          .selectFrom('auction_managers')
          .select('color')
          .where('auction_id', '=', auctionId)
          .where('status', '!=', 'rejected')
          .execute()
      ).map((m) => m.color),
    )
    const free = AUCTION_COLORS.filter((c) => !taken.has(c.id))
    if (free.length < seats.length)
      throw invalid({
        students: [`must be at most ${free.length}: only ${free.length} franchise colours are left`],
      })
    const now = deps.clock.now()
    const seated = []
    for (const [i, seat] of seats.entries()) {
      const color = (free[i] as (typeof AUCTION_COLORS)[number]).id
      const manager = await tx
        .insertInto('auction_managers')
        .values({
          auction_id: auctionId,
          user_id: seat.userId,
          franchise_name: seat.franchiseName,
          color,
          status: 'approved',
          charge_coins: 0,
          bot_strategy: null,
          joined_at_ms: now,
          decided_at_ms: now,
        })
        .returning(['id', 'user_id', 'franchise_name', 'color'])
        .executeTakeFirstOrThrow()
      await notify(
        tx,
        after,
        seat.userId,
        {
          kind: 'auction_approved',
          body: `You are in ${row.name} as ${seat.franchiseName}.`,
          data: { auction_id: auctionId, manager_id: manager.id },
        },
        now,
      )
      seated.push(manager)
    }
    after.publish(roomStream(auctionId), { type: 'managers_changed', manager_id: seated[0]?.id ?? null })
    return seated
  })
}

/**
 * `auction approve <id> --all`: every pending manager approved, in the order they asked, each
 * through the one-by-one decision (its lock, notification and broadcast). One call, not one
 * transaction: a manager who withdraws meanwhile is skipped, not a reason to undo the others.
 */
export async function approveAllManagers(deps: Deps, ownerId: number, auctionId: number) {
  const row = await requireOwnedAuction(deps.db, auctionId, ownerId)
  if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'The auction has already started')
  const pending = await managersIn(deps.db, auctionId, 'pending')
  const approved: number[] = []
  for (const { id } of pending) {
    try {
      await decideManager(deps, ownerId, auctionId, id, 'approved')
      approved.push(id)
    } catch (error) {
      // Decided by someone else meanwhile (AUCTION_STATE on that manager): leave it as it is.
      if (!(error instanceof AppError) || error.code !== 'AUCTION_STATE') throw error
      const again = await requireOwnedAuction(deps.db, auctionId, ownerId)
      if (again.status !== 'waiting') throw error
    }
  }
  return approved
}
