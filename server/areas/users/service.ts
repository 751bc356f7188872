import { isUniqueViolation } from '../../db/errors'
import type { Role, UserRow, UserStatus } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { cricketLevel } from '../../domain/levels'
import { hashString } from '../../domain/rng'
import { normaliseEmail, usernameKey } from '../../domain/user-rules'
import { type FieldErrors, invalid, notFound } from '../../http/errors'
import { createUserAccounts } from '../ledger'
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

/**
 * The same account inserted twice at once (both passed the uniqueness check): the unique
 * columns decide, and the loser gets the 422 of a taken name. The slug is the username's, so
 * a clash on it (which PostgreSQL may report first) is the username's too.
 */
export function takenError(error: unknown): unknown {
  if (isUniqueViolation(error, 'email')) return invalid({ email: ['has already been taken'] })
  if (isUniqueViolation(error, 'username') || isUniqueViolation(error, 'slug'))
    return invalid({ username: ['has already been taken'] })
  return error
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
