import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { EmptyState, Loading, Tabs } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ArrowRightIcon } from '../../components/Icons'
import ui from '../../components/ui.module.css'
import { usePageTitle } from '../../lib/page-title'
import { useSignedIn } from '../../lib/use-session'
import { FollowMatch } from '../matches'
import { gamesQuery, homeQuery } from './api'
import { ContestCard } from './ContestCard'
import { CreateAndCodeBar } from './EnterCode'
import styles from './home.module.css'
import { useJoinFlow, useJoinFromAddress } from './JoinFlow'
import { LiveContestCounts, openMatchIds } from './live-counts'
import { MatchCard } from './MatchCard'
import type { Home } from './types'

/** Signed out there is no /cable: the page is read again this often instead. */
const POLL_SIGNED_OUT_MS = 15_000

/**
 * `/contests`, the home page: sport tabs, live and upcoming matches, featured contests, banners.
 * Every match on it is followed live (its score, and its start and end move it between the
 * lists); countdowns and entry buttons run on the server's clock.
 */
export function ContestsHomePage() {
  usePageTitle('Contests')
  const [search, setSearch] = useSearchParams()
  const sport = search.get('sport')
  const signedIn = useSignedIn()
  const games = useQuery(gamesQuery)
  const home = useQuery({ ...homeQuery(sport), refetchInterval: signedIn ? false : POLL_SIGNED_OUT_MS })
  const followed = signedIn
    ? [...(home.data?.live_matches ?? []), ...(home.data?.matches ?? [])].map((m) => m.id)
    : []
  const join = useJoinFlow()
  useJoinFromAddress(join.start)

  return (
    <div data-testid="contests-home">
      <h1 className={ui.visuallyHidden}>Contests</h1>
      <Tabs
        label="Sport"
        value={sport ?? 'all'}
        onChange={(value) => setSearch(value === 'all' ? {} : { sport: value }, { replace: true })}
        items={[
          { value: 'all', label: 'All' },
          // The home answer orders the games by the player's interests; /api/games until it is in.
          ...(home.data?.games ?? games.data ?? []).map((g) => ({ value: g.slug, label: g.name })),
        ]}
      />
      {home.isPending ? <Loading /> : null}
      {home.isError ? <Alert>{home.error.message}</Alert> : null}
      {home.data ? (
        <>
          <HomeNav data={home.data} />
          <CreateAndCodeBar />
          <MatchLists data={home.data} />
          <FeaturedContests data={home.data} join={join} />
        </>
      ) : null}
      {[...new Set(followed)].map((matchId) => (
        <FollowMatch key={matchId} id={matchId} />
      ))}
      {join.dialogs}
    </div>
  )
}

/** The featured contests, each joinable here. */
function FeaturedContests({ data, join }: { data: Home; join: ReturnType<typeof useJoinFlow> }) {
  return (
    <>
      {data.contests.length > 0 ? (
        <section>
          <h2 className={styles.sectionTitle}>
            Featured contests
            <Link to="/popular/contests" className={styles.more}>
              See all <ArrowRightIcon width={14} height={14} />
            </Link>
          </h2>
          <div className={styles.contestGrid}>
            {data.contests.map((c) => (
              <ContestCard key={c.id} contest={c} showMatch onJoin={join.start} busy={join.busyId === c.id} />
            ))}
          </div>
          <LiveContestCounts matchIds={openMatchIds(data.contests)} />
        </section>
      ) : null}
    </>
  )
}

/** Live matches (when any) and the upcoming ones. */
function MatchLists({ data }: { data: Home }) {
  return (
    <>
      {data.live_matches.length > 0 ? (
        <section>
          <h2 className={styles.sectionTitle}>
            <span className={styles.liveDot} aria-hidden="true" /> Live now
          </h2>
          <div className={styles.matchGrid}>
            {data.live_matches.map((m) => (
              <MatchCard key={m.id} match={m} />
            ))}
          </div>
        </section>
      ) : null}
      <section>
        <h2 className={styles.sectionTitle}>Upcoming matches</h2>
        {data.matches.length === 0 ? (
          <EmptyState title="No upcoming matches">New fixtures appear here as they are scheduled.</EmptyState>
        ) : (
          <div className={styles.matchGrid} data-testid="upcoming-matches">
            {data.matches.map((m) => (
              <MatchCard key={m.id} match={m} />
            ))}
          </div>
        )}
      </section>
    </>
  )
}

/** The highlights and the contest lists one tap away. */
function HomeNav({ data }: { data: Home }) {
  return (
    <>
      {data.new_banners.length > 0 ? (
        <nav className={styles.banners} aria-label="Highlights">
          {data.new_banners.map((b, i) => (
            <Link key={b.id} to={b.link} className={`${styles.banner} ${styles[`banner${i % 3}`] ?? ''}`}>
              <strong>{b.title}</strong>
              <span>{b.text}</span>
            </Link>
          ))}
        </nav>
      ) : null}
      <nav className={styles.quick} aria-label="Contest lists">
        <Link to="/popular/contests">Popular</Link>
        <Link to="/cricket/contests">Cricket</Link>
        <Link to="/pubg/contests">PUBG</Link>
        <Link to="/my-contests">
          My Contests{data.my_contests_count ? ` (${data.my_contests_count})` : ''}
        </Link>
      </nav>
    </>
  )
}
