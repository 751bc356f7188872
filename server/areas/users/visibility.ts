import type { UserRow } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { usernameKey } from '../../domain/user-rules'
import { notFound } from '../../http/errors'

/**
 * Who sees a user profile (docs/visibility.md): everyone sees an active account; a disabled or
 * invited one is, to everyone, as if it did not exist — 404 `User not found` wherever a slug,
 * a username or an id names it (profile, lists, follows, ratings, reports, walls, mentions,
 * group members, squad invites, ProfileChannel).
 */
export const isVisibleUser = (user: Pick<UserRow, 'status'>) => user.status === 'active'

export type UserRef = { slug: string } | { username: string } | { id: number }

async function findUser(db: Executor, ref: UserRef): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll()
  if ('slug' in ref) return query.where('slug', '=', ref.slug.toLowerCase()).executeTakeFirst()
  if ('username' in ref) return query.where('username_key', '=', usernameKey(ref.username)).executeTakeFirst()
  return query.where('id', '=', ref.id).executeTakeFirst()
}

/** The user, if anyone may see them; 404 otherwise. */
export async function visibleUser(db: Executor, ref: UserRef): Promise<UserRow> {
  const user = await findUser(db, ref)
  if (!user || !isVisibleUser(user)) throw notFound('User')
  return user
}

/** The users among `slugs` that anyone may see (each slug once; unknown and hidden ones left out). */
export async function visibleUsersBySlugs(db: Executor, slugs: string[]) {
  const wanted = [...new Set(slugs.map((s) => s.toLowerCase()))]
  if (wanted.length === 0) return []
  return db
    .selectFrom('users')
    .select(['id', 'slug', 'username'])
    .where('slug', 'in', wanted)
    .where('status', '=', 'active')
    .execute()
}

/** The users among `usernameKeys` (already normalised) that anyone may see. */
export async function visibleUsersByUsernameKeys(db: Executor, keys: string[]) {
  if (keys.length === 0) return []
  return db
    .selectFrom('users')
    .select(['id', 'slug', 'username', 'role'])
    .where('username_key', 'in', keys)
    .where('status', '=', 'active')
    .execute()
}
