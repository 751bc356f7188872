import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Fragment, useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { EmptyState, Loading, PageHead, Tabs } from '../../components/Common'
import { Alert } from '../../components/Field'
import { LoadMoreRow } from '../../components/LoadMore'
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format'
import { useServerTimeReached } from '../../lib/use-now'
import { FollowMatch, ScoreStrip } from '../matches'
import { type Contest, type MyContestsType, myContestsQuery, myContestsType } from './api'
import { CreateAndCodeBar } from './EnterCode'
import { useContestLive } from './live'
import { LiveContestCounts, openMatchIds } from './live-counts'
import listStyles from './my-contests.module.css'
import page from './pages.module.css'

const TYPES: Array<{ value: MyContestsType; label: string }> = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'live', label: 'Live' },
  { value: 'finished', label: 'Finished' },
]

/**
 * `/my-contests`: the contests I joined, upcoming / live / finished, with my best rank and
 * prize. A contest changes tab by itself: at its match's start on the server's clock (upcoming
 * → live) and when its match ends (live → finished, followed over /cable).
 */
export function MyContestsPage() {
  const [search, setSearch] = useSearchParams()
  const type = myContestsType(search.get('type'))
  const list = useInfiniteQuery(myContestsQuery(type))
  const contests = list.data?.pages.flatMap((p) => p.my_contests) ?? []
  return (
    <div data-testid="my-contests">
      <PageHead title="My Contests" />
      <CreateAndCodeBar />
      <Tabs
        label="When"
        items={TYPES}
        value={type}
        onChange={(value) => setSearch({ type: value }, { replace: true })}
      />
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data && contests.length === 0 ? (
        <EmptyState
          title={
            type === 'upcoming'
              ? 'No upcoming contests'
              : type === 'live'
                ? 'Nothing live'
                : 'No finished contests'
          }
        >
          <p>
            {type === 'upcoming'
              ? 'Join a contest and it shows up here.'
              : 'Your contests move here as their matches are played.'}
          </p>
          <ButtonLink to="/contests" small>
            Find a contest
          </ButtonLink>
        </EmptyState>
      ) : null}
      <div className={listStyles.mineList}>
        {contests.map((c, i) => (
          <Fragment key={c.id}>
            {/* Live: the match's score above the first of its contests (the strip follows it). */}
            {type === 'live' && contests.findIndex((o) => o.match_id === c.match_id) === i ? (
              <ScoreStrip matchId={c.match_id} titled />
            ) : null}
            <MyContestCard contest={c} type={type} />
          </Fragment>
        ))}
      </div>
      <ContestsMoveOn type={type} />
      {type === 'upcoming' ? <LiveContestCounts matchIds={openMatchIds(contests)} /> : null}
      <LoadMoreRow pages={list} className={page.centered} />
    </div>
  )
}

/**
 * Keeps every tab right as matches start and end: at the soonest start among my upcoming
 * contests (on the server's clock) the lists are fetched again, and the matches of my
 * upcoming and live contests are followed, so a match going live or ending refetches them
 * too. Whichever tab is open, the other lists are what say when.
 */
function ContestsMoveOn({ type }: { type: MyContestsType }) {
  const client = useQueryClient()
  const upcoming = useInfiniteQuery(myContestsQuery('upcoming'))
  const live = useInfiniteQuery({ ...myContestsQuery('live'), enabled: type !== 'finished' })
  const soon = upcoming.data?.pages.flatMap((p) => p.my_contests) ?? []
  const playing = live.data?.pages.flatMap((p) => p.my_contests) ?? []
  const soonest = soon.length > 0 ? Math.min(...soon.map((c) => c.event_time_in_millis)) : null
  const started = useServerTimeReached(soonest)
  useEffect(() => {
    if (started) void client.invalidateQueries({ queryKey: ['contests', 'mine'] }, { cancelRefetch: false })
  }, [started, client])
  // On the live tab each live match's score strip follows it: one subscription per match.
  const matchIds = [...new Set([...soon, ...(type === 'live' ? [] : playing)].map((c) => c.match_id))]
  return (
    <>
      {matchIds.map((id) => (
        <FollowMatch key={id} id={id} />
      ))}
    </>
  )
}

function MyContestCard({ contest, type }: { contest: Contest; type: MyContestsType }) {
  const cancelled = contest.contest_status === 'cancelled'
  return (
    <Link
      to={`/contests/${contest.id}`}
      className={listStyles.mineCard}
      data-testid="my-contest"
      data-contest-id={contest.id}
    >
      <div className={listStyles.mineHead}>
        <strong>{contest.match_title}</strong>
        <span>{formatDateTime(contest.event_time_in_millis)}</span>
      </div>
      <div className={listStyles.mineBody}>
        <span className={listStyles.mineName}>
          {contest.name}
          <span>
            {contest.prize_amount > 0 ? `Prize pool ${formatMoney(contest.prize_amount)}` : 'Practice'} ·
            Entry {contest.entry_fee === 0 ? 'free' : formatMoney(contest.entry_fee)}
          </span>
        </span>
        {cancelled ? (
          <span className={listStyles.cancelled} data-testid="cancelled">
            Cancelled · refunded
          </span>
        ) : type === 'upcoming' ? (
          <span className={listStyles.teamsJoined}>
            {contest.joined_count} team{contest.joined_count === 1 ? '' : 's'} ·{' '}
            {formatNumber(contest.spots_left)} spots left
          </span>
        ) : (
          <Standing contest={contest} live={type === 'live'} />
        )}
      </div>
      {cancelled && contest.status_reason ? (
        <p className={listStyles.reason}>{contest.status_reason}</p>
      ) : null}
    </Link>
  )
}

/** My best entry in a started contest: rank and points (live over /cable), and the prize once settled. */
function Standing({ contest, live }: { contest: Contest; live: boolean }) {
  // The list already carries my entries' standing; live pushes keep it moving.
  const pushed = useContestLive(contest.id, live)
  // Settled, the list's ranks and prizes are final: a push from the last ball must not cover them.
  const settled = contest.contest_status === 'completed'
  const mine = contest.my_entries.map((m) => {
    const p = settled ? undefined : pushed.mine?.find((r) => r.member_id === m.member_id)
    return { rank: p?.rank ?? m.rank, points: p?.points ?? m.points, prize: m.prize, refunded: m.refunded }
  })
  const best = [...mine].sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9))[0]
  const won = mine.reduce((sum, m) => sum + m.prize, 0)
  if (!best) return null
  if (best.refunded) return <span className={listStyles.cancelled}>Refunded</span>
  return (
    <span className={listStyles.standing} data-testid="standing">
      <span>
        <em>Rank</em>
        <strong data-testid="my-rank">{best.rank ? `#${formatNumber(best.rank)}` : '—'}</strong>
      </span>
      <span>
        <em>Points</em>
        <strong data-testid="my-points">{formatNumber(best.points)}</strong>
      </span>
      {won > 0 ? (
        <span className={listStyles.wonBox}>
          <em>Won</em>
          <strong data-testid="my-prize">{formatMoney(won)}</strong>
        </span>
      ) : null}
    </span>
  )
}
