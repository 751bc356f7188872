import type { UserRow } from '../../db/schema'
import type { AfterCommit, Executor, Tx } from '../../db/tx'
import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { invalid } from '../../http/errors'
import type { Page } from '../../http/paging'
import { notify } from '../notifications'

/**
 * Follow and unfollow. The counts on `users` change in the same transaction as the follow row
 * and only when the row really appeared or went (insert … on conflict do nothing, delete and
 * look at the row count), as `count = count ± 1` in the database: two requests at once can
 * never both count, and a repeated request changes nothing (docs/social.md).
 */
export async function follow(deps: Deps, followerId: number, followee: UserRow): Promise<void> {
  if (followee.id === followerId) throw invalid({ user: ['cannot follow yourself'] })
  await withTx(deps, async (tx, after) => {
    const now = deps.clock.now()
    const inserted = await tx
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followee.id, created_at_ms: now })
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return
    await bumpCounts(tx, followerId, followee.id, 1)
    await publishCounts(tx, after, [followerId, followee.id])
    const follower = await tx
      .selectFrom('users')
      .select(['username', 'slug'])
      .where('id', '=', followerId)
      .executeTakeFirstOrThrow()
    await notify(
      tx,
      after,
      followee.id,
      {
        kind: 'follow',
        body: `${follower.username} started following you`,
        data: { user_slug: follower.slug },
      },
      now,
    )
  })
}

export async function unfollow(deps: Deps, followerId: number, followee: UserRow): Promise<void> {
  await withTx(deps, async (tx, after) => {
    const deleted = await tx
      .deleteFrom('follows')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followee.id)
      .executeTakeFirst()
    if (Number(deleted.numDeletedRows) === 0) return
    await bumpCounts(tx, followerId, followee.id, -1)
    await publishCounts(tx, after, [followerId, followee.id])
  })
}

/** The stream ProfileChannel follows for one user (server/cable/channels/profile.ts). */
export const profileStream = (userId: number) => `profile:${userId}`

/** The users' new counts, to anyone viewing their profiles, once the change commits. */
async function publishCounts(tx: Tx, after: AfterCommit, userIds: number[]) {
  const rows = await tx
    .selectFrom('users')
    .select(['id', 'slug', 'follower_count', 'following_count'])
    .where('id', 'in', userIds)
    .execute()
  for (const r of rows)
    after.publish(profileStream(r.id), {
      type: 'counts',
      user_slug: r.slug,
      follower_count: r.follower_count,
      following_count: r.following_count,
    })
}

/**
 * Both users' counters, lower id first: two people following each other at once then lock
 * the two rows in the same order and cannot deadlock on PostgreSQL.
 */
async function bumpCounts(tx: Tx, followerId: number, followeeId: number, by: 1 | -1) {
  const changes = [
    { id: followerId, column: 'following_count' as const },
    { id: followeeId, column: 'follower_count' as const },
  ].sort((a, b) => a.id - b.id)
  for (const { id, column } of changes) {
    await tx
      .updateTable('users')
      .set((eb) => ({ [column]: eb(column, '+', by) }))
      .where('id', '=', id)
      .execute()
  }
}

/** One page of a user's followers (`side = 'followers'`) or of whom they follow, newest first. */
export async function followList(
  db: Executor,
  userId: number,
  side: 'followers' | 'followings',
  page: Page,
): Promise<{ users: UserRow[]; total: number }> {
  const [mine, theirs] =
    side === 'followers'
      ? (['followee_id', 'follower_id'] as const)
      : (['follower_id', 'followee_id'] as const)
  const users = await db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', `f.${theirs}`)
    .selectAll('u')
    .where(`f.${mine}`, '=', userId)
    .where('u.status', '!=', 'disabled')
    .orderBy('f.created_at_ms', 'desc')
    .orderBy('u.id', 'desc')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  const total = await db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', `f.${theirs}`)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(`f.${mine}`, '=', userId)
    .where('u.status', '!=', 'disabled')
    .executeTakeFirstOrThrow()
  return { users, total: Number(total.n) }
}
