import type { Deps } from '../../core/deps'
import type { Tx } from '../../db/tx'
import { withTx } from '../../db/tx'
import { nudgeBots } from './bot-schedule'
import { forgetAuctionJobs } from './state'
import { roomStream } from './streams'
import { AUTOPILOT_STRATEGY, isHere } from './takeover'

/**
 * Stand-ins (docs/auctions.md, "Over days: quiet hours, stand-ins and reminders"). In an auction
 * created with `stand_in: true`, each lot's opening sets a scheduler job (in the command's own
 * transaction, so a restart in between still runs it); when it runs, every approved person who
 * is absent — no socket subscribed to the auction's room on any server process — goes on
 * autopilot, the takeover's own mechanism (./takeover.ts): the auction's bot job plays for them
 * as a value buyer, through the same engine commands and rules (their purse, their squad caps),
 * with the auction's seeded draws, and every bid it places for them is marked `stand_in`. They
 * get the seat back the moment they bid (`handBack`) or open the room (`managerArrived`).
 */
export const AUCTION_STAND_IN_JOB = 'auction.stand_in'

/** Called inside a command's transaction when it opened a lot in a stand-in auction. */
export async function scheduleStandIns(deps: Deps, tx: Tx, auctionId: number, atMs: number): Promise<void> {
  await deps.scheduler.schedule(tx, {
    kind: AUCTION_STAND_IN_JOB,
    runAtMs: atMs,
    payload: { auction_id: auctionId },
    uniqueKey: `auction:${auctionId}:stand_in`,
  })
}

/** Puts every absent person of a running stand-in auction on autopilot; returns their manager ids. */
export async function seatStandIns(deps: Deps, auctionId: number): Promise<number[]> {
  const auction = await deps.db
    .selectFrom('auctions')
    .select(['status', 'stand_in'])
    .where('id', '=', auctionId)
    .executeTakeFirst()
  if (auction?.stand_in !== 1 || auction.status !== 'open') return []
  const people = await deps.db
    .selectFrom('auction_managers')
    .select('id')
    .where('auction_id', '=', auctionId)
    .where('status', '=', 'approved')
    .where('bot_strategy', 'is', null)
    .where('autopilot', 'is', null)
    .orderBy('id')
    .execute()
  const away: number[] = []
  for (const p of people) if (!(await isHere(deps, auctionId, p.id))) away.push(p.id)
  if (away.length === 0) return []
  const seated = await withTx(deps, async (tx, after) => {
    const out: number[] = []
    for (const id of away) {
      const set = await tx
        .updateTable('auction_managers')
        .set({ autopilot: AUTOPILOT_STRATEGY })
        .where('id', '=', id)
        .where('autopilot', 'is', null)
        .executeTakeFirst()
      if (Number(set.numUpdatedRows) === 0) continue
      out.push(id)
      after.publish(roomStream(auctionId), {
        type: 'managers_changed',
        manager_id: id,
        autopilot: true,
        stand_in: true,
      })
    }
    after.run(() => forgetAuctionJobs(deps, auctionId))
    return out
  })
  if (seated.length > 0) await nudgeBots(deps, auctionId)
  return seated
}

export function registerAuctionStandInJobs(deps: Deps): void {
  deps.scheduler.register(AUCTION_STAND_IN_JOB, async (job) => {
    await seatStandIns(deps, Number(job.payload.auction_id))
  })
}
