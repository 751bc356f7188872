import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { usePageTitle } from '../../lib/page-title'
import { matchQuery, playersQuery } from '../matches'
import { userTeamQuery } from './api'
import { TeamEditor } from './TeamEditor'

/** `/matches/:id/create-team`. */
export function CreateTeamPage() {
  usePageTitle('Create team')
  return <Builder matchId={Number(useParams().id)} teamId={null} />
}

/** `/matches/:id/edit-team/:team_id`. */
export function EditTeamPage() {
  usePageTitle('Edit team')
  const params = useParams()
  return <Builder matchId={Number(params.id)} teamId={Number(params.team_id)} />
}

/** Loads the match, its squad and (to edit) the saved team; refuses once the match has started. */
function Builder({ matchId, teamId }: { matchId: number; teamId: number | null }) {
  const match = useQuery(matchQuery(matchId))
  const players = useQuery(playersQuery(matchId))
  const saved = useQuery({ ...userTeamQuery(matchId, teamId ?? 0), enabled: teamId !== null })
  if (match.isPending || players.isPending || (teamId !== null && saved.isPending)) return <Loading />
  const error = match.error ?? players.error ?? saved.error
  if (error) return <Alert>{error.message}</Alert>
  if (!match.data || !players.data) return <Loading />
  const m = match.data
  if (m.locked)
    return (
      <Alert>
        Teams are locked once the match starts.{' '}
        <Link to={`/matches/${matchId}/contests`}>Back to the contests</Link>
      </Alert>
    )
  if (teamId === null && (m.my_teams_count ?? 0) >= 4)
    return (
      <Alert>
        You already have 4 teams for this match, the most allowed. Edit one of them instead.{' '}
        <Link to={`/matches/${matchId}/contests`}>Back to the contests</Link>
      </Alert>
    )
  return <TeamEditor match={m} players={players.data} saved={saved.data ?? null} teamId={teamId} />
}
