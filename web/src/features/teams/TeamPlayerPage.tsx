import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import { Card, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ChevronLeftIcon } from '../../components/Icons'
import { onDataColour } from '../../components/readable-on'
import type { Body } from '../../lib/client'
import { formatDay, formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import { useSignedIn } from '../../lib/use-session'
import { Breakdown, matchQuery, playerQuery, playerScoresQuery, useMatchLive } from '../matches'
import { userTeamQuery } from './api'
import pick from './pick.module.css'
import styles from './teams.module.css'

type PlayerDetail = Body<'/api/players/{id}'>['player']

/**
 * `/teams/:team_id/players/:player_id?match=…`: a player in the context of one team's
 * match — role in the team (C / VC), points by rule, stats — and their recent scores.
 * The route has no match id and the API has no team lookup without one, so the team view
 * passes `?match=`.
 */
export function TeamPlayerPage() {
  const params = useParams()
  const [search] = useSearchParams()
  const [teamId, playerId] = [Number(params.team_id), Number(params.player_id)]
  const matchId = Number(search.get('match')) || 0
  const player = useQuery(playerQuery(playerId))
  usePageTitle(player.data?.name, 'Player')
  const match = useQuery({ ...matchQuery(matchId), enabled: matchId > 0 })
  const team = useQuery({ ...userTeamQuery(matchId, teamId), enabled: matchId > 0 })
  const scores = useQuery({ ...playerScoresQuery(matchId), enabled: matchId > 0 })
  const signedIn = useSignedIn()
  const live = useMatchLive(matchId, signedIn && match.data?.match_status === 'live')
  if (player.isPending) return <Loading />
  if (player.isError) return <Alert>{player.error.message}</Alert>
  const p = player.data
  const inTeam = team.data?.team_players.find((x) => x.id === playerId)
  const score = scores.data?.find((s) => s.player_id === playerId)
  // Once the match has started a player without a score row (not in the lineup) is on 0.
  const points = live.points.get(playerId) ?? score?.total_score ?? (match.data?.locked ? 0 : null)
  const multiplier = inTeam?.multiplier ?? 1
  return (
    <div data-testid="team-player">
      {matchId ? (
        <Link to={`/matches/${matchId}/viewteam/${teamId}`} className={styles.backText}>
          <ChevronLeftIcon width={16} height={16} /> Team {team.data?.team_no ?? ''}
        </Link>
      ) : null}
      <section className={styles.playerHero}>
        <span className={pick.kit} style={onDataColour(p.team.team_color)} aria-hidden="true">
          {p.team.name_attr}
        </span>
        <div>
          <h1>{p.name}</h1>
          <p>
            {p.team.name} · {p.style_label} · {formatNumber(p.value)} credits
            {inTeam?.is_captain ? ' · Captain (2×)' : inTeam?.is_vice_captain ? ' · Vice-captain (1.5×)' : ''}
          </p>
        </div>
        {points !== null ? (
          <div className={styles.heroPoints}>
            <span>{multiplier > 1 ? `Points ${multiplier}×` : 'Points'}</span>
            <strong data-testid="player-points">{formatNumber(points * multiplier)}</strong>
          </div>
        ) : null}
      </section>
      {match.data ? (
        <Card>
          <h2 className={styles.cardTitle}>{match.data.title}: points by rule</h2>
          {score ? (
            <>
              {points !== score.total_score ? (
                <p className={styles.muted}>
                  Breakdown as of {formatNumber(score.total_score)} points; the total is live.
                </p>
              ) : null}
              <Breakdown player={score} />
            </>
          ) : (
            <p className={styles.muted}>
              {match.data.locked
                ? 'No points in this match: points go to the players in the lineup.'
                : 'Points start when the match does.'}
            </p>
          )}
        </Card>
      ) : null}
      <RecentScores player={p} />
    </div>
  )
}

/** The player's recent scored matches, each a link to its statistics. */
function RecentScores({ player: p }: { player: PlayerDetail }) {
  return (
    <>
      <h2 className={styles.sectionTitle}>Recent matches</h2>
      <Card>
        {p.recent_scores.length === 0 ? (
          <p className={styles.muted}>
            No scored matches yet. Last series: {formatNumber(p.last_series_score)} points.
          </p>
        ) : (
          <ul className={styles.recent} data-testid="recent-scores">
            {p.recent_scores.map((r) => (
              <li key={r.match_id}>
                <Link to={`/matches/${r.match_id}/statistics`}>
                  {r.title} <span>{formatDay(r.event_time_in_millis)}</span>
                </Link>
                <strong>{formatNumber(r.total_score)}</strong>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  )
}
