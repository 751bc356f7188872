import { z } from '@hono/zod-openapi'
import { type Param, prepared } from '../../db/prepared'
import type { Executor } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'

/**
 * Contest results in the feed (docs/social.md, "Feeds and discover"): a prize won by someone I
 * follow, or by me, in a daily contest that has settled. They are read from the settled member
 * rows, not written as posts: a mega contest settles 300k winners at once, and the feed needs
 * only the few that the reader follows.
 *
 * The feed is paged by post id; results ride along by time. A page of posts covers the
 * instants from its last post's (inclusive) up to the `before_id` post's (exclusive; no bound
 * on the first page), and carries the results settled in that span. The last page has no
 * lower bound. So every result appears on exactly one page, in time order with the posts.
 */

/** A reader who follows many winners still gets a bounded page. */
export const RESULTS_PER_PAGE = 50

export const FeedResultSchema = z
  .object({
    user: z.object({
      id: z.number().int(),
      slug: z.string(),
      username: z.string(),
      image_url: z.string().nullable(),
    }),
    contest: z.object({ id: z.number().int(), name: z.string(), match_title: z.string() }),
    rank: z.number().int().openapi({ description: 'The best rank of the user’s teams in it' }),
    members_count: z.number().int(),
    winnings: z.number().openapi({ description: 'Rupees won in it, all the user’s teams together' }),
    settled_at_in_millis: z.number().int(),
  })
  .openapi('FeedResult')

export type FeedResult = z.infer<typeof FeedResultSchema>

export interface TimeSpan {
  /** Inclusive; null: no lower bound (the feed's last page). */
  fromMs: number | null
  /** Exclusive; null: no upper bound (the feed's first page). */
  toMs: number | null
}

/** A span's open ends as bounds every settlement time lies within: one compiled query for every page. */
const EARLIEST_MS = 0
const LATEST_MS = Number.MAX_SAFE_INTEGER

const resultsIn = prepared((db, $: Param<{ meId: number; fromMs: number; toMs: number }>) =>
  db
    .selectFrom('contest_members as m')
    .innerJoin('contests as c', 'c.id', 'm.contest_id')
    .innerJoin('matches as mt', 'mt.id', 'c.match_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('avatars as av', 'av.id', 'u.avatar_id')
    .select((eb) => [
      'm.user_id',
      'u.slug',
      'u.username',
      eb.fn.coalesce('u.image_url', 'av.url').as('image_url'),
      'c.id as contest_id',
      'c.name as contest_name',
      'c.members_count',
      'c.settled_at_ms',
      'mt.title as match_title',
      eb.fn.min('m.rank').as('rank'),
      eb.fn.sum<number>('m.prize_paise').as('prize_paise'),
    ])
    .where('c.status', '=', 'completed')
    .where('c.settled_at_ms', 'is not', null)
    .where('m.prize_paise', '>', 0)
    .where((eb) =>
      eb.or([
        eb('m.user_id', '=', $('meId')),
        eb(
          'm.user_id',
          'in',
          eb.selectFrom('follows').select('followee_id').where('follower_id', '=', $('meId')),
        ),
      ]),
    )
    // A private contest's result is its winner's own business, as its posts are.
    .where((eb) => eb.or([eb('c.is_private', '=', 0), eb('m.user_id', '=', $('meId'))]))
    .groupBy([
      'm.user_id',
      'u.slug',
      'u.username',
      'u.image_url',
      'av.url',
      'c.id',
      'c.name',
      'c.members_count',
      'c.settled_at_ms',
      'mt.title',
    ])
    .orderBy('c.settled_at_ms', 'desc')
    .orderBy('c.id', 'desc')
    .orderBy('m.user_id')
    .where('c.settled_at_ms', '>=', $('fromMs'))
    .where('c.settled_at_ms', '<', $('toMs'))
    .limit(RESULTS_PER_PAGE),
)

export async function feedResults(db: Executor, meId: number, span: TimeSpan): Promise<FeedResult[]> {
  const rows = await resultsIn(db, {
    meId,
    fromMs: span.fromMs ?? EARLIEST_MS,
    toMs: span.toMs ?? LATEST_MS,
  })
  return rows.map((r) => ({
    user: { id: r.user_id, slug: r.slug, username: r.username, image_url: r.image_url },
    contest: { id: r.contest_id, name: r.contest_name, match_title: r.match_title },
    rank: Number(r.rank),
    members_count: Number(r.members_count),
    winnings: paiseToRupees(Number(r.prize_paise)),
    settled_at_in_millis: Number(r.settled_at_ms),
  }))
}
