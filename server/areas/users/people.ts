import { sql } from 'kysely'
import type { Deps } from '../../core/deps'
import type { UserRow } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { withTx } from '../../db/tx'
import { invalid } from '../../http/errors'
import type { Page } from '../../http/paging'
import { USER_CARD_FIELDS } from './queries'

/**
 * Users whose username or full name contains `q`, case-insensitively: exact matches first,
 * then those starting with `q`, then the rest; ties by most followed. `%`, `_` and `\` in
 * the query are matched literally.
 */
export async function searchUsers(
  db: Executor,
  q: string,
  page: Page,
): Promise<{ users: UserRow[]; total: number }> {
  const needle = q.trim().toLowerCase()
  const escaped = needle.replace(/[\\%_]/g, (ch) => `\\${ch}`)
  const contains = `%${escaped}%`
  const prefix = `${escaped}%`
  const name = sql<string>`lower(coalesce(u.full_name, ''))`
  const username = sql<string>`lower(u.username)`
  const matches = sql<boolean>`(${username} like ${contains} escape '\\' or ${name} like ${contains} escape '\\')`
  const rank = sql<number>`case
    when ${username} = ${needle} or ${name} = ${needle} then 0
    when ${username} like ${prefix} escape '\\' or ${name} like ${prefix} escape '\\' then 1
    else 2 end`
  const users = await db
    .selectFrom('users as u')
    .selectAll('u')
    .where('u.status', '=', 'active')
    .where(matches)
    .orderBy(rank)
    .orderBy('u.follower_count', 'desc')
    .orderBy('u.id')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  const total = await db
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.status', '=', 'active')
    .where(matches)
    .executeTakeFirstOrThrow()
  return { users, total: Number(total.n) }
}

/** Average (one decimal) and number of ratings a user has received. */
export async function ratingSummary(db: Executor, userId: number) {
  const row = await db
    .selectFrom('user_ratings')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('rating').as('total')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  const n = Number(row.n)
  return { ratings_count: n, average_rating: n === 0 ? null : Math.round((Number(row.total) / n) * 10) / 10 }
}

/**
 * Rates a user 1–5 with an optional review. One rating per rater: rating again edits it
 * (the unique index decides when two arrive at once, the later write wins).
 */
export async function rateUser(
  deps: Deps,
  raterId: number,
  user: UserRow,
  input: { rating: number; review?: string | null },
) {
  if (raterId === user.id) throw invalid({ user: ['cannot rate yourself'] })
  const review = input.review?.trim() || null
  return withTx(deps, async (tx) => {
    const now = deps.clock.now()
    await tx
      .insertInto('user_ratings')
      .values({
        rater_id: raterId,
        user_id: user.id,
        rating: input.rating,
        review,
        created_at_ms: now,
        updated_at_ms: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'rater_id']).doUpdateSet({ rating: input.rating, review, updated_at_ms: now }),
      )
      .execute()
    return tx
      .selectFrom('user_ratings')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('rater_id', '=', raterId)
      .executeTakeFirstOrThrow()
  })
}

/** A user's ratings, latest first, each with its rater. */
export async function ratingsOf(db: Executor, userId: number, page: Page) {
  const rows = await db
    .selectFrom('user_ratings as r')
    .innerJoin('users as u', 'u.id', 'r.rater_id')
    .leftJoin('avatars as a', 'a.id', 'u.avatar_id')
    .select([
      'r.id',
      'r.rating',
      'r.review',
      'r.created_at_ms',
      'r.updated_at_ms',
      'u.id as rater_id',
      ...USER_CARD_FIELDS,
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.updated_at_ms', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    review: r.review,
    created_at_in_millis: Number(r.created_at_ms),
    updated_at_in_millis: Number(r.updated_at_ms),
    rater: {
      id: r.rater_id,
      slug: r.slug,
      username: r.username,
      display_name: r.full_name || r.username,
      image: r.image_url ?? r.avatar_url ?? null,
    },
  }))
}
