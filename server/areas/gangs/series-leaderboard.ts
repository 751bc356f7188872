import type { Executor } from '../../db/tx'
import { notFound } from '../../http/errors'
import { type Page, pageMeta } from '../../http/paging'
import { rankUsers, seriesScoresX2 } from './scores'

/**
 * One page of a series leaderboard (daily mode) and the caller's own row: each user's Team 1
 * score summed over the series' completed matches, ranked 1, 2, 2, 4.
 */
export async function seriesLeaderboard(db: Executor, seriesId: number, page: Page, me: number | null) {
  const series = await db.selectFrom('series').select('id').where('id', '=', seriesId).executeTakeFirst()
  if (!series) throw notFound('Series')
  const scores = await seriesScoresX2(db, seriesId, null)
  const ranked = rankUsers([...scores.keys()], scores)
  const slice = ranked.slice(page.offset, page.offset + page.per_page)
  const mine = me === null ? undefined : ranked.find((r) => r.userId === me)
  const wanted = [...new Set([...slice.map((r) => r.userId), ...(mine ? [mine.userId] : [])])]
  const users = wanted.length
    ? await db
        .selectFrom('users as u')
        .leftJoin('avatars as a', 'a.id', 'u.avatar_id')
        .select(['u.id', 'u.team_name', 'u.image_url', 'a.url as avatar_url'])
        .where('u.id', 'in', wanted)
        .execute()
    : []
  const byId = new Map(users.map((u) => [u.id, u]))
  const row = (r: (typeof ranked)[number]) => {
    const u = byId.get(r.userId)
    return {
      id: r.userId,
      total_score: r.scoreX2 / 2,
      rank: r.rank,
      user: { id: r.userId, team_name: u?.team_name ?? null, image: u?.image_url ?? u?.avatar_url ?? null },
    }
  }
  return {
    users_points: slice.map(row),
    current_user_point: mine ? row(mine) : null,
    meta: pageMeta(page, ranked.length),
  }
}
