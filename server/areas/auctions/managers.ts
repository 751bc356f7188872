import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { rowWhere } from '../../db/query'
import { type AfterCommit, type Executor, type Tx, withTx } from '../../db/tx'
import { AppError, notFound } from '../../http/errors'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../ledger'
import { notify } from '../notifications'
import { requireSeats } from './pools'
import { type AuctionRow, findAuction, heldColors, managerOf } from './queries'
import { stateOf } from './state'
import { roomStream } from './streams'
import { requireOwnedAuction, visibleAuction } from './visibility'

/**
 * Joins an auction by its invite code with a franchise name and a free colour, paying the
 * auction's coin charge through the ledger. The owner is approved at once; anyone else waits
 * for the owner (a rejection refunds the charge).
 */
export async function joinAuction(
  deps: Deps,
  userId: number,
  auctionId: number,
  input: { code: string; franchise_name: string; color: string; bot_strategy?: string | null },
) {
  return withTx(deps, async (tx, after) => {
    // Under the auction's lock: the start, decisions and other joins take turns with this one,
    // so a colour is taken once and nobody joins a started auction.
    await lockRows(tx, 'auctions', auctionId)
    const row = await findAuction(tx, auctionId)
    if (!row || row.code !== input.code.trim().toUpperCase()) throw notFound('Auction')
    if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'The auction has already started')
    const existing = await managerOf(tx, auctionId, userId)
    if (existing) throw new AppError('ALREADY_JOINED', 'You have already joined this auction')
    await requireSeats(tx, row, stateOf(deps, row), 1)
    if ((await heldColors(tx, auctionId)).includes(input.color))
      throw new AppError('COLOR_TAKEN', 'Another franchise has that colour')
    const now = deps.clock.now()
    const owner = row.owner_id === userId
    const manager = await tx
      .insertInto('auction_managers')
      .values({
        auction_id: auctionId,
        user_id: userId,
        franchise_name: input.franchise_name,
        color: input.color,
        status: owner || input.bot_strategy ? 'approved' : 'pending',
        charge_coins: row.charges,
        bot_strategy: input.bot_strategy ?? null,
        joined_at_ms: now,
        decided_at_ms: owner ? now : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    if (row.charges > 0) await chargeToJoin(tx, after, row, manager.id, userId, now)
    if (!owner)
      await notify(
        tx,
        after,
        row.owner_id,
        {
          kind: 'auction_join_request',
          body: `${input.franchise_name} wants to join ${row.name}.`,
          data: { auction_id: auctionId, manager_id: manager.id },
        },
        now,
      )
    after.publish(roomStream(auctionId), { type: 'managers_changed', manager_id: manager.id })
    return manager
  })
}

/** The auction's coin charge, from the joiner's coins to the house's (refunded on a rejection). */
async function chargeToJoin(
  tx: Tx,
  after: AfterCommit,
  row: AuctionRow,
  managerId: number,
  userId: number,
  now: number,
): Promise<void> {
  await post(
    tx,
    {
      kind: 'auction_charge',
      idempotencyKey: `auction:${row.id}:manager:${managerId}:charge`,
      memo: `Joining charge, auction ${row.name}`,
      meta: { auction_id: row.id, manager_id: managerId },
      lines: [
        { accountId: await userAccountId(tx, userId, 'coins'), amount: -row.charges },
        {
          accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.houseCoins.code, 'COIN', now),
          amount: row.charges,
        },
      ],
      nowMs: now,
    },
    after,
  )
}

/** The owner approves a pending manager (who enters the engine) or rejects them (refunded). */
export async function decideManager(
  deps: Deps,
  ownerId: number,
  auctionId: number,
  managerId: number,
  decision: 'approved' | 'rejected',
) {
  await requireOwnedAuction(deps.db, auctionId, ownerId)
  return withTx(deps, async (tx, after) => {
    // Under the auction's lock, as the start: of two decisions the second finds the first, and
    // nobody is decided once the auction has started (the start declines who is left).
    await lockRows(tx, 'auctions', auctionId)
    const row = await requireOwnedAuction(tx, auctionId, ownerId)
    const manager = await rowWhere(tx, 'auction_managers', { id: managerId, auction_id: auctionId })
    if (!manager) throw notFound('Manager')
    if (manager.status !== 'pending')
      throw new AppError('AUCTION_STATE', `The manager is already ${manager.status}`)
    if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'The auction has already started')
    if (decision === 'approved') await requireSeats(tx, row, stateOf(deps, row), 1, 'approved')
    const now = deps.clock.now()
    await tx
      .updateTable('auction_managers')
      .set({ status: decision, decided_at_ms: now })
      .where('id', '=', managerId)
      .where('status', '=', 'pending')
      .execute()
    if (decision === 'rejected' && manager.charge_coins > 0)
      await post(
        tx,
        {
          kind: 'auction_charge_refund',
          idempotencyKey: `auction:${auctionId}:manager:${managerId}:refund`,
          memo: `Joining charge refunded, auction ${row.name}`,
          meta: { auction_id: auctionId, manager_id: managerId },
          lines: [
            {
              accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.houseCoins.code, 'COIN', now),
              amount: -manager.charge_coins,
            },
            { accountId: await userAccountId(tx, manager.user_id, 'coins'), amount: manager.charge_coins },
          ],
          nowMs: now,
        },
        after,
      )
    await notify(
      tx,
      after,
      manager.user_id,
      {
        kind: decision === 'approved' ? 'auction_approved' : 'auction_rejected',
        body:
          decision === 'approved'
            ? `You are in ${row.name} as ${manager.franchise_name}.`
            : `Your request to join ${row.name} was declined${manager.charge_coins > 0 ? '; your coins are back' : ''}.`,
        data: { auction_id: auctionId, manager_id: managerId },
      },
      now,
    )
    after.publish(roomStream(auctionId), { type: 'managers_changed', manager_id: managerId })
    return { ...manager, status: decision }
  })
}

/** The caller's approved manager in an auction (pending or rejected managers cannot act). */
export async function actingManager(db: Executor, auctionId: number, userId: number) {
  await visibleAuction(db, auctionId, userId)
  const mine = await managerOf(db, auctionId, userId)
  if (!mine) throw new AppError('BID_REFUSED', 'You are not a manager of this auction')
  if (mine.status !== 'approved')
    throw new AppError(
      'BID_REFUSED',
      mine.status === 'pending' ? 'The owner has not approved you yet' : 'The owner declined your request',
    )
  return mine
}
