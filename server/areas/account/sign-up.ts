import type { Deps } from '../../core/deps'
import type { Role, UserRow } from '../../db/schema'
import { type AfterCommit, type Tx, withTx } from '../../db/tx'
import { invalid } from '../../http/errors'
import { hashPassword, mailUserToken } from '../auth'
import { invitationMail, verificationMail } from '../mail'
import { notify } from '../notifications'
import { hasTrafficSource, recordTrafficSource, type TrafficSourceInput } from '../social'
import { insertUser, takenError, uniquenessErrors } from '../users'
import { referrerByCode, rewardReferral } from '../wallet'

/**
 * Sign-up: a player's own (with a referral code and where they came from) and an admin's
 * account for someone else. Above users, auth and wallet: it composes them.
 */
export interface RegisterInput extends TrafficSourceInput {
  email: string
  username: string
  password: string
  full_name?: string
  ref_code?: string
}

/** Self sign-up: the account is active at once; a verification mail goes to the outbox. */
export async function registerUser(deps: Deps, input: RegisterInput, linkBase: string): Promise<UserRow> {
  const more: Record<string, string[]> = {}
  let referredById: number | null = null
  if (input.ref_code?.trim()) {
    const referrer = await referrerByCode(deps.db, input.ref_code)
    if (!referrer) more.ref_code = ['is not a valid referral code']
    else referredById = referrer.id
  }
  return formAccount(deps, input, more, { referredById }, async (tx, after, user, now) => {
    // A referral code rewards both sides (coins and a scratch card each) in this transaction.
    if (referredById !== null)
      await rewardReferral(tx, after, deps.rng.seed, {
        referrer: { id: referredById },
        newUser: user,
        nowMs: now,
      })
    const { email: _e, username: _u, password: _p, full_name: _f, ref_code: _r, ...source } = input
    if (hasTrafficSource(source)) await recordTrafficSource(tx, user.id, source, now)
    await mailUserToken(deps, tx, user, 'activation', verificationMail, now, linkBase)
    await notify(tx, after, user.id, { kind: 'welcome', body: `Welcome to Fanspole, ${user.username}!` }, now)
    return user
  })
}

type AccountFields = Omit<
  Parameters<typeof insertUser>[1],
  'email' | 'username' | 'passwordHash' | 'fullName' | 'nowMs'
>

/**
 * What both ways of making an account share: the email and username must be free (reported
 * with the caller's `more` errors at once), the password is hashed before the transaction
 * (~60 ms of work must not hold the database write lock), the user is inserted with the
 * caller's `fields` and `then` runs in the same transaction; a name taken by a request racing
 * this one answers as the check would.
 */
async function formAccount<T>(
  deps: Deps,
  input: { email: string; username: string; password?: string; full_name?: string },
  more: Record<string, string[]>,
  fields: AccountFields,
  then: (tx: Tx, after: AfterCommit, user: UserRow, nowMs: number) => Promise<T>,
): Promise<T> {
  const errors = { ...(await uniquenessErrors(deps.db, input.email, input.username)), ...more }
  if (Object.keys(errors).length > 0) throw invalid(errors)
  const passwordHash = input.password ? await hashPassword(input.password) : null
  try {
    return await withTx(deps, async (tx, after) => {
      const now = deps.clock.now()
      const user = await insertUser(tx, {
        email: input.email,
        username: input.username,
        passwordHash,
        fullName: input.full_name,
        ...fields,
        nowMs: now,
      })
      return then(tx, after, user, now)
    })
  } catch (error) {
    throw takenError(error)
  }
}

export interface AdminCreateInput {
  email: string
  username: string
  full_name?: string
  role?: Role
  password?: string
}

/** An account made by an admin: with a password it is active; without one it is invited. */
export async function adminCreateUser(
  deps: Deps,
  input: AdminCreateInput,
  linkBase: string,
): Promise<{ user: UserRow; invited: boolean }> {
  const invited = !input.password
  const fields: AccountFields = {
    role: input.role ?? 'player',
    status: invited ? 'invited' : 'active',
    emailVerified: false,
  }
  return formAccount(deps, input, {}, fields, async (tx, _after, user, now) => {
    await mailUserToken(
      deps,
      tx,
      user,
      'activation',
      invited ? invitationMail : verificationMail,
      now,
      linkBase,
    )
    return { user, invited }
  })
}
