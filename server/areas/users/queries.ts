import { hasRow, rowWhere } from '../../db/query'
import type { UserRow } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { normaliseEmail, usernameKey } from '../../domain/user-rules'

/**
 * A user as lists show them beside their rows (`u` the users table, `a` their chosen avatar):
 * the names, and both pictures for `imageFor` (an uploaded one first).
 */
export const USER_CARD_FIELDS = [
  'u.slug',
  'u.username',
  'u.full_name',
  'u.team_name',
  'u.image_url',
  'a.url as avatar_url',
] as const

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findUserBySlug(db: Executor, slug: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('slug', '=', slug.toLowerCase()).executeTakeFirst()
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst()
}

export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return rowWhere(db, 'users', { username_key: usernameKey(username) })
}

/** A login is an e-mail address or a username. */
export function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  return login.includes('@') ? findUserByEmail(db, login) : findUserByUsername(db, login)
}

export function findUserByReference(db: Executor, reference: string): Promise<UserRow | undefined> {
  return rowWhere(db, 'users', { reference: reference.trim().toUpperCase() })
}

export async function isFollowing(db: Executor, followerId: number, followeeId: number): Promise<boolean> {
  return hasRow(db, 'follows', { follower_id: followerId, followee_id: followeeId })
}

export function avatarUrl(db: Executor, avatarId: number) {
  return db.selectFrom('avatars').select(['id', 'url']).where('id', '=', avatarId).executeTakeFirst()
}
