import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { GAME_KINDS } from '../../../../server/domain/game-kinds'
import { EmptyState, Loading } from '../../components/Common'
import head from '../../components/detail-head.module.css'
import { Alert } from '../../components/Field'
import { ChartIcon, PlusIcon } from '../../components/Icons'
import { LoadMoreRow } from '../../components/LoadMore'
import { formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import { AFTER_TEAM_CREATE, setReturnAddress } from '../../lib/return-to'
import { useServerTimeReached } from '../../lib/use-now'
import { useSignedIn } from '../../lib/use-session'
import { MatchStrip, matchName, matchQuery, useMatchLive } from '../matches'
import { matchContestsQuery } from './api'
import { ContestCard } from './ContestCard'
import styles from './contests.module.css'
import { useJoinFlow, useJoinFromAddress } from './JoinFlow'
import { useListParams } from './list-params'
import { LiveContestCounts, openMatchIds } from './live-counts'
import { MyTeamsDialog } from './MyTeamsDialog'
import page from './pages.module.css'
import { SortFilterBar } from './SortFilterBar'

const MAX_TEAMS = 4

/**
 * `/matches/:id/contests`: every contest of a match with sort tabs and filters, the
 * footer's MY TEAMS (n) and JOINED CONTESTS (n), and the create-team button. The match is
 * followed live; at its start (on the server's clock) the cards and the button lock.
 */
export function MatchContestsPage() {
  const id = Number(useParams().id)
  const navigate = useNavigate()
  const match = useQuery(matchQuery(id))
  usePageTitle(match.data && matchName(match.data), 'Contests')
  const signedIn = useSignedIn()
  const finished = match.data?.match_status === 'completed' || match.data?.match_status === 'abandoned'
  useMatchLive(id, signedIn && Boolean(match.data) && !finished)
  const started = useServerTimeReached(match.data?.event_time_in_millis)
  const [params, setParams] = useListParams()
  const list = useInfiniteQuery(matchContestsQuery(id, params))
  const join = useJoinFlow()
  useJoinFromAddress(join.start)
  const [teamsOpen, setTeamsOpen] = useState(false)

  if (match.isPending) return <Loading />
  if (match.isError) return <Alert>{match.error.message}</Alert>
  const m = match.data
  const first = list.data?.pages[0]
  const contests = list.data?.pages.flatMap((p) => p.contests) ?? []
  const teams = first?.teams_count ?? m.my_teams_count ?? 0
  const joined = first?.joined_contests_count ?? m.joined_contests_count ?? 0
  const open = !m.locked && !started && m.match_status === 'upcoming'
  const locked = m.locked || started
  // Players create contests for a match of a sport that has a match kind.
  const createKind = GAME_KINDS.find(
    (k) => k.target === 'match' && k.available && k.sport_slug === m.sport_slug,
  )
  const createTeam = () => {
    setReturnAddress(AFTER_TEAM_CREATE, `/matches/${id}/contests`)
    navigate(`/matches/${id}/create-team`)
  }

  return (
    <div data-testid="match-contests">
      <MatchStrip match={m} link={false} />
      <Toolbar open={open} createKind={createKind} id={id} locked={locked} />
      <SortFilterBar params={params} onChange={setParams} />
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data && contests.length === 0 ? (
        <EmptyState title="No contests match">
          {params.filterIds.length > 0 ? 'Try fewer filters.' : 'This match has no contests.'}
        </EmptyState>
      ) : null}
      <div className={styles.list}>
        {contests.map((c) => (
          <ContestCard key={c.id} contest={c} onJoin={join.start} busy={join.busyId === c.id} />
        ))}
      </div>
      <LoadMoreRow pages={list} className={styles.loadMore} />
      <LiveContestCounts matchIds={openMatchIds(contests)} />

      <MatchFooter
        open={open}
        teams={teams}
        createTeam={createTeam}
        setTeamsOpen={setTeamsOpen}
        finished={finished}
        joined={joined}
      />
      <MyTeamsDialog match={m} open={teamsOpen} onClose={() => setTeamsOpen(false)} />
      {join.dialogs}
    </div>
  )
}

/** Create team (while teams may be made), MY TEAMS and JOINED CONTESTS. */
function MatchFooter({
  open,
  teams,
  createTeam,
  setTeamsOpen,
  finished,
  joined,
}: {
  open: boolean
  teams: number
  createTeam: () => void
  setTeamsOpen: (open: boolean) => void
  finished: boolean
  joined: number
}) {
  return (
    <div className={page.footer}>
      {open && teams < MAX_TEAMS ? (
        <button type="button" className={page.create} onClick={createTeam} data-testid="create-team">
          <PlusIcon width={18} height={18} /> Create team {teams > 0 ? teams + 1 : ''}
        </button>
      ) : null}
      <div className={page.footerBar}>
        <button type="button" onClick={() => setTeamsOpen(true)} data-testid="my-teams">
          MY TEAMS ({formatNumber(teams)})
        </button>
        <Link
          to={`/my-contests?type=${open ? 'upcoming' : finished ? 'finished' : 'live'}`}
          data-testid="joined-contests"
        >
          JOINED CONTESTS ({formatNumber(joined)})
        </Link>
      </div>
    </div>
  )
}

/** Create a contest for the match (while open) and its statistics (once locked). */
function Toolbar({
  open,
  createKind,
  id,
  locked,
}: {
  open: boolean
  createKind: (typeof GAME_KINDS)[number] | undefined
  id: number
  locked: boolean
}) {
  return (
    <div className={page.toolbar}>
      <h1 className={head.title}>Contests</h1>
      {open && createKind ? (
        <Link
          to={`/contests/create/${createKind.slug}?match=${id}`}
          className={page.toolLink}
          data-testid="create-contest-for-match"
        >
          <PlusIcon width={16} height={16} /> Create contest
        </Link>
      ) : null}
      {locked ? (
        <Link to={`/matches/${id}/statistics`} className={page.toolLink}>
          <ChartIcon width={16} height={16} /> Statistics
        </Link>
      ) : null}
    </div>
  )
}
