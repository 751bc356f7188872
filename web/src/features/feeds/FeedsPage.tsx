import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { LoadMoreButton } from '../../components/LoadMore'
import { useMe } from '../../lib/me'
import {
  discoverQuery,
  type FeedItem,
  feedArrivalsKey,
  notificationsLiveKey,
  type Post,
  PostCard,
  postsStyles as styles,
  TopicsLive,
  wallPostsQuery,
} from '../posts'
import { feedQuery } from './api'
import { ResultCard } from './ResultCard'

/**
 * `/feeds`: posts, contest shares and prizes won of the people I follow and mine, newest first, older
 * pages by `before_id`. New posts announced over NotificationsChannel (`feed_item`) show as
 * "N new posts" above the list (nothing moves under the reader's finger); a click loads them.
 * On a laptop a side column shows this week's popular posts and my own latest post: the same
 * post can be in all three, and a like moves all three. Every post shown follows its topic
 * (TopicsLive): likes, comments, edits and deletions made anywhere show without a reload.
 */
export function FeedsPage() {
  const client = useQueryClient()
  const feed = useInfiniteQuery(feedQuery)
  const arrivals = useQuery({
    queryKey: feedArrivalsKey,
    queryFn: () => client.getQueryData<number[]>(feedArrivalsKey) ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  })
  const live = useQuery({
    queryKey: notificationsLiveKey,
    queryFn: () => client.getQueryData<boolean>(notificationsLiveKey) ?? false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const items = feed.data?.pages.flatMap((p) => p.items) ?? []
  const feedPosts = items.flatMap((i) => ('post' in i ? [i.post] : []))
  const postIds = feedPosts.map((p) => p.id)
  const loaded = new Set(postIds)
  const newest = postIds[0] ?? 0
  const fresh = (arrivals.data ?? []).filter((id) => !loaded.has(id) && id > newest).length
  const loadNew = () => {
    client.setQueryData(feedArrivalsKey, [])
    // From the top again: the new posts are on the first page; older pages come back on demand.
    void client.resetQueries({ queryKey: feedQuery.queryKey, exact: true })
  }
  return (
    <div data-testid="feeds-page" data-live={live.data || undefined}>
      <PageHead
        title="Feed"
        subtitle="Posts and prizes won by people you follow, and yours"
        actions={
          <ButtonLink to="/contests/create/create-a-post" small data-testid="new-post">
            Write a post
          </ButtonLink>
        }
      />
      <div className={styles.columns}>
        <main className={styles.mainColumn}>
          <div className={styles.newBarSlot} aria-live="polite">
            {fresh > 0 ? (
              <button type="button" className={styles.newBar} onClick={loadNew} data-testid="new-posts-bar">
                {fresh} new post{fresh === 1 ? '' : 's'} · show
              </button>
            ) : null}
          </div>
          {feed.isPending ? (
            <Loading />
          ) : feed.isError ? (
            <Alert>{feed.error.message}</Alert>
          ) : items.length === 0 ? (
            <EmptyState title="Your feed is empty">
              Follow players from <Link to="/users/suggestions">suggestions</Link> or{' '}
              <Link to="/discover">discover</Link>, or write the first post.
            </EmptyState>
          ) : (
            <FeedList items={items} feed={feed} />
          )}
        </main>
        <aside className={styles.sideColumn}>
          <Popular />
          <MyLatest />
        </aside>
      </div>
      <PageTopicsLive feedPosts={feedPosts} />
    </div>
  )
}

/** One subscription per topic of every post on the page (the side column's too): a topic followed twice would be heard once. */
function PageTopicsLive({ feedPosts }: { feedPosts: Post[] }) {
  const me = useMe()
  const discover = useQuery(discoverQuery)
  const wall = useInfiniteQuery({ ...wallPostsQuery(me.data?.slug ?? ''), enabled: Boolean(me.data) })
  const latest = wall.data?.pages[0]?.posts[0]
  const side = [...(discover.data?.posts.slice(0, 5) ?? []), ...(latest ? [latest] : [])]
  return <TopicsLive posts={[...feedPosts, ...side]} />
}

/** The feed's items, newest first: posts (contest shares labelled) and prizes won; then more, or the end. */
function FeedList({
  items,
  feed,
}: {
  items: FeedItem[]
  feed: Parameters<typeof LoadMoreButton>[0]['pages']
}) {
  return (
    <div className={styles.list} data-testid="feed-list">
      {items.map((item) =>
        'post' in item ? (
          <PostCard
            key={item.post.id}
            post={item.post}
            label={item.kind === 'contest_share' ? 'Contest share' : undefined}
          />
        ) : (
          <ResultCard key={`r${item.result.contest.id}:${item.result.user.id}`} result={item.result} />
        ),
      )}
      {feed.hasNextPage ? <LoadMoreButton pages={feed} /> : <p className={styles.hint}>That’s everything.</p>}
    </div>
  )
}

function Popular() {
  const discover = useQuery(discoverQuery)
  const posts = discover.data?.posts.slice(0, 5) ?? []
  return (
    <section data-testid="popular-posts">
      <h2 className={styles.section}>Popular this week</h2>
      {discover.isPending ? (
        <Loading />
      ) : discover.isError ? (
        <Alert>{discover.error.message}</Alert>
      ) : posts.length === 0 ? (
        <p className={styles.hint}>Nothing popular yet.</p>
      ) : (
        <div className={styles.list}>
          {posts.map((p) => (
            <PostCard key={p.id} post={p} compact />
          ))}
        </div>
      )}
    </section>
  )
}

function MyLatest() {
  const me = useMe()
  const wall = useInfiniteQuery({ ...wallPostsQuery(me.data?.slug ?? ''), enabled: Boolean(me.data) })
  const latest = wall.data?.pages[0]?.posts[0]
  return (
    <section data-testid="my-latest">
      <h2 className={styles.section}>Your latest post</h2>
      {!me.data || wall.isPending ? (
        <Loading />
      ) : wall.isError ? (
        <Alert>{wall.error.message}</Alert>
      ) : latest ? (
        <PostCard post={latest} compact />
      ) : (
        <p className={styles.hint}>
          You haven’t posted yet. <Link to="/contests/create/create-a-post">Write one</Link>.
        </p>
      )}
    </section>
  )
}
