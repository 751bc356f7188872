import type { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { type ContestSchema, contestsJson } from '../contests'
import { type DiscoverType, discoverContests } from './discover'
import { feedResults } from './feed-results'
import { feedPostIds, type OlderPage, popularPostIds, postInstant } from './queries'
import type { FeedItem } from './schemas'
import { postRowsByIds, postsJson } from './views'

const itemMs = (item: FeedItem) =>
  'post' in item ? item.post.created_at_in_millis : item.result.settled_at_in_millis

/**
 * A page of a player's feed: posts and contest shares, and the prizes won (`contest_result`)
 * settled within the time span of that page of posts.
 */
export async function feedPage(deps: Deps, meId: number, q: OlderPage) {
  const ids = await feedPostIds(deps.db, meId, q)
  const posts = await postsJson(deps.db, await postRowsByIds(deps.db, ids), meId)
  const more = ids.length === q.per_page
  const results = await feedResults(deps.db, meId, {
    fromMs: more ? (posts.at(-1)?.created_at_in_millis ?? null) : null,
    toMs: q.before_id === undefined ? null : await postInstant(deps.db, q.before_id),
  })
  const items: FeedItem[] = [
    ...posts.map((post) => ({
      kind: post.contest ? ('contest_share' as const) : ('post' as const),
      post,
    })),
    ...results.map((result) => ({ kind: 'contest_result' as const, result })),
  ]
  // Newest first; a result settled in the same instant as a post comes after it.
  items.sort((a, b) => itemMs(b) - itemMs(a))
  return { items, next_before_id: more ? (ids.at(-1) ?? null) : null }
}

type Viewer = { id: number; slug: string } | null

/** Public contests to discover, of one kind. */
export async function discoverList(
  deps: Deps,
  type: DiscoverType,
  viewer: Viewer,
  page: { limit: number; offset: number },
) {
  const rows = await discoverContests(deps.db, type, viewer?.id ?? null, page)
  return (await contestsJson(deps, rows, viewer)) as Array<z.infer<typeof ContestSchema>>
}

const WEEK_MS = 7 * 24 * 3600_000

/** The discover page: five contests of each kind, and the week's most liked public posts. */
export async function discoverPage(deps: Deps, viewer: Viewer) {
  const list = (type: DiscoverType) => discoverList(deps, type, viewer, { limit: 5, offset: 0 })
  const popular = await popularPostIds(deps.db, deps.clock.now() - WEEK_MS)
  const posts = await postsJson(deps.db, await postRowsByIds(deps.db, popular), viewer?.id ?? null)
  return {
    trending: await list('trending'),
    new: await list('new'),
    big_prizes: await list('big_prizes'),
    posts,
  }
}
