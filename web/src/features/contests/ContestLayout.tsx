import { useQuery } from '@tanstack/react-query'
import { NavLink, Outlet, useLocation, useParams } from 'react-router'
import { Loading } from '../../components/Common'
import head from '../../components/detail-head.module.css'
import { Alert } from '../../components/Field'
import { SwapIcon } from '../../components/Icons'
import { usePageTitle } from '../../lib/page-title'
import { useSignedIn } from '../../lib/use-session'
import { LiveBadge, MatchStrip, matchName, matchQuery, ScoreStrip, useMatchLive } from '../matches'
import { ContestLike } from '../posts'
import { contestQuery } from './api'
import { ContestCard } from './ContestCard'
import { type ContestContext, useContest } from './contest-context'
import { useJoinFlow, useJoinFromAddress } from './JoinFlow'
import { LeaderboardTab } from './LeaderboardTab'
import { useContestLive } from './live'
import { OwnerControls, RefundStatusCard } from './OwnerControls'
import { PrizesTab } from './PrizesTab'
import page from './pages.module.css'

/** `/contests/:id` and its tabs: the contest, its match, and info / prizes / members / squads. */
export function ContestLayout() {
  const id = Number(useParams().id)
  const contest = useQuery(contestQuery(id))
  const match = useQuery({ ...matchQuery(contest.data?.match_id ?? 0), enabled: Boolean(contest.data) })
  usePageTitle(contest.data?.name, match.data && matchName(match.data))
  const signedIn = useSignedIn()
  const live = useContestLive(id, signedIn && Boolean(contest.data))
  // The match too: its state and score are in the strip and the badge.
  const over = match.data?.match_status === 'completed' || match.data?.match_status === 'abandoned'
  const matchLive = useMatchLive(contest.data?.match_id ?? 0, signedIn && Boolean(match.data) && !over)
  const join = useJoinFlow()
  useJoinFromAddress(join.start)

  if (contest.isPending || (contest.data && match.isPending)) return <Loading />
  if (contest.isError) return <Alert>{contest.error.message}</Alert>
  if (match.isError) return <Alert>{match.error.message}</Alert>
  if (!match.data) return <Loading />
  const c = withCount(contest.data, live.membersCount)
  const m = match.data
  return (
    <div data-testid="contest-page">
      <MatchStrip match={m} />
      <ScoreStrip matchId={m.id} live={matchLive} />
      <div className={page.toolbar}>
        <h1 className={head.title}>{c.name}</h1>
        <LiveBadge
          status={matchLive.status ?? m.match_status}
          connected={live.connected}
          updates={live.updates + matchLive.updates}
        />
        <ContestLike contest={c} />
      </div>
      <ContestCard contest={c} onJoin={join.start} busy={join.busyId === c.id} />
      <OwnerControls contest={c} />
      <RefundStatusCard contest={c} />
      <ContestTabs id={id} locked={m.locked} joined={c.joined_count > 0} />
      <Outlet context={{ contest: c, match: m, live, join: join.start } satisfies ContestContext} />
      {join.dialogs}
    </div>
  )
}

/** The contest's tabs; the bare `/contests/:id` marks the leaderboard once the match has started, the prizes before. */
function ContestTabs({ id, locked, joined }: { id: number; locked: boolean; joined: boolean }) {
  const onIndex = useLocation().pathname.replace(/\/$/, '') === `/contests/${id}`
  const indexTab = locked ? 'members' : 'prizes'
  const tab = (to: string, label: string) => (
    <NavLink
      to={`/contests/${id}/${to}`}
      end
      className={({ isActive }) => (isActive || (onIndex && to === indexTab) ? page.tabActive : page.tab)}
    >
      {label}
    </NavLink>
  )
  return (
    <nav className={page.tabs} aria-label="Contest">
      {tab('members', 'Leaderboard')}
      {tab('prizes', 'Prizes')}
      {tab('info', 'Info')}
      {tab('squads', 'My Teams')}
      {/* Six tabs do not fit a phone: once Compare joins, Activity is reached from Info there. */}
      <NavLink
        to={`/contests/${id}/activities`}
        className={locked && joined ? `${page.tab} ${page.tabWideOnly}` : page.tab}
        data-testid="activities-link"
      >
        Activity
      </NavLink>
      {locked && joined ? (
        <NavLink to={`/contests/${id}/compare`} className={page.tab} data-testid="compare-link">
          <SwapIcon width={14} height={14} /> Compare
        </NavLink>
      ) : null}
    </nav>
  )
}

/** `/contests/:id` itself: the leaderboard once the match has started, the prizes before. */
export function ContestIndexTab() {
  const { match } = useContest()
  return match.locked ? <LeaderboardTab /> : <PrizesTab />
}

/** The contest with its pushed member count (and so its spots left), when one has come. */
function withCount<C extends { members_count: number; members_limit: number }>(
  c: C,
  pushed: number | null,
): C {
  if (pushed === null) return c
  return { ...c, members_count: pushed, spots_left: Math.max(0, c.members_limit - pushed) }
}
