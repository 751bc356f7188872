import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { Loading, PageHead } from '../../components/Common'
import head from '../../components/detail-head.module.css'
import { Alert } from '../../components/Field'
import { ChevronLeftIcon } from '../../components/Icons'
import { ApiError } from '../../lib/api'
import { formatNumber } from '../../lib/format'
import { type CompareData, type ComparePlayer, type CompareSide, compareQuery } from './api'
import { ComparePage } from './ComparePage'
import board from './leaderboard.module.css'
import page from './pages.module.css'

/**
 * `/contests/:id/compare/member?member_id=…`: spec "Compare data" — each side's points,
 * the common players with each side's multiplier, and the players only one side has.
 * Without `member_id` it is the picker of `/contests/:id/compare`.
 */
export function CompareMemberPage() {
  const id = Number(useParams().id)
  const [search] = useSearchParams()
  const memberId = Number(search.get('member_id'))
  const mine = search.get('mine') ? Number(search.get('mine')) : null
  const data = useQuery({
    ...compareQuery(id, memberId, mine),
    enabled: memberId > 0,
    meta: { silent: true },
  })
  const back = (
    <Link to={`/contests/${id}/compare`} className={head.back}>
      <ChevronLeftIcon width={16} height={16} /> Pick another
    </Link>
  )
  // Opened bare (a shared or typed link): the member list to pick from, not a dead end.
  if (!memberId) return <ComparePage />
  if (data.isPending) return <Loading />
  if (data.isError)
    return (
      <div data-testid="compare">
        {back}
        <PageHead title="Compare teams" />
        <Alert tone={data.error instanceof ApiError && data.error.status === 403 ? 'info' : 'error'}>
          {data.error.message}
        </Alert>
      </div>
    )
  const d = data.data
  const a = d.current_user_team
  const b = d.compare_team
  const diff = d.points_difference
  return (
    <div data-testid="compare">
      {back}
      <PageHead title="Compare teams" />
      <div className={board.versus}>
        <SideHead side={a} label="You" />
        <span className={board.vs}>VS</span>
        <SideHead side={b} label="Them" />
      </div>
      {diff !== null ? (
        <p className={board.diff} data-testid="points-difference">
          {diff === 0
            ? 'Level on points'
            : diff > 0
              ? `You lead by ${formatNumber(diff)} points`
              : `You trail by ${formatNumber(-diff)} points`}
        </p>
      ) : null}
      <MemberSwitcher contestId={id} members={d.compare_members} current={b.member_id} mine={mine} />

      <h2 className={page.subhead}>Different players</h2>
      <div className={board.diffCols} data-testid="diff-players">
        <PlayerColumn title="Only yours" players={d.diff_players.current_user} />
        <PlayerColumn title="Only theirs" players={d.diff_players.compare} />
      </div>

      <h2 className={page.subhead}>Common players ({d.common_players.length})</h2>
      <CommonPlayers players={d.common_players} />
    </div>
  )
}

/** Another member to compare with, when the contest has more than one. */
function MemberSwitcher({
  contestId,
  members,
  current,
  mine,
}: {
  contestId: number
  members: CompareData['compare_members']
  current: number
  mine: number | null
}) {
  const navigate = useNavigate()
  if (members.length <= 1) return null
  return (
    <label className={board.switcher}>
      Compare with
      <select
        value={current}
        onChange={(e) =>
          navigate(
            `/contests/${contestId}/compare/member?member_id=${e.target.value}${mine ? `&mine=${mine}` : ''}`,
            { replace: true },
          )
        }
      >
        {members.map((m) => (
          <option key={m.member_id} value={m.member_id}>
            {m.member_name}
          </option>
        ))}
      </select>
    </label>
  )
}

/** The players both teams have, with each side's multiplier either side of the name. */
function CommonPlayers({ players }: { players: CompareData['common_players'] }) {
  return (
    <ul className={board.common} data-testid="common-players">
      {players.map(({ player, current_user_multiplier, compare_multiplier }) => (
        <li key={player.id}>
          <Mult value={current_user_multiplier} />
          <span className={board.commonName}>
            <strong>{player.display_name}</strong>
            <span>
              {player.team.name_attr} · {player.style_label} · {formatNumber(player.points ?? 0)} pts
            </span>
          </span>
          <Mult value={compare_multiplier} />
        </li>
      ))}
    </ul>
  )
}

function SideHead({ side, label }: { side: CompareSide; label: string }) {
  return (
    <div className={board.sideHead}>
      <span className={board.sideLabel}>{label}</span>
      <strong>
        {side.user.team_name ?? side.user.username} (T{side.team_no})
      </strong>
      <span className={board.sidePoints} data-testid="side-points">
        {side.points === null ? '—' : formatNumber(side.points)}
      </span>
      <span className={page.muted}>{side.rank ? `Rank #${formatNumber(side.rank)}` : 'Not ranked yet'}</span>
    </div>
  )
}

function PlayerColumn({ title, players }: { title: string; players: ComparePlayer[] }) {
  const total = players.reduce((sum, p) => sum + (p.team_points ?? 0), 0)
  return (
    <div className={board.diffCol}>
      <h3>
        {title} <span className={board.diffTotal}>{formatNumber(total)} pts</span>
      </h3>
      {players.length === 0 ? <p className={page.muted}>None</p> : null}
      <ul>
        {players.map((p) => (
          <li key={p.id}>
            <span className={board.diffName}>
              {p.display_name}
              {p.multiplier > 1 ? <Mult value={p.multiplier} /> : null}
            </span>
            <strong>{formatNumber(p.team_points ?? 0)}</strong>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Mult({ value }: { value: number }) {
  if (value === 2) return <em className={page.c}>C</em>
  if (value === 1.5) return <em className={page.vc}>VC</em>
  return <em className={page.x1}>×1</em>
}
