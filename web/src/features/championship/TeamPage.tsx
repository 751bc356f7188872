import { useQuery } from '@tanstack/react-query'
import { useLocation, useNavigate, useParams } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import { AFTER_CLASSIC_UPDATE, setReturnAddress } from '../../lib/return-to'
import { onPitch, Pitch, teamsStyles as teamStyles } from '../teams'
import { type ClassicTeam, classicTeamQuery, phaseQuery, transfersText } from './api'
import styles from './championship.module.css'
import { usePhaseLive } from './live'

/**
 * `/championship/teams/:team_id`: a championship team on the pitch with C and VC, its phase
 * score and rank (moving live for the owner while a match is scored), transfers left and
 * the matches still to come, with VIEW HISTORY and, for the owner, MANAGE TEAM.
 */
export function ClassicTeamPage() {
  usePageTitle('Team', 'Championship')
  const teamId = Number(useParams().team_id)
  const team = useQuery(classicTeamQuery(teamId))
  const phase = useQuery({ ...phaseQuery(team.data?.phase_id ?? 0), enabled: Boolean(team.data) })
  const live = usePhaseLive(team.data?.phase_id ?? 0, Boolean(team.data?.is_current_user_allowed_to_edit))
  if (team.isPending) return <Loading />
  if (team.isError) return <Alert>{team.error.message}</Alert>
  const t = team.data
  const mineLive = live.mine?.classic_team_id === t.id ? live.mine : null
  const score = mineLive?.score ?? t.score
  const rank = mineLive?.rank ?? t.rank
  const captain = t.captain?.id
  const vice = t.vice_captain?.id
  const players = t.team_players.map((p) => ({
    ...onPitch(p),
    captain: p.id === captain,
    vice: p.id === vice,
    value: p.value,
  }))
  return (
    <div data-testid="classic-team">
      <div className={teamStyles.viewHead}>
        <div className={teamStyles.viewTitle}>
          <h1>{t.user?.team_name ?? t.user?.display_name ?? 'Championship team'}</h1>
          <p>
            {phase.data
              ? `${phase.data.series.short_name || phase.data.series.name} · ${phase.data.name} · `
              : ''}
            {formatNumber(t.budget)} credits used{rank ? ` · rank #${formatNumber(rank)}` : ''}
          </p>
        </div>
        <div className={teamStyles.total}>
          <span>Score</span>
          <strong data-testid="team-score">{formatNumber(score)}</strong>
        </div>
      </div>
      <Pitch sport={phase.data?.sport_slug ?? 'cricket'} players={players} />
      <TeamStats team={t} />
      <TeamActions team={t} />
    </div>
  )
}

/** Transfers left (when the phase counts them) and the next match. */
function TeamStats({ team: t }: { team: ClassicTeam }) {
  const next = t.upcoming_matches[0]
  return (
    <dl className={styles.stats}>
      {t.free_transfers_left !== null ? (
        <>
          <div>
            <dt>Free transfers left</dt>
            <dd className={styles.free} data-testid="team-free-left">
              {transfersText(t.free_transfers_left)}
            </dd>
          </div>
          <div>
            <dt>Paid transfers left</dt>
            <dd className={styles.paid}>{transfersText(t.paid_transfers_left)}</dd>
          </div>
        </>
      ) : null}
      <div>
        <dt>Next match</dt>
        <dd>{next ? next.title : 'None left'}</dd>
      </div>
    </dl>
  )
}

/** View history, Manage team (the owner's; it comes back here after saving) and the leaderboard. */
function TeamActions({ team: t }: { team: ClassicTeam }) {
  const navigate = useNavigate()
  const location = useLocation()
  return (
    <div className={teamStyles.viewActions}>
      <ButtonLink
        to={`/championship/teams/${t.id}/history`}
        variant="secondary"
        small
        data-testid="view-history"
      >
        View history
      </ButtonLink>
      {t.is_current_user_allowed_to_edit ? (
        <Button
          small
          onClick={() => {
            setReturnAddress(AFTER_CLASSIC_UPDATE, location.pathname)
            navigate(`/championship/phases/${t.phase_id}/edit-team/${t.id}`)
          }}
          data-testid="manage-team"
        >
          Manage team
        </Button>
      ) : null}
      <ButtonLink to={`/championship/phases/${t.phase_id}/leaderboard`} variant="ghost" small>
        Leaderboard
      </ButtonLink>
    </div>
  )
}
