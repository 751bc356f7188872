import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { Avatar, EmptyState, Loading, PageHead } from '../../components/Common'
import head from '../../components/detail-head.module.css'
import { Alert } from '../../components/Field'
import { ChevronLeftIcon } from '../../components/Icons'
import { formatNumber } from '../../lib/format'
import { matchQuery } from '../matches'
import { contestQuery, membersQuery } from './api'
import type { MembersPage } from './contest-api'
import board from './leaderboard.module.css'

/**
 * `/contests/:id/compare`: pick one of my entries and a member to compare it with. Other
 * players' teams are visible only once the match has started.
 */
export function ComparePage() {
  const id = Number(useParams().id)
  const contest = useQuery(contestQuery(id))
  const match = useQuery({ ...matchQuery(contest.data?.match_id ?? 0), enabled: Boolean(contest.data) })
  const members = useQuery({ ...membersQuery(id, 1), enabled: Boolean(match.data?.locked) })
  const [mine, setMine] = useState<number | null>(null)
  if (contest.isPending || match.isPending) return <Loading />
  if (contest.isError) return <Alert>{contest.error.message}</Alert>
  if (match.isError) return <Alert>{match.error.message}</Alert>
  const back = (
    <Link to={`/contests/${id}`} className={head.back}>
      <ChevronLeftIcon width={16} height={16} /> {contest.data.name}
    </Link>
  )
  if (!match.data.locked)
    return (
      <div data-testid="compare-picker">
        {back}
        <PageHead title="Compare teams" />
        <Alert tone="info">
          Other players' teams are visible once the match starts. Come back then to compare.
        </Alert>
      </div>
    )
  if (members.isPending) return <Loading />
  if (members.isError) return <Alert>{members.error.message}</Alert>
  const own = members.data.current_user_members
  const chosen = mine ?? own[0]?.id ?? null
  const others = members.data.members.filter((m) => !m.is_current_user)
  return (
    <div data-testid="compare-picker">
      {back}
      <PageHead title="Compare teams" subtitle="Pick a player to see where your teams differ." />
      {own.length === 0 ? (
        <Alert tone="info">Join this contest to compare your team with others.</Alert>
      ) : (
        <>
          {own.length > 1 ? (
            <fieldset className={board.mineSwitch} aria-label="Your team">
              {own.map((m) => (
                <button key={m.id} type="button" aria-pressed={m.id === chosen} onClick={() => setMine(m.id)}>
                  T{m.user_team.team_no}
                </button>
              ))}
            </fieldset>
          ) : null}
          <OthersList others={others} id={id} chosen={chosen} />
        </>
      )}
    </div>
  )
}

/** The other teams, each opening the comparison with mine. */
function OthersList({
  others,
  id,
  chosen,
}: {
  others: MembersPage['members']
  id: number
  chosen: number | null
}) {
  return (
    <>
      {others.length === 0 ? (
        <EmptyState title="Nobody else yet">No other teams are in this contest.</EmptyState>
      ) : (
        <ul className={board.board}>
          {others.map((m) => (
            <li key={m.id} className={board.boardRow}>
              <Link
                to={`/contests/${id}/compare/member?member_id=${m.id}${chosen ? `&mine=${chosen}` : ''}`}
                className={board.boardLink}
                data-testid="compare-member"
              >
                <Avatar src={m.user.image} name={m.user.display_name} size={34} />
                <span className={board.boardName}>
                  <strong>{m.user.team_name ?? m.user.username}</strong>
                  <span>T{m.user_team.team_no}</span>
                </span>
                <span className={board.boardPoints}>{formatNumber(m.points)}</span>
                <span className={board.boardRank}>{m.rank ? `#${m.rank}` : '—'}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
