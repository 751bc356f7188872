import type { Deps } from '../../core/deps'
import { type Executor, withTx } from '../../db/tx'
import { invalid, notFound } from '../../http/errors'
import { type Page, pageMeta } from '../../http/paging'
import { userBalances, walletJson } from '../ledger'
import { announce } from '../notifications'
import { findUserByEmail, findUserById, findUserBySlug, findUserByUsername } from '../users'
import { usersPage } from './queries'

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>

/** An account as admins see it: identity, state and the three wallet balances. */
async function adminUserJson(deps: Deps, u: UserRow) {
  return {
    id: u.id,
    slug: u.slug,
    username: u.username,
    email: u.email,
    full_name: u.full_name,
    role: u.role,
    status: u.status,
    email_verified: u.email_verified_at_ms !== null,
    ...walletJson(await userBalances(deps.db, u.id)),
    created_at_in_millis: Number(u.created_at_ms),
  }
}

export async function adminUsers(deps: Deps, filter: { q?: string; role?: 'player' | 'admin' }, page: Page) {
  const { rows, total } = await usersPage(deps.db, filter, page)
  const users = await Promise.all(rows.map((u) => adminUserJson(deps, u)))
  return { users, meta: pageMeta(page, total) }
}

/** One account by id (digits), e-mail address (contains @), slug or username, in that order of checks; 404 if none. */
export async function userByRef(db: Executor, typed: string) {
  const ref = typed.trim()
  const user = /^\d+$/.test(ref)
    ? await findUserById(db, Number(ref))
    : ref.includes('@')
      ? await findUserByEmail(db, ref)
      : ((await findUserBySlug(db, ref)) ?? (await findUserByUsername(db, ref)))
  if (!user) throw notFound('User')
  return user
}

export async function adminUser(deps: Deps, typed: string) {
  return adminUserJson(deps, await userByRef(deps.db, typed))
}

/** Notifies one user, named by exactly one of id, e-mail or slug. */
export async function notifyUser(
  deps: Deps,
  to: { user_id?: number; email?: string; slug?: string },
  message: { kind: string; body: string },
) {
  const named = [to.user_id, to.email, to.slug].filter((v) => v !== undefined)
  if (named.length !== 1)
    throw invalid({ base: ['name the user with exactly one of user_id, email or slug'] })
  const user =
    to.user_id !== undefined
      ? await findUserById(deps.db, to.user_id)
      : to.email !== undefined
        ? await findUserByEmail(deps.db, to.email)
        : await findUserBySlug(deps.db, to.slug as string)
  if (!user) throw notFound('User')
  return withTx(deps, (tx, after) => announce(tx, after, user.id, message, deps.clock.now()))
}
