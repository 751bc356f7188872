import type { Deps } from '../../../core/deps'
import { lockRows } from '../../../db/lock'
import type { UserRow } from '../../../db/schema'
import type { AfterCommit, Executor, Tx } from '../../../db/tx'
import { withTx } from '../../../db/tx'
import { REFERRAL_COINS } from '../../../domain/rewards'
import { AppError, invalid, notFound } from '../../../http/errors'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../../ledger'
import { notify } from '../../notifications'
import { findPlayer, findPlayerByReference } from '../common/queries'
import { earnScratchCard } from './rewards'

/** The user a referral code names, if it can still refer anyone (a disabled account cannot). */
export async function referrerByCode(db: Executor, code: string): Promise<UserRow | undefined> {
  const user = await findPlayerByReference(db, code)
  return user && user.status !== 'disabled' ? user : undefined
}

/**
 * Rewards both sides of a referral inside the caller's transaction (the sign-up, or the
 * later "refer code" call): one ledger posting of REFERRAL_COINS coins to each from the
 * house's coins (key `referral:<new user id>`), and one scratch card each. Keyed on the new
 * user, so a user can bring their referrer a reward only once.
 */
export async function rewardReferral(
  tx: Tx,
  after: AfterCommit,
  seed: number,
  referral: { referrer: { id: number }; newUser: { id: number; username: string }; nowMs: number },
): Promise<void> {
  const { referrer, newUser, nowMs } = referral
  const house = await systemAccountId(tx, SYSTEM_ACCOUNTS.houseCoins.code, 'COIN', nowMs)
  const bonus = await post(
    tx,
    {
      kind: 'referral_bonus',
      idempotencyKey: `referral:${newUser.id}`,
      memo: 'Referral bonus',
      meta: { referrer_id: referrer.id, referred_id: newUser.id },
      lines: [
        { accountId: house, amount: -2 * REFERRAL_COINS },
        { accountId: await userAccountId(tx, referrer.id, 'coins'), amount: REFERRAL_COINS },
        { accountId: await userAccountId(tx, newUser.id, 'coins'), amount: REFERRAL_COINS },
      ],
      nowMs,
    },
    after,
  )
  await earnScratchCard(tx, seed, {
    userId: referrer.id,
    source: 'referral',
    sourceKey: `referral:${newUser.id}`,
    nowMs,
  })
  await earnScratchCard(tx, seed, {
    userId: newUser.id,
    source: 'referred',
    sourceKey: `referred:${newUser.id}`,
    nowMs,
  })
  await notify(
    tx,
    after,
    referrer.id,
    {
      kind: 'referral',
      body: `${newUser.username} joined with your referral code: ${REFERRAL_COINS} coins and a scratch card for you.`,
      data: { user_id: newUser.id, transaction_id: bonus.transactionId, compartment: 'coins' },
    },
    nowMs,
  )
}

/**
 * "POST refer code": a user who signed up without a code applies one later. Once only;
 * not their own code, nor the code of someone they referred themselves (no loops).
 */
export async function applyReferralCode(deps: Deps, userId: number, code: string): Promise<void> {
  const found = await referrerByCode(deps.db, code)
  await withTx(deps, async (tx, after) => {
    // Both users, checked under their locks: two players applying each other's code at once
    // would otherwise both pass the "not someone you referred" check.
    await lockRows(tx, 'users', found ? [userId, found.id] : userId)
    const user = await findPlayer(tx, userId)
    if (!user) throw notFound('User')
    if (user.referred_by_id !== null)
      throw new AppError('ALREADY_REFERRED', 'You have already used a referral code')
    const referrer = found && (await referrerByCode(tx, code))
    if (!referrer) throw invalid({ ref_code: ['is not a valid referral code'] })
    if (referrer.id === user.id) throw invalid({ ref_code: ['is your own code'] })
    if (referrer.referred_by_id === user.id) throw invalid({ ref_code: ['belongs to someone you referred'] })
    const set = await tx
      .updateTable('users')
      .set({ referred_by_id: referrer.id })
      .where('id', '=', user.id)
      .where('referred_by_id', 'is', null)
      .executeTakeFirst()
    if (Number(set.numUpdatedRows) === 0)
      throw new AppError('ALREADY_REFERRED', 'You have already used a referral code')
    await rewardReferral(tx, after, deps.rng.seed, { referrer, newUser: user, nowMs: deps.clock.now() })
  })
}

/** The "referral details" read: the user's code, who joined with it, and the coins it earned. */
export async function referralDetails(deps: Deps, user: UserRow, linkBase: string) {
  const referred = await deps.db
    .selectFrom('users')
    .select(['id', 'slug', 'username', 'created_at_ms'])
    .where('referred_by_id', '=', user.id)
    .orderBy('id', 'desc')
    .execute()
  const coins = await deps.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('e.amount'), eb.lit(0)).as('total'))
    .where('t.kind', '=', 'referral_bonus')
    .where('a.user_id', '=', user.id)
    .where('a.kind', '=', 'coins')
    .executeTakeFirstOrThrow()
  const referrer = user.referred_by_id === null ? undefined : await findPlayer(deps.db, user.referred_by_id)
  return {
    reference: user.reference,
    share_url: `${linkBase}/signup?ref=${encodeURIComponent(user.reference)}`,
    coins_per_referral: REFERRAL_COINS,
    referred_count: referred.length,
    coins_earned: Number(coins.total),
    referred_by: referrer ? { slug: referrer.slug, username: referrer.username } : null,
    referred_users: referred.slice(0, 100).map((u) => ({
      slug: u.slug,
      username: u.username,
      joined_at_in_millis: Number(u.created_at_ms),
    })),
  }
}
