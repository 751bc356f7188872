import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { EmptyState, Loading, PageHead, Tabs } from '../../components/Common'
import { Alert } from '../../components/Field'
import { LoadMoreButton } from '../../components/LoadMore'
import { useSignedIn } from '../../lib/use-session'
import type { Contest } from '../contests'
import { ContestCard, LiveContestCounts, openMatchIds, useJoinFlow } from '../contests'
import {
  type DiscoverType,
  discoverContestsQuery,
  discoverQuery,
  PostCard,
  postsStyles as styles,
  TopicsLive,
} from '../posts'

const TYPES: Array<{ value: DiscoverType; label: string }> = [
  { value: 'trending', label: 'Trending' },
  { value: 'new', label: 'New' },
  { value: 'big_prizes', label: 'Big prizes' },
  { value: 'friends', label: 'Friends' },
]

/** `/discover`: the top of three contest lists and this week's most liked posts. */
export function DiscoverPage() {
  const discover = useQuery(discoverQuery)
  const join = useJoinFlow()
  const signedIn = useSignedIn()
  return (
    <div data-testid="discover-page">
      <PageHead
        title="Discover"
        subtitle="Contests worth a look and what people are talking about"
        actions={
          <Link to="/discover/search" className={styles.searchLink} data-testid="search-link">
            Search players, contests, series
          </Link>
        }
      />
      {discover.isPending ? (
        <Loading />
      ) : discover.isError ? (
        <Alert>{discover.error.message}</Alert>
      ) : (
        <div className={styles.columns}>
          <main className={styles.mainColumn}>
            {(['trending', 'new', 'big_prizes'] as const).map((type) => (
              <ContestShelf
                key={type}
                type={type}
                contests={discover.data[type]}
                onJoin={join.start}
                busyId={join.busyId}
              />
            ))}
            <LiveContestCounts
              matchIds={openMatchIds([
                ...discover.data.trending,
                ...discover.data.new,
                ...discover.data.big_prizes,
              ])}
            />
          </main>
          <aside className={styles.sideColumn} data-testid="popular-posts">
            <h2 className={styles.section}>Popular this week</h2>
            {discover.data.posts.length === 0 ? (
              <p className={styles.hint}>No posts this week yet.</p>
            ) : (
              <div className={styles.list}>
                {discover.data.posts.map((p) => (
                  <PostCard key={p.id} post={p} compact />
                ))}
              </div>
            )}
            {/* Likes, comments, edits and removals of these posts, live (/cable needs a player). */}
            {signedIn && discover.data.posts.length > 0 && <TopicsLive posts={discover.data.posts} />}
          </aside>
        </div>
      )}
      {join.dialogs}
    </div>
  )
}

function ContestShelf({
  type,
  contests,
  onJoin,
  busyId,
}: {
  type: DiscoverType
  contests: Contest[]
  onJoin: (c: Contest) => void
  busyId: number | null
}) {
  const label = TYPES.find((t) => t.value === type)?.label ?? type
  return (
    <section className={styles.shelf} data-testid={`shelf-${type}`}>
      <div className={styles.shelfHead}>
        <h2 className={styles.section}>{label}</h2>
        <Link to={`/discover/contests?type=${type}`}>See all</Link>
      </div>
      {contests.length === 0 ? (
        <p className={styles.hint}>No open contests here right now.</p>
      ) : (
        <div className={styles.list}>
          {contests.map((c) => (
            <ContestCard key={c.id} contest={c} onJoin={onJoin} busy={busyId === c.id} showMatch />
          ))}
        </div>
      )}
    </section>
  )
}

/** `/discover/contests?type=trending|new|big_prizes|friends`: one list, in tabs, 20 at a time. */
export function DiscoverContestsPage() {
  const [params, setParams] = useSearchParams()
  const signedIn = useSignedIn()
  const raw = params.get('type')
  const type: DiscoverType = TYPES.some((t) => t.value === raw) ? (raw as DiscoverType) : 'trending'
  const list = useInfiniteQuery(discoverContestsQuery(type))
  const join = useJoinFlow()
  const contests = list.data?.pages.flatMap((p) => p.contests) ?? []
  return (
    <div data-testid="discover-contests">
      <PageHead title="Discover contests" subtitle={<Link to="/discover">Back to discover</Link>} />
      <Tabs
        label="Contest lists"
        items={TYPES}
        value={type}
        onChange={(next) => setParams({ type: next }, { replace: true })}
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : contests.length === 0 ? (
        <EmptyState title="No contests here">
          {type === 'friends' && !signedIn
            ? 'Sign in to see the contests of people you follow.'
            : type === 'friends'
              ? 'People you follow have no open contests right now.'
              : 'No public contest is open right now.'}
        </EmptyState>
      ) : (
        <div className={`${styles.list} ${styles.grid}`}>
          {contests.map((c) => (
            <ContestCard key={c.id} contest={c} onJoin={join.start} busy={join.busyId === c.id} showMatch />
          ))}
        </div>
      )}
      <LoadMoreButton pages={list} />
      <LiveContestCounts matchIds={openMatchIds(contests)} />
      {join.dialogs}
    </div>
  )
}
