import type { Deps } from '../../core/deps'
import { isUniqueViolation } from '../../db/errors'
import type { UserRow } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { withTx } from '../../db/tx'
import { cricketLevel } from '../../domain/levels'
import { paiseToRupees } from '../../domain/money'
import { dobProblem, usernameKey } from '../../domain/user-rules'
import { type FieldErrors, invalid } from '../../http/errors'
import { hashPassword, verifyPassword } from '../auth'
import { gameAccountsOf } from '../esports'
import { userBalances, walletJson } from '../ledger'
import { findUserByUsername, imageFor, requireUser } from '../users'
import { kycMeFields, rewardTotals } from '../wallet'

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

/** The avatars a user may pick, in their display order. */
export function listAvatars(db: Executor) {
  return db.selectFrom('avatars').select(['id', 'name', 'url']).orderBy('sort').orderBy('id').execute()
}
