import { useQuery } from '@tanstack/react-query'
import { useLocation, useNavigate, useParams } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import { AFTER_TEAM_UPDATE, setReturnAddress } from '../../lib/return-to'
import { useSignedIn } from '../../lib/use-session'
import { LiveBadge, MatchStrip, matchQuery, ScoreStrip, useMatchLive } from '../matches'
import { userTeamQuery } from './api'
import { onPitch, Pitch } from './Pitch'
import { TeamBreakdown } from './TeamBreakdown'
import styles from './teams.module.css'

/**
 * `/matches/:id/viewteam/:team_id`: a team on the pitch with C and VC, each player's points
 * (with the multiplier) and the total, moving with every ball while the match is live.
 */
export function ViewTeamPage() {
  usePageTitle('Team')
  const params = useParams()
  const matchId = Number(params.id)
  const teamId = Number(params.team_id)
  const match = useQuery(matchQuery(matchId))
  const team = useQuery(userTeamQuery(matchId, teamId))
  const signedIn = useSignedIn()
  const live = useMatchLive(matchId, signedIn && match.data?.match_status === 'live')
  if (match.isPending || team.isPending) return <Loading />
  if (match.isError) return <Alert>{match.error.message}</Alert>
  if (team.isError) return <Alert>{team.error.message}</Alert>
  const m = match.data
  const t = team.data
  const started = m.locked
  const pointsOf = (id: number, fetched: number | null) => live.points.get(id) ?? fetched
  const players = t.team_players.map((p) => ({
    ...onPitch(p),
    captain: p.is_captain,
    vice: p.is_vice_captain,
    points: started ? (pointsOf(p.id, p.points) ?? 0) : null,
    styleLabel: p.style_label,
  }))
  const total = started
    ? t.team_players.reduce((sum, p) => sum + (pointsOf(p.id, p.points) ?? 0) * p.multiplier, 0)
    : null
  return (
    <div data-testid="view-team">
      <MatchStrip match={m} status={live.status} />
      <ScoreStrip matchId={matchId} live={live} />
      <div className={styles.viewHead}>
        <div className={styles.viewTitle}>
          <h1>
            {t.user.team_name ?? t.user.username} · Team {t.team_no}
          </h1>
          <p>
            {formatNumber(t.budget)} credits used
            {t.rank ? ` · rank #${formatNumber(t.rank)}` : ''}
          </p>
          <LiveBadge
            status={live.status ?? m.match_status}
            connected={live.connected}
            updates={live.updates}
          />
        </div>
        {total !== null ? (
          <div className={styles.total}>
            <span>Points</span>
            <strong data-testid="team-total">{formatNumber(total)}</strong>
          </div>
        ) : null}
      </div>
      <Pitch
        sport={t.match.sport_slug}
        players={players}
        link={(p) => `/teams/${t.id}/players/${p.id}?match=${matchId}`}
      />
      <TeamBreakdown matchId={matchId} teamId={t.id} updates={live.updates} />
      <TeamActions
        matchId={matchId}
        teamId={t.id}
        canEdit={t.is_current_user_allowed_to_edit}
        started={started}
      />
    </div>
  )
}

/** Edit team (the owner's, coming back here after saving), the match's statistics once started, its contests. */
function TeamActions({
  matchId,
  teamId,
  canEdit,
  started,
}: {
  matchId: number
  teamId: number
  canEdit: boolean
  started: boolean
}) {
  const navigate = useNavigate()
  const location = useLocation()
  return (
    <div className={styles.viewActions}>
      {canEdit ? (
        <Button
          variant="secondary"
          small
          onClick={() => {
            setReturnAddress(AFTER_TEAM_UPDATE, location.pathname)
            navigate(`/matches/${matchId}/edit-team/${teamId}`)
          }}
        >
          Edit team
        </Button>
      ) : null}
      {started ? (
        <ButtonLink to={`/matches/${matchId}/statistics`} variant="ghost" small>
          Match statistics
        </ButtonLink>
      ) : null}
      <ButtonLink to={`/matches/${matchId}/contests`} variant="ghost" small>
        Contests
      </ButtonLink>
    </div>
  )
}
