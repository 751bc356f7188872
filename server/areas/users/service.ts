import { isUniqueViolation } from '../../db/errors'
import type { Role, UserRow, UserStatus } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { cricketLevel } from '../../domain/levels'
import { paiseToRupees } from '../../domain/money'
import { hashString } from '../../domain/rng'
import { dobProblem, normaliseEmail, usernameKey } from '../../domain/user-rules'
import { type FieldErrors, invalid, notFound } from '../../http/errors'
import { hashPassword, verifyPassword } from '../auth/passwords'
import { issueUserToken } from '../auth/user-tokens'
import { gameAccountsOf } from '../esports'
import { createUserAccounts, userBalances, walletJson } from '../ledger/service'
import { sendMail } from '../mail/service'
import { invitationMail, verificationMail } from '../mail/templates'
import { notify } from '../notifications/service'
import { hasTrafficSource, recordTrafficSource, type TrafficSourceInput } from '../social/other'
import { kycMeFields, referrerByCode, rewardReferral, rewardTotals } from '../wallet'
import { ratingSummary } from './people'
import { findUserByEmail, findUserById, findUserByUsername, isFollowing } from './queries'

export interface NewUserInput {
  email: string
  username: string
  passwordHash: string | null
  fullName?: string | null
  teamName?: string | null
  role?: Role
  status?: UserStatus
  emailVerified?: boolean
  avatarId?: number | null
  imageUrl?: string | null
  referredById?: number | null
  interests?: string[]
  aboutMe?: string | null
  xpPoints?: number
  nowMs: number
}

/**
 * Inserts a user with their ledger accounts. Slug and referral code are derived from the
 * username (no randomness), so seeding the same league twice gives the same rows.
 */
export async function insertUser(tx: Executor, input: NewUserInput): Promise<UserRow> {
  const key = usernameKey(input.username)
  const slug = await freeSlug(tx, key)
  const reference = await freeReference(tx, key)
  const user = await tx
    .insertInto('users')
    .values({
      slug,
      username: input.username.trim(),
      username_key: key,
      email: normaliseEmail(input.email),
      password_hash: input.passwordHash,
      full_name: input.fullName?.trim() || null,
      team_name: input.teamName?.trim() || input.username.trim(),
      role: input.role ?? 'player',
      status: input.status ?? 'active',
      email_verified_at_ms: input.emailVerified ? input.nowMs : null,
      avatar_id: input.avatarId ?? null,
      image_url: input.imageUrl ?? null,
      reference,
      referred_by_id: input.referredById ?? null,
      interests: JSON.stringify(input.interests ?? []),
      about_me: input.aboutMe ?? null,
      xp_points: input.xpPoints ?? 0,
      created_at_ms: input.nowMs,
      updated_at_ms: input.nowMs,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await createUserAccounts(tx, user.id, input.nowMs)
  return user
}

async function freeSlug(db: Executor, base: string): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}-${n + 1}`
    const taken = await db.selectFrom('users').select('id').where('slug', '=', candidate).executeTakeFirst()
    if (!taken) return candidate
  }
}

async function freeReference(db: Executor, key: string): Promise<string> {
  const letters = key
    .replace(/[^a-z]/g, '')
    .toUpperCase()
    .padEnd(4, 'X')
    .slice(0, 4)
  for (let n = 0; ; n++) {
    const code = `${letters}${(hashString(`${key}:${n}`) % 1_000_000).toString().padStart(6, '0')}`
    const taken = await db.selectFrom('users').select('id').where('reference', '=', code).executeTakeFirst()
    if (!taken) return code
  }
}

/** Checks that e-mail and username are free; every clash is reported at once. */
export async function uniquenessErrors(db: Executor, email: string, username: string, exceptId?: number) {
  const errors: FieldErrors = {}
  const byEmail = await findUserByEmail(db, email)
  if (byEmail && byEmail.id !== exceptId) errors.email = ['has already been taken']
  const byName = await findUserByUsername(db, username)
  if (byName && byName.id !== exceptId) errors.username = ['has already been taken']
  return errors
}

export interface RegisterInput extends TrafficSourceInput {
  email: string
  username: string
  password: string
  full_name?: string
  ref_code?: string
}

/** Self sign-up: the account is active at once; a verification mail goes to the outbox. */
export async function registerUser(deps: Deps, input: RegisterInput): Promise<UserRow> {
  const errors = await uniquenessErrors(deps.db, input.email, input.username)
  let referredById: number | null = null
  if (input.ref_code?.trim()) {
    const referrer = await referrerByCode(deps.db, input.ref_code)
    if (!referrer) errors.ref_code = ['is not a valid referral code']
    else referredById = referrer.id
  }
  if (Object.keys(errors).length > 0) throw invalid(errors)
  // Hash before the transaction: ~60 ms of work must not hold the database write lock.
  const passwordHash = await hashPassword(input.password)
  try {
    return await withTx(deps, async (tx, after) => {
      const now = deps.clock.now()
      const user = await insertUser(tx, {
        email: input.email,
        username: input.username,
        passwordHash,
        fullName: input.full_name,
        referredById,
        nowMs: now,
      })
      // A referral code rewards both sides (coins and a scratch card each) in this transaction.
      if (referredById !== null)
        await rewardReferral(tx, after, deps.rng.seed, {
          referrer: { id: referredById },
          newUser: user,
          nowMs: now,
        })
      const { email: _e, username: _u, password: _p, full_name: _f, ref_code: _r, ...source } = input
      if (hasTrafficSource(source)) await recordTrafficSource(tx, user.id, source, now)
      const token = await issueUserToken(
        tx,
        user.id,
        'activation',
        deps.config.activationTokenTtlMs,
        deps.clock.wallNow(),
      )
      await sendMail(
        tx,
        { to: user.email, ...verificationMail(deps.config.publicUrl, user.username, token) },
        now,
      )
      await notify(
        tx,
        after,
        user.id,
        { kind: 'welcome', body: `Welcome to Fanspole, ${user.username}!` },
        now,
      )
      return user
    })
  } catch (error) {
    throw takenError(error)
  }
}

/**
 * The same account inserted twice at once (both passed the uniqueness check): the unique
 * columns decide, and the loser gets the 422 of a taken name. The slug is the username's, so
 * a clash on it (which PostgreSQL may report first) is the username's too.
 */
function takenError(error: unknown): unknown {
  if (isUniqueViolation(error, 'email')) return invalid({ email: ['has already been taken'] })
  if (isUniqueViolation(error, 'username') || isUniqueViolation(error, 'slug'))
    return invalid({ username: ['has already been taken'] })
  return error
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
): Promise<{ user: UserRow; invited: boolean }> {
  const errors = await uniquenessErrors(deps.db, input.email, input.username)
  if (Object.keys(errors).length > 0) throw invalid(errors)
  const passwordHash = input.password ? await hashPassword(input.password) : null
  try {
    return await createInvitedOrActive(deps, input, passwordHash)
  } catch (error) {
    throw takenError(error)
  }
}

function createInvitedOrActive(deps: Deps, input: AdminCreateInput, passwordHash: string | null) {
  return withTx(deps, async (tx) => {
    const now = deps.clock.now()
    const user = await insertUser(tx, {
      email: input.email,
      username: input.username,
      passwordHash,
      fullName: input.full_name,
      role: input.role ?? 'player',
      status: passwordHash ? 'active' : 'invited',
      emailVerified: false,
      nowMs: now,
    })
    const token = await issueUserToken(
      tx,
      user.id,
      'activation',
      deps.config.activationTokenTtlMs,
      deps.clock.wallNow(),
    )
    const mail = passwordHash
      ? verificationMail(deps.config.publicUrl, user.username, token)
      : invitationMail(deps.config.publicUrl, user.username, token)
    await sendMail(tx, { to: user.email, ...mail }, now)
    return { user, invited: !passwordHash }
  })
}

export async function imageFor(db: Executor, user: UserRow): Promise<string | null> {
  if (user.image_url) return user.image_url
  if (user.avatar_id === null) return null
  const avatar = await db
    .selectFrom('avatars')
    .select('url')
    .where('id', '=', user.avatar_id)
    .executeTakeFirst()
  return avatar?.url ?? null
}

/** The spec's "Me" fields, with balances read from the ledger. */
export async function serializeMe(db: Executor, user: UserRow) {
  const balances = await userBalances(db, user.id)
  const winnings = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('e.amount'), eb.lit(0)).as('total'))
    .where('a.user_id', '=', user.id)
    .where('a.kind', '=', 'winnings')
    .where('e.amount', '>', 0)
    .executeTakeFirstOrThrow()
  const pancardApproved = user.pancard_status === 'approved'
  const mobileApproved = user.mobile_approved === 1
  const kyc = await kycMeFields(db, user)
  const played = await playedCounts(db, user.id)
  return {
    id: user.id,
    slug: user.slug,
    username: user.username,
    email: user.email,
    email_verified: user.email_verified_at_ms !== null,
    role: user.role,
    status: user.status,
    mobile_no: user.mobile_no,
    full_name: user.full_name,
    display_name: user.full_name || user.username,
    team_name: user.team_name,
    profile_status: profileStatus(user),
    image: await imageFor(db, user),
    avatar_id: user.avatar_id,
    reference: user.reference,
    ...cricketLevel(user.xp_points),
    stats: {
      most_selected_captain: null,
      total_teams: played.teams,
      total_winnings: paiseToRupees(Number(winnings.total)),
      total_leagues: played.contests,
    },
    user_points: [] as Array<{ rank: number; series: string; total_score: number }>,
    ...walletJson(balances),
    ...(await rewardTotals(db, user.id)),
    about_me: user.about_me,
    follower_count: user.follower_count,
    following_count: user.following_count,
    contests_count: played.contests,
    mobile_approved: mobileApproved,
    pancard_approved: pancardApproved,
    pancard_status: user.pancard_status,
    account_approved: mobileApproved && pancardApproved,
    is_current_user_allowed_to_redeem: kyc.is_current_user_allowed_to_redeem,
    dob: user.dob,
    interests: JSON.parse(user.interests) as string[],
    bhim_upi: kyc.bhim_upi,
    bank_details: kyc.bank_details,
    game_accounts: await gameAccountsOf(db, user.id),
    created_at_in_millis: Number(user.created_at_ms),
  }
}

export type MeJson = Awaited<ReturnType<typeof serializeMe>>

/** Contests joined (each once, however many teams entered it; cancelled ones too) and teams built. */
async function playedCounts(db: Executor, userId: number): Promise<{ contests: number; teams: number }> {
  const [contests, teams] = await Promise.all([
    db
      .selectFrom('contest_members')
      .select((eb) => eb.fn.count<number>('contest_id').distinct().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_teams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ])
  return { contests: Number(contests.n), teams: Number(teams.n) }
}

/** How far the user got through sign-up: drives the web client's onboarding steps. */
function profileStatus(user: UserRow): 'new' | 'interests_chosen' | 'complete' {
  const interests = JSON.parse(user.interests) as string[]
  if (user.avatar_id !== null || user.image_url) return 'complete'
  return interests.length > 0 ? 'interests_chosen' : 'new'
}

/** What anyone may see of another user. */
export async function serializePublicUser(db: Executor, user: UserRow, viewerId: number | null) {
  return {
    id: user.id,
    slug: user.slug,
    username: user.username,
    display_name: user.full_name || user.username,
    full_name: user.full_name,
    team_name: user.team_name,
    image: await imageFor(db, user),
    about_me: user.about_me,
    ...cricketLevel(user.xp_points),
    follower_count: user.follower_count,
    following_count: user.following_count,
    ...(await ratingSummary(db, user.id)),
    is_current_user_following:
      viewerId !== null && viewerId !== user.id ? await isFollowing(db, viewerId, user.id) : false,
    created_at_in_millis: Number(user.created_at_ms),
  }
}

export async function requireUser(db: Executor, id: number): Promise<UserRow> {
  const user = await findUserById(db, id)
  if (!user) throw notFound('User')
  return user
}

export interface UpdateMeInput {
  full_name?: string | null
  team_name?: string
  username?: string
  dob?: string | null
  about_me?: string | null
  avatar_id?: number | null
  interests?: string[]
  current_password?: string
  password?: string
}

/** Profile and settings changes; every problem is reported at once and nothing is saved on error. */
export async function updateMe(deps: Deps, userId: number, input: UpdateMeInput): Promise<UserRow> {
  const user = await requireUser(deps.db, userId)
  const errors: FieldErrors = {}
  if (input.username !== undefined && usernameKey(input.username) !== user.username_key) {
    const taken = await findUserByUsername(deps.db, input.username)
    if (taken && taken.id !== user.id) errors.username = ['has already been taken']
  }
  if (input.dob) {
    const problem = dobProblem(input.dob, deps.clock.now())
    if (problem) errors.dob = [problem]
  }
  if (input.avatar_id !== undefined && input.avatar_id !== null) {
    const avatar = await deps.db
      .selectFrom('avatars')
      .select('id')
      .where('id', '=', input.avatar_id)
      .executeTakeFirst()
    if (!avatar) errors.avatar_id = ['is not a known avatar']
  }
  if (input.interests) {
    const known = new Set((await deps.db.selectFrom('sports').select('slug').execute()).map((s) => s.slug))
    const unknown = input.interests.filter((slug) => !known.has(slug))
    if (unknown.length > 0) errors.interests = [`has unknown sports: ${unknown.join(', ')}`]
  }
  let passwordHash: string | undefined
  if (input.password !== undefined) {
    if (!input.current_password) errors.current_password = ['is required to change the password']
    else if (!(await verifyPassword(user.password_hash, input.current_password)))
      errors.current_password = ['is incorrect']
  } else if (input.current_password !== undefined) {
    errors.password = ['is required']
  }
  if (Object.keys(errors).length > 0) throw invalid(errors)
  if (input.password) passwordHash = await hashPassword(input.password)

  try {
    return await withTx(deps, async (tx) => {
      const changes: Record<string, unknown> = { updated_at_ms: deps.clock.now() }
      if (input.full_name !== undefined) changes.full_name = input.full_name?.trim() || null
      if (input.team_name !== undefined) changes.team_name = input.team_name.trim()
      if (input.username !== undefined) {
        changes.username = input.username.trim()
        changes.username_key = usernameKey(input.username)
      }
      if (input.dob !== undefined) changes.dob = input.dob || null
      if (input.about_me !== undefined) changes.about_me = input.about_me?.trim() || null
      if (input.avatar_id !== undefined) changes.avatar_id = input.avatar_id
      if (input.interests !== undefined) changes.interests = JSON.stringify([...new Set(input.interests)])
      if (passwordHash) changes.password_hash = passwordHash
      return tx
        .updateTable('users')
        .set(changes)
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  } catch (error) {
    if (isUniqueViolation(error, 'username')) throw invalid({ username: ['has already been taken'] })
    throw error
  }
}

/** People to follow: the most followed accounts the viewer does not follow yet. */
export async function suggestedUsers(
  db: Executor,
  viewerId: number | null,
  limit: number,
): Promise<UserRow[]> {
  let q = db
    .selectFrom('users as u')
    .selectAll('u')
    .where('u.status', '=', 'active')
    .where('u.role', '=', 'player')
    .orderBy('u.follower_count', 'desc')
    .orderBy('u.id')
    .limit(limit)
  if (viewerId !== null) {
    q = q
      .where('u.id', '!=', viewerId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('follows as mine')
              .select('mine.followee_id')
              .whereRef('mine.followee_id', '=', 'u.id')
              .where('mine.follower_id', '=', viewerId),
          ),
        ),
      )
  }
  return q.execute()
}
