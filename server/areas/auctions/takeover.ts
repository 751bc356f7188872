import type { Deps } from '../../core/deps'
import { withTx } from '../../db/tx'
import { presenceOf } from '../cluster'
import { nudgeBots } from './bot-schedule'
import { forgetAuctionJobs } from './state'
import { roomStream } from './streams'

/**
 * Bots take over managers who are away. A manager is "here" while at least one
 * of their sockets is subscribed to the auction's channel (live or tournament), on any server
 * process of the database (server/areas/cluster/presence.ts counts them across processes).
 * When the count drops to zero in a running auction whose owner set `bot_takeover_seconds`, a job is scheduled that many seconds ahead on the game clock; if the
 * manager is still away when it fires, they go on autopilot: a value-buyer bot plays for them
 * through the same engine commands as every bot. The moment they subscribe again the job is
 * cancelled and the autopilot handed back. A manager who never opens the room after the start
 * is away from the start.
 */

export const AUCTION_TAKEOVER_JOB = 'auction.takeover'
/** The strategy a bot plays for an absent manager: it buys at fair value and no higher. */
export const AUTOPILOT_STRATEGY = 'value'
const RUNNING = new Set(['open', 'sealed', 'between'])

const takeoverKey = (auctionId: number, managerId: number) => `auction:${auctionId}:takeover:${managerId}`

const room = (auctionId: number, managerId: number) => `auction:${auctionId}:manager:${managerId}`

/** Whether the manager has a socket in the auction's room, on any server process. */
export async function isHere(deps: Deps, auctionId: number, managerId: number): Promise<boolean> {
  return (await presenceOf(deps).count(room(auctionId, managerId))) > 0
}

/** A manager's socket joined the room: cancels a pending takeover and ends an autopilot. */
export async function managerArrived(deps: Deps, auctionId: number, managerId: number): Promise<void> {
  if ((await presenceOf(deps).arrive(room(auctionId, managerId))) > 0) return
  await handBack(deps, auctionId, managerId)
}

/** The manager plays again (back in the room, or bid themselves): no takeover pending, no autopilot. */
export async function handBack(deps: Deps, auctionId: number, managerId: number): Promise<void> {
  await withTx(deps, async (tx, after) => {
    await deps.scheduler.cancel(tx, takeoverKey(auctionId, managerId))
    const back = await tx
      .updateTable('auction_managers')
      .set({ autopilot: null })
      .where('id', '=', managerId)
      .where('autopilot', 'is not', null)
      .executeTakeFirst()
    if (Number(back.numUpdatedRows) === 0) return
    after.run(() => forgetAuctionJobs(deps, auctionId))
    after.publish(roomStream(auctionId), {
      type: 'managers_changed',
      manager_id: managerId,
      autopilot: false,
    })
  })
}

/** A manager's socket left the room: the last one to leave starts the takeover countdown. */
export async function managerLeft(deps: Deps, auctionId: number, managerId: number): Promise<void> {
  if ((await presenceOf(deps).leave(room(auctionId, managerId))) > 0) return
  await scheduleTakeovers(deps, auctionId, [managerId])
}

/**
 * Rooms of a server process that died (presence.ts): each manager in them who is now away
 * everywhere gets the takeover countdown, as if their socket had closed.
 */
export async function roomsAbandoned(deps: Deps, rooms: string[]): Promise<void> {
  for (const r of rooms) {
    const [kind, auctionId, what, managerId] = r.split(':')
    if (kind !== 'auction' || what !== 'manager') continue
    if (await isHere(deps, Number(auctionId), Number(managerId))) continue
    await scheduleTakeovers(deps, Number(auctionId), [Number(managerId)])
  }
}

/** The auction's takeover delay while it runs with takeovers on; null otherwise. */
async function takeoverAuction(deps: Deps, auctionId: number): Promise<{ takeover_seconds: number } | null> {
  const auction = await deps.db
    .selectFrom('auctions')
    .select(['status', 'takeover_seconds'])
    .where('id', '=', auctionId)
    .executeTakeFirst()
  if (!auction || auction.takeover_seconds === null || !RUNNING.has(auction.status)) return null
  return { takeover_seconds: auction.takeover_seconds }
}

/**
 * Schedules the takeover of each given manager who is away, human, approved and not on autopilot
 * already, when the auction is running and its owner turned takeovers on.
 */
export async function scheduleTakeovers(deps: Deps, auctionId: number, managerIds?: number[]) {
  const auction = await takeoverAuction(deps, auctionId)
  if (!auction) return
  let query = deps.db
    .selectFrom('auction_managers')
    .select('id')
    .where('auction_id', '=', auctionId)
    .where('status', '=', 'approved')
    .where('bot_strategy', 'is', null)
    .where('autopilot', 'is', null)
  if (managerIds) query = query.where('id', 'in', managerIds)
  const away: Array<{ id: number }> = []
  for (const m of await query.execute()) if (!(await isHere(deps, auctionId, m.id))) away.push(m)
  if (away.length === 0) return
  const runAtMs = deps.clock.now() + auction.takeover_seconds * 1000
  await withTx(deps, async (tx, after) => {
    for (const m of away)
      await deps.scheduler.schedule(tx, {
        kind: AUCTION_TAKEOVER_JOB,
        runAtMs,
        payload: { auction_id: auctionId, manager_id: m.id },
        uniqueKey: takeoverKey(auctionId, m.id),
      })
    after.run(() => deps.scheduler.kick())
  })
}

/** The takeover job: the manager is still away, so a bot plays for them from now on. */
async function takeOver(deps: Deps, auctionId: number, managerId: number): Promise<void> {
  if (await isHere(deps, auctionId, managerId)) return
  const auction = await takeoverAuction(deps, auctionId)
  if (!auction) return
  const taken = await withTx(deps, async (tx, after) => {
    const done = await tx
      .updateTable('auction_managers')
      .set({ autopilot: AUTOPILOT_STRATEGY })
      .where('id', '=', managerId)
      .where('auction_id', '=', auctionId)
      .where('status', '=', 'approved')
      .where('bot_strategy', 'is', null)
      .where('autopilot', 'is', null)
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) === 0) {
      // Run again after a crash between this commit and the bots' job (below): move it now.
      const manager = await tx
        .selectFrom('auction_managers')
        .select('autopilot')
        .where('id', '=', managerId)
        .executeTakeFirst()
      if (manager?.autopilot == null) return false
      after.run(() => forgetAuctionJobs(deps, auctionId))
      return true
    }
    after.run(() => forgetAuctionJobs(deps, auctionId))
    after.publish(roomStream(auctionId), { type: 'managers_changed', manager_id: managerId, autopilot: true })
    return true
  })
  if (taken) await nudgeBots(deps, auctionId)
}

export function registerAuctionTakeoverJobs(deps: Deps): void {
  deps.scheduler.register(AUCTION_TAKEOVER_JOB, (job) =>
    takeOver(deps, Number(job.payload.auction_id), Number(job.payload.manager_id)),
  )
}
