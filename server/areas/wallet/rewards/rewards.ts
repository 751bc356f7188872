import { forUpdate } from '../../../db/lock'
import type { ScratchCardsTable } from '../../../db/schema'
import type { Executor, Tx } from '../../../db/tx'
import { withTx } from '../../../db/tx'
import type { Deps } from '../../../deps'
import { paiseToRupees } from '../../../domain/money'
import {
  drawReward,
  type Reward,
  type RewardKind,
  rewardLabel,
  type ScratchCardSource,
} from '../../../domain/rewards'
import { AppError, notFound } from '../../../http/errors'
import type { Page } from '../../../http/paging'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../../ledger'

type CardRow = Omit<ScratchCardsTable, 'id' | 'reward_amount'> & { id: number; reward_amount: number }

/** The card a paid contest entry earns: one per contest member row, so once per entry. */
export const joinCardKey = (contestMemberId: number) => `join:${contestMemberId}`

/**
 * Earns a card inside the caller's transaction. The reward is drawn now (seed + source key)
 * and stored, hidden until the claim. A source key earns at most one card: a second call
 * with the same key is a no-op and answers null.
 */
export async function earnScratchCard(
  tx: Tx,
  seed: number,
  card: { userId: number; source: ScratchCardSource; sourceKey: string; nowMs: number },
): Promise<number | null> {
  const reward = drawReward(seed, card.sourceKey)
  const row = await tx
    .insertInto('scratch_cards')
    .values({
      user_id: card.userId,
      source: card.source,
      source_key: card.sourceKey,
      reward_kind: reward.kind,
      reward_amount: reward.amount,
      created_at_ms: card.nowMs,
    })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}

const SOURCE_TEXT: Record<ScratchCardSource, string> = {
  contest_join: 'For joining a paid contest',
  referral: 'A friend joined with your referral code',
  referred: 'For joining with a referral code',
}

/** The API shape: the reward stays hidden until the card is claimed. */
export function scratchCardJson(row: CardRow) {
  const claimed = row.claimed_at_ms !== null
  const reward: Reward = { kind: row.reward_kind as RewardKind, amount: Number(row.reward_amount) }
  const source = row.source as ScratchCardSource
  return {
    id: row.id,
    source,
    source_text: SOURCE_TEXT[source] ?? row.source,
    claimed,
    claimed_at_in_millis: claimed ? Number(row.claimed_at_ms) : null,
    created_at_in_millis: Number(row.created_at_ms),
    reward: claimed
      ? {
          kind: reward.kind,
          amount: reward.kind === 'cash' ? paiseToRupees(reward.amount) : reward.amount,
          label: rewardLabel(reward),
        }
      : null,
  }
}

export type ScratchCardJson = ReturnType<typeof scratchCardJson>

/** What the user's claimed cards have paid: rupees of cash and whole coins. */
export async function rewardTotals(db: Executor, userId: number) {
  const rows = await db
    .selectFrom('scratch_cards')
    .select(['reward_kind', (eb) => eb.fn.sum<number>('reward_amount').as('total')])
    .where('user_id', '=', userId)
    .where('claimed_at_ms', 'is not', null)
    .groupBy('reward_kind')
    .execute()
  const total = (kind: RewardKind) => Number(rows.find((r) => r.reward_kind === kind)?.total ?? 0)
  return { total_reward_balance: paiseToRupees(total('cash')), total_reward_coins: total('coins') }
}

export async function listScratchCards(db: Executor, userId: number, page: Page) {
  const base = db.selectFrom('scratch_cards').where('user_id', '=', userId)
  const rows = await base.selectAll().orderBy('id', 'desc').limit(page.per_page).offset(page.offset).execute()
  const counts = await base
    .select([
      (eb) => eb.fn.countAll<number>().as('total'),
      (eb) =>
        eb.fn.sum<number>(eb.case().when('claimed_at_ms', 'is', null).then(1).else(0).end()).as('unclaimed'),
    ])
    .executeTakeFirstOrThrow()
  return {
    cards: rows.map((r) => scratchCardJson(r as CardRow)),
    total: Number(counts.total),
    unclaimed: Number(counts.unclaimed ?? 0),
  }
}

/** Someone else's card is as missing as a card that does not exist. */
async function ownCard(db: Executor, userId: number, id: number, lock = false): Promise<CardRow> {
  const row = await db
    .selectFrom('scratch_cards')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$call((q) => (lock ? forUpdate(db)(q) : q))
    .executeTakeFirst()
  if (!row) throw notFound('Scratch card')
  return row as CardRow
}

export async function getScratchCard(db: Executor, userId: number, id: number): Promise<ScratchCardJson> {
  return scratchCardJson(await ownCard(db, userId, id))
}

/**
 * Reveals a card and pays its reward in one transaction: cash from the house to the
 * user's unused balance, coins from the house's coins to the user's coins, nothing for
 * `none`. The posting's key is `scratch:<id>`, and the claimed mark is set only while the
 * card is still unclaimed, so a card pays at most once however the claims race.
 */
export async function claimScratchCard(deps: Deps, userId: number, id: number): Promise<ScratchCardJson> {
  return withTx(deps, async (tx, after) => {
    // Locked: of claims racing for one card, the rest wait and then find it claimed.
    const card = await ownCard(tx, userId, id, true)
    if (card.claimed_at_ms !== null)
      throw new AppError('ALREADY_CLAIMED', 'This scratch card has already been claimed')
    const now = deps.clock.now()
    const amount = Number(card.reward_amount)
    let transactionId: number | null = null
    if (card.reward_kind !== 'none' && amount > 0) {
      const cash = card.reward_kind === 'cash'
      const from = cash
        ? await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', now)
        : await systemAccountId(tx, SYSTEM_ACCOUNTS.houseCoins.code, 'COIN', now)
      const to = await userAccountId(tx, userId, cash ? 'unused' : 'coins')
      const result = await post(
        tx,
        {
          kind: 'scratch_card',
          idempotencyKey: `scratch:${card.id}`,
          memo: `Scratch card: ${rewardLabel({ kind: card.reward_kind as RewardKind, amount })}`,
          meta: { scratch_card_id: card.id, source: card.source },
          lines: [
            { accountId: from, amount: -amount },
            { accountId: to, amount },
          ],
          nowMs: now,
        },
        after,
      )
      transactionId = result.transactionId
    }
    const updated = await tx
      .updateTable('scratch_cards')
      .set({ claimed_at_ms: now, ledger_transaction_id: transactionId })
      .where('id', '=', card.id)
      .where('claimed_at_ms', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!updated) throw new AppError('ALREADY_CLAIMED', 'This scratch card has already been claimed')
    return scratchCardJson(updated as CardRow)
  })
}
