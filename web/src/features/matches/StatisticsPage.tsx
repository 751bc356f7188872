import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useParams } from 'react-router'
import { STYLE_LABEL } from '../../../../server/domain/styles'
import { Card, EmptyState, Loading, PageHead, Tabs } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ChevronDownIcon } from '../../components/Icons'
import { formatNumber } from '../../lib/format'
import { useSignedIn } from '../../lib/use-session'
import {
  isSummary,
  matchName,
  matchQuery,
  type StatisticsPlayer,
  simProfileLabel,
  statisticsQuery,
} from './api'
import { LiveBadge } from './LiveBadge'
import { useMatchLive } from './live'
import { MatchStrip } from './MatchStrip'
import styles from './matches.module.css'
import { ScoreAnnouncer } from './ScoreAnnouncer'
import { Scoreboard } from './Scoreboard'

/** `/matches/:id/statistics`: the live score and every player's points with the breakdown. */
export function StatisticsPage() {
  const id = Number(useParams().id)
  const match = useQuery(matchQuery(id))
  const signedIn = useSignedIn()
  // Signed out there is no /cable: a live match is read again instead.
  const stats = useQuery({
    ...statisticsQuery(id),
    refetchInterval: (q) => (!signedIn && q.state.data?.match_status === 'live' ? 10_000 : false),
  })
  const over = match.data?.match_status === 'completed' || match.data?.match_status === 'abandoned'
  const live = useMatchLive(id, signedIn && Boolean(match.data) && !over)
  const [team, setTeam] = useState<string>('all')

  const names = useMemo(
    () => new Map((stats.data?.player_scores ?? []).map((p) => [p.player_id, shortName(p.name)])),
    [stats.data],
  )
  if (match.isPending || stats.isPending) return <Loading />
  if (match.isError) return <Alert>{match.error.message}</Alert>
  if (stats.isError) return <Alert>{stats.error.message}</Alert>
  const m = match.data
  const status = live.status ?? stats.data.match_status
  const summary = live.summary ?? (isSummary(stats.data.summary) ? stats.data.summary : null)
  const points = (p: StatisticsPlayer) => live.points.get(p.player_id) ?? p.total_score
  const players = stats.data.player_scores
    .filter((p) => team === 'all' || String(p.team_id) === team)
    .sort((a, b) => points(b) - points(a) || a.name.localeCompare(b.name))

  return (
    <div data-testid="statistics">
      <PageHead
        title="Match Statistics"
        subtitle={[matchName(m), m.sport_name, simProfileLabel(m)].filter(Boolean).join(' · ')}
        actions={<LiveBadge status={status} connected={live.connected} updates={live.updates} />}
      />
      <MatchStrip match={m} status={status} />
      <Scoreboard match={m} status={status} summary={summary} names={names} recent={live.recent} />
      <ScoreAnnouncer match={m} summary={summary} />
      {m.result_text ? <p className={styles.result}>{m.result_text}</p> : null}

      <h2 className={styles.sectionTitle}>Player points</h2>
      <SideTabs teams={m.teams} value={team} onChange={setTeam} />
      {players.length === 0 ? (
        <EmptyState title="No players yet">The squads are announced before the start.</EmptyState>
      ) : status === 'completed' && !summary ? (
        <EmptyState title="No player points">
          Points come from the ball-by-ball record, and none was kept for this match.
        </EmptyState>
      ) : (
        <Card className={styles.pointsCard}>
          <ul className={styles.pointsList} data-testid="player-points">
            {players.map((p) => (
              <PointsRow
                key={p.player_id}
                player={p}
                points={points(p)}
                side={m.teams.find((t) => t.id === p.team_id)?.name_attr ?? ''}
                matchId={id}
              />
            ))}
          </ul>
        </Card>
      )}
    </div>
  )
}

/** All players, or one side's (for matches of up to four sides). */
function SideTabs({
  teams,
  value,
  onChange,
}: {
  teams: Array<{ id: number; name_attr: string }>
  value: string
  onChange: (value: string) => void
}) {
  if (teams.length > 4) return null
  return (
    <Tabs
      label="Side"
      value={value}
      onChange={onChange}
      items={[
        { value: 'all', label: 'All' },
        ...teams.map((t) => ({ value: String(t.id), label: t.name_attr })),
      ]}
    />
  )
}

function PointsRow({
  player,
  points,
  side,
  matchId,
}: {
  player: StatisticsPlayer
  points: number
  side: string
  matchId: number
}) {
  const [open, setOpen] = useState(false)
  const client = useQueryClient()
  const stale = points !== player.total_score
  return (
    <li className={styles.pointsRow} data-testid={`player-points-${player.player_id}`}>
      <button
        type="button"
        className={styles.pointsHead}
        aria-expanded={open}
        onClick={() => {
          // The breakdown comes with a fetch; pushes carry only totals.
          if (!open && stale) void client.invalidateQueries({ queryKey: statisticsQuery(matchId).queryKey })
          setOpen(!open)
        }}
      >
        <span className={styles.pointsName}>
          <strong>{player.name}</strong>
          <span>
            {side} · {STYLE_LABEL[player.style] ?? player.style}
            {player.stats.in_lineup === false ? ' · not in lineup' : ''}
          </span>
        </span>
        <span className={styles.pointsValue} data-testid="points">
          {formatNumber(points)}
        </span>
        <ChevronDownIcon
          className={open ? `${styles.chev} ${styles.chevOpen}` : styles.chev}
          width={18}
          height={18}
        />
      </button>
      {open ? <Breakdown player={player} /> : null}
    </li>
  )
}

export function Breakdown({ player }: { player: Pick<StatisticsPlayer, 'breakdown' | 'stats'> }) {
  const facts = Object.entries(player.stats).filter(
    ([key, value]) =>
      key !== 'in_lineup' && value !== null && value !== false && value !== 0 && value !== '0.0',
  )
  return (
    <div className={styles.breakdown}>
      {player.breakdown.length === 0 ? (
        <p className={styles.muted}>No points yet.</p>
      ) : (
        <table className={styles.breakdownTable}>
          <tbody>
            {player.breakdown.map((line) => (
              <tr key={line.rule}>
                <th scope="row">{line.label}</th>
                <td className={line.points < 0 ? styles.negative : undefined}>{formatNumber(line.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {facts.length > 0 ? (
        <dl className={styles.facts}>
          {facts.map(([key, value]) => (
            <div key={key}>
              <dt>{key.replaceAll('_', ' ')}</dt>
              <dd>{value === true ? 'yes' : String(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  )
}

/** "Sunil Sharma" → "S. Sharma" for the scoreboard. */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/)
  if (parts.length < 2) return name
  return `${parts[0]?.charAt(0)}. ${parts.slice(1).join(' ')}`
}
