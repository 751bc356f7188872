import type { Executor } from '../../db/tx'
import { OPEN_OWNED_CONTESTS_MAX } from '../../domain/contest-creation'

/**
 * Who may create which contest (docs/contest-creation.md, "Access rules"):
 *
 * - a free (₹0) private contest: anyone signed in;
 * - a paid or a public contest: a verified mobile number AND a completed paid contest (a member,
 *   not refunded, of a daily or championship contest with an entry fee that has been settled),
 *   OR an admin's grant;
 * - everyone: fewer than OPEN_OWNED_CONTESTS_MAX open contests owned (daily + championship).
 *
 * Plain reads: creation calls this inside its own transaction, after locking the creator's row,
 * so two creations at once cannot both take the last open place.
 */

export type AccessRequirementKey =
  | 'mobile_verified'
  | 'paid_contest_completed'
  | 'admin_grant'
  | 'open_contests_cap'

export interface AccessRequirement {
  key: AccessRequirementKey
  met: boolean
  message: string
}

export interface ContestAccess {
  /** The draft may be created. */
  allowed: boolean
  free_allowed: boolean
  paid_allowed: boolean
  /** Every requirement, met or not. */
  requirements: AccessRequirement[]
  /** What still stands between the player and this draft, first the one to name in a 403. */
  missing: AccessRequirement[]
  open_owned: number
  max_open_owned: number
}

export interface AccessDraft {
  entry_fee_paise: number
  is_private: boolean
}

/** Only a free private contest is open to everyone signed in. */
export const needsPaidAccess = (draft: AccessDraft) => draft.entry_fee_paise > 0 || !draft.is_private

export async function contestAccess(
  db: Executor,
  userId: number,
  draft: AccessDraft,
): Promise<ContestAccess> {
  const [user, grant, completedPaid, openOwned] = await Promise.all([
    db.selectFrom('users').select('mobile_approved').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('contest_access_grants').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
    hasCompletedPaidContest(db, userId),
    openOwnedContests(db, userId),
  ])
  const mobile = user?.mobile_approved === 1
  const granted = grant !== undefined
  const capOk = openOwned < OPEN_OWNED_CONTESTS_MAX
  const requirements: AccessRequirement[] = [
    {
      key: 'mobile_verified',
      met: mobile,
      message: mobile ? 'Your mobile number is verified' : 'Verify your mobile number',
    },
    {
      key: 'paid_contest_completed',
      met: completedPaid,
      message: completedPaid
        ? 'You have played a paid contest to its result'
        : 'Play a paid contest to its result (join one with an entry fee and wait until it is settled)',
    },
    {
      key: 'admin_grant',
      met: granted,
      message: granted
        ? 'An admin gave you contest creation access'
        : 'Or ask an admin for contest creation access',
    },
    {
      key: 'open_contests_cap',
      met: capOk,
      message: capOk
        ? `You own ${openOwned} of at most ${OPEN_OWNED_CONTESTS_MAX} open contests`
        : `You already own ${openOwned} open contests, the most at once; wait until one locks or delete one`,
    },
  ]
  const paidPath = granted || (mobile && completedPaid)
  const freeAllowed = capOk
  const paidAllowed = capOk && paidPath
  const paid = needsPaidAccess(draft)
  const missing = requirements.filter((r) => {
    if (r.key === 'open_contests_cap') return !r.met
    // The paid path: either both of mobile and a completed paid contest, or a grant.
    return paid && !paidPath && !r.met
  })
  return {
    allowed: paid ? paidAllowed : freeAllowed,
    free_allowed: freeAllowed,
    paid_allowed: paidAllowed,
    requirements,
    missing,
    open_owned: openOwned,
    max_open_owned: OPEN_OWNED_CONTESTS_MAX,
  }
}

async function hasCompletedPaidContest(db: Executor, userId: number): Promise<boolean> {
  const [daily, championship] = await Promise.all([
    db
      .selectFrom('contest_members as m')
      .innerJoin('contests as c', 'c.id', 'm.contest_id')
      .select('m.id')
      .where('m.user_id', '=', userId)
      .where('m.refunded', '=', 0)
      .where('m.entry_fee_paise', '>', 0)
      .where('c.status', '=', 'completed')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('championship_contest_members as m')
      .innerJoin('championship_contests as c', 'c.id', 'm.contest_id')
      .select('m.id')
      .where('m.user_id', '=', userId)
      .where('m.refunded', '=', 0)
      .where('m.entry_fee_paise', '>', 0)
      .where('c.status', '=', 'completed')
      .limit(1)
      .executeTakeFirst(),
  ])
  return daily !== undefined || championship !== undefined
}

/** Daily and championship contests the player made that have not locked, been cancelled or deleted. */
export async function openOwnedContests(db: Executor, userId: number): Promise<number> {
  const [daily, championship] = await Promise.all([
    db
      .selectFrom('contests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_by_id', '=', userId)
      .where('status', '=', 'open')
      .where('deleted_at_ms', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('championship_contests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_by_id', '=', userId)
      .where('status', '=', 'open')
      .where('deleted_at_ms', 'is', null)
      .executeTakeFirstOrThrow(),
  ])
  return Number(daily.n) + Number(championship.n)
}

/** The 403 message for a refused draft: the first missing requirement. */
export function accessRefusal(access: ContestAccess): string {
  const first = access.missing[0]
  return first ? `You cannot create this contest yet: ${first.message}` : 'You cannot create this contest yet'
}
