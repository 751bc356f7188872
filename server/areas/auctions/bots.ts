import { randomUUID } from 'node:crypto'
import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { type Tx, withTx } from '../../db/tx'
import { BOT_STRATEGIES, type BotStrategy, botDecision } from '../../domain/auction/bots'
import { AppError } from '../../http/errors'
import { hashPassword } from '../auth'
import { insertUser } from '../users'
import { AUCTION_BOT_JOB, botOrder, rngFor } from './bot-schedule'
import { AUCTION_COLORS } from './catalog'
import { runCommand } from './commands'
import { requireSeats } from './pools'
import { approvedBots, findAuction, heldColors } from './queries'
import { stateOf } from './state'
import { roomStream } from './streams'
import { requireOwnedAuction } from './visibility'

/**
 * Bots in a live auction: seeded managers (DESIGN §5 strategies) that bid through the same
 * engine commands as people, on the server clock. After every accepted command the auction's
 * one bot job is moved to when the quickest bot would act ("thinking" 0.3–4 s); when it fires,
 * the bots decide in the order of their delays and the first that wants to act does — so
 * people and bots race for each lot as they would in a room.
 */

/** The bot job: in an open round the quickest willing bot bids; in a sealed round every bot places its bids. */
async function actBots(deps: Deps, auctionId: number, atMs: number) {
  const row = await findAuction(deps.db, auctionId)
  if (!row) return
  const bots = await approvedBots(deps.db, auctionId)
  const state = stateOf(deps, row)
  for (const bot of botOrder(auctionId, state, bots)) {
    for (let guard = 0; guard < 200; guard++) {
      const current = stateOf(deps, (await findAuction(deps.db, auctionId)) ?? row)
      const command = botDecision(current, bot.id, bot.strategy, rngFor(auctionId, current, bot.id), atMs)
      if (!command) break
      // A bot playing for an absent person: its bids say so in the feed.
      const standIn = command.type === 'bid' && bots.some((b) => b.id === bot.id && b.autopilot !== null)
      try {
        await runCommand(deps, auctionId, () => (standIn ? { ...command, standIn: true } : command))
      } catch (error) {
        // Someone got there first (the state moved under the decision): the next job decides again.
        if (error instanceof AppError) return
        throw error
      }
      // An open-round bid ends this turn (the others get their chance at the new price).
      if (state.phase === 'open') return
    }
  }
}

export function registerAuctionBotJobs(deps: Deps): void {
  deps.scheduler.register(AUCTION_BOT_JOB, (job) =>
    actBots(deps, Number(job.payload.auction_id), job.run_at_ms),
  )
}

/**
 * Seats `count` bots in the waiting room (owner only), approved at once and free of charge:
 * each is an account of its own with a franchise name and a free colour.
 */
export async function addBots(
  deps: Deps,
  ownerId: number,
  auctionId: number,
  count: number,
  strategy: BotStrategy | 'mixed',
) {
  await requireOwnedAuction(deps.db, auctionId, ownerId)
  const passwordHash = await hashPassword(randomUUID())
  return withTx(deps, async (tx, after) => {
    // Under the auction's lock, as joins and the start: colours and bot numbers are counted
    // once, and no bot sits down in a started auction.
    await lockRows(tx, 'auctions', auctionId)
    const row = await requireOwnedAuction(tx, auctionId, ownerId)
    if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'Bots join before the auction starts')
    await requireSeats(tx, row, stateOf(deps, row), count)
    const free = await freeColors(tx, auctionId, count)
    const existing = await botsSeated(tx, auctionId)
    const now = deps.clock.now()
    const added: Array<{ id: number; franchise_name: string; strategy: BotStrategy }> = []
    for (let i = 0; i < count; i++) {
      const n = existing + i + 1
      const kind =
        strategy === 'mixed' ? (BOT_STRATEGIES[(n - 1) % BOT_STRATEGIES.length] as BotStrategy) : strategy
      const user = await insertUser(tx, {
        email: `bot-${auctionId}-${n}@bots.fanspole.local`,
        username: `bot${auctionId}x${n}`,
        passwordHash,
        teamName: `${BOT_NAMES[(n - 1) % BOT_NAMES.length]} (bot)`,
        emailVerified: true,
        nowMs: now,
      })
      const franchise = `${BOT_NAMES[(n - 1) % BOT_NAMES.length]} ${n}`
      const manager = await tx
        .insertInto('auction_managers')
        .values({
          auction_id: auctionId,
          user_id: user.id,
          franchise_name: franchise,
          color: (free[i] as (typeof AUCTION_COLORS)[number]).id,
          status: 'approved',
          charge_coins: 0,
          bot_strategy: kind,
          joined_at_ms: now,
          decided_at_ms: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      added.push({ id: manager.id, franchise_name: franchise, strategy: kind })
    }
    after.publish(roomStream(auctionId), { type: 'managers_changed', manager_id: added[0]?.id ?? null })
    return added
  })
}

/** The franchise colours nobody (but a rejected manager) holds; 422 when fewer than `count`. */
async function freeColors(tx: Tx, auctionId: number, count: number) {
  const taken = new Set(await heldColors(tx, auctionId))
  const free = AUCTION_COLORS.filter((c) => !taken.has(c.id))
  if (free.length < count)
    throw new AppError('VALIDATION_FAILED', `Only ${free.length} franchise colours are left`, {
      count: [`must be at most ${free.length}`],
    })
  return free
}

/** How many bots the auction has had seated (they number on from it). */
async function botsSeated(tx: Tx, auctionId: number): Promise<number> {
  const row = await tx
    .selectFrom('auction_managers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('auction_id', '=', auctionId)
    .where('bot_strategy', 'is not', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const BOT_NAMES = [
  'Robo Royals',
  'Circuit Kings',
  'Binary Blasters',
  'Silicon Strikers',
  'Turbo Titans',
  'Pixel Panthers',
  'Quantum Chargers',
  'Neon Knights',
  'Byte Bulls',
  'Cyber Sixers',
]
