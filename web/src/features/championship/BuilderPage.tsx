import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { usePageTitle } from '../../lib/page-title'
import {
  asBuilderPlayer,
  classicTeamEditQuery,
  classicTeamQuery,
  type Phase,
  phasePlayersQuery,
  phaseQuery,
  phasesQuery,
} from './api'
import { ClassicTeamEditor } from './ClassicTeamEditor'

/** `/championship/phases/:phase_id?/create-team`: without a phase, the first one still open. */
export function CreateClassicTeamPage() {
  usePageTitle('Create team', 'Championship')
  const phaseId = optionalId(useParams().phase_id)
  const phases = useQuery({ ...phasesQuery(), enabled: phaseId === null })
  if (phaseId !== null) return <Builder phaseId={phaseId} teamId={null} />
  if (phases.isPending) return <Loading />
  if (phases.isError) return <Alert>{phases.error.message}</Alert>
  const open = phases.data.find((p) => isOpen(p) && !p.current_user_classic_team)
  if (!open)
    return (
      <EmptyState title="No phase is open for a new team">
        <Link to="/championship">See the championship</Link>
      </EmptyState>
    )
  return <Navigate to={`/championship/phases/${open.id}/create-team`} replace />
}

/** `/championship/phases/:phase_id?/edit-team/:team_id`. */
export function EditClassicTeamPage() {
  usePageTitle('Edit team', 'Championship')
  const params = useParams()
  return <Builder phaseId={optionalId(params.phase_id)} teamId={Number(params.team_id)} />
}

function Builder({ phaseId, teamId }: { phaseId: number | null; teamId: number | null }) {
  const edit = useQuery({ ...classicTeamEditQuery(teamId ?? 0), enabled: teamId !== null })
  // Editing without a phase in the address: the team names its phase.
  const team = useQuery({ ...classicTeamQuery(teamId ?? 0), enabled: teamId !== null && phaseId === null })
  const id = phaseId ?? team.data?.phase_id ?? null
  const phase = useQuery({ ...phaseQuery(id ?? 0), enabled: id !== null })
  const players = useQuery({ ...phasePlayersQuery(id ?? 0, teamId), enabled: id !== null })
  const pool = useMemo(() => players.data?.players.map(asBuilderPlayer) ?? [], [players.data])
  if (teamId !== null && (edit.isPending || (phaseId === null && team.isPending))) return <Loading />
  if (edit.isError) return <Alert>{edit.error.message}</Alert>
  if (team.isError) return <Alert>{team.error.message}</Alert>
  if (id === null)
    return (
      <Alert>
        Open the team from its phase. <Link to="/championship">Back to the championship</Link>
      </Alert>
    )
  if (phase.isPending || players.isPending) return <Loading />
  const error = phase.error ?? players.error
  if (error) return <Alert>{error.message}</Alert>
  if (!phase.data || !players.data) return <Loading />
  const p = phase.data
  const mine = p.current_user_classic_team
  if (teamId === null && mine)
    return <Navigate to={`/championship/phases/${p.id}/edit-team/${mine.id}`} replace />
  if (!isOpen(p))
    return (
      <Alert>
        {p.name} is over: its last match has started, so its teams can no longer change.{' '}
        <Link to="/championship">Back to the championship</Link>
      </Alert>
    )
  if (pool.length === 0)
    return (
      <EmptyState title="No players yet">
        The squads of {p.name} are not announced yet. <Link to="/championship">Back</Link>
      </EmptyState>
    )
  return (
    <ClassicTeamEditor
      // A fresh editor per team: its state starts from what was loaded.
      key={`${p.id}:${teamId ?? 'new'}`}
      phase={p}
      players={pool}
      filters={players.data.filters}
      edit={edit.data ?? null}
      sport={p.sport_slug ?? 'cricket'}
    />
  )
}

/** Teams can change until the phase's last match starts (then there is no next deadline). */
export function isOpen(phase: Phase): boolean {
  return phase.status !== 'completed' && phase.next_deadline !== null
}

function optionalId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null
}
