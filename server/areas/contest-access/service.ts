import { type Executor, withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { OPEN_OWNED_CONTESTS_MAX } from '../../domain/contest-creation'
import { notFound } from '../../http/errors'
import { notify } from '../notifications'
import {
  deleteGrant,
  findGrant,
  hasCompletedPaidContest,
  isMobileApproved,
  openOwnedContests,
  upsertGrant,
  userExists,
} from './queries'

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
  const [mobile, grant, completedPaid, openOwned] = await Promise.all([
    isMobileApproved(db, userId),
    findGrant(db, userId),
    hasCompletedPaidContest(db, userId),
    openOwnedContests(db, userId),
  ])
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

/** The 403 message for a refused draft: the first missing requirement. */
export function accessRefusal(access: ContestAccess): string {
  const first = access.missing[0]
  return first ? `You cannot create this contest yet: ${first.message}` : 'You cannot create this contest yet'
}

/**
 * An admin lets a player create paid and public contests (granting again replaces the note);
 * the player is notified in the same transaction.
 */
export async function grantAccess(deps: Deps, adminId: number, userId: number, note: string | null) {
  return withTx(deps, async (tx, after) => {
    if (!(await userExists(tx, userId))) throw notFound('User')
    const now = deps.clock.now()
    const grant = { user_id: userId, granted_by_id: adminId, note, created_at_ms: now }
    await upsertGrant(tx, grant)
    await notify(
      tx,
      after,
      userId,
      { kind: 'contest_access_granted', body: 'You can now create paid and public contests.' },
      now,
    )
    return grant
  })
}

/** Takes a grant back (contests already made stay); 404 when the player has none. */
export async function revokeAccess(deps: Deps, userId: number) {
  return withTx(deps, async (tx) => {
    const row = await findGrant(tx, userId)
    if (!row) throw notFound('Contest access grant')
    await deleteGrant(tx, userId)
    return row
  })
}
