import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Card } from '../../components/Common'
import { FieldErrors } from '../../components/Field'
import forms from '../../components/forms.module.css'
import { SelectField } from '../../components/SelectField'
import type { FieldErrors as Errors } from '../../lib/api'
import { data, http } from '../../lib/client'
import { formatDateTime } from '../../lib/format'
import { AFTER_CLASSIC_CREATE, AFTER_TEAM_CREATE, setReturnAddress } from '../../lib/return-to'
import { phasesQuery } from '../championship'
import { userTeamsQuery } from '../contests'
import type { GameKindSlug } from './api'
import styles from './create.module.css'
import { draftBinder, type SetDraft } from './DraftFields'
import { type DraftState, saveDraft } from './draft'

const upcomingMatchesQuery = (sport: string) =>
  queryOptions({
    queryKey: ['matches', 'upcoming-options', sport],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/matches', {
            params: { query: { sport_slug: sport, status: 'upcoming', per_page: 50 } },
          }),
        )
      ).matches,
    staleTime: 60_000,
  })

/**
 * What the contest is on and the creator's own entry: a match and one of my teams for it
 * (or off to the builder, the draft kept), or a championship phase and my classic team there.
 */
export function TargetFields({ kind, sport, ...draft }: DraftProps & { sport: string | null }) {
  return kind === 'championship' ? (
    <PhaseFields {...draft} kind={kind} />
  ) : (
    <MatchFields {...draft} kind={kind} sport={sport ?? 'cricket'} />
  )
}

/** The draft being edited, its setter and the server's messages, for the game kind being created. */
interface DraftProps {
  kind: GameKindSlug
  state: DraftState
  set: SetDraft
  errors: Errors
}

function useDetour(kind: GameKindSlug, state: DraftState) {
  const location = useLocation()
  const navigate = useNavigate()
  return (key: typeof AFTER_TEAM_CREATE | typeof AFTER_CLASSIC_CREATE, to: string) => {
    saveDraft(kind, state)
    setReturnAddress(key, location.pathname + location.search)
    navigate(to)
  }
}

/** No team to join with yet: why, and a detour to make one (the draft is kept for the way back). */
function NeedTeam({ why, label, onCreate }: { why: string; label: string; onCreate: () => void }) {
  return (
    <div className={styles.needTeam} data-testid="need-team">
      <p>{why}</p>
      <Button variant="secondary" small onClick={onCreate} data-testid="create-team-first">
        {label}
      </Button>
    </div>
  )
}

function MatchFields({ kind, sport, state, set, errors }: DraftProps & { sport: string }) {
  const matches = useQuery(upcomingMatchesQuery(sport))
  const matchId = Number(state.match_id) || 0
  const teams = useQuery({ ...userTeamsQuery(matchId), enabled: matchId > 0 })
  const detour = useDetour(kind, state)
  const field = draftBinder(state, set, errors)
  // The first match and the first team are picked for the player; they can change either.
  const firstMatch = matches.data?.[0]?.id
  const listed = matches.data?.some((m) => String(m.id) === state.match_id) ?? true
  const firstTeam = teams.data?.[0]?.id
  useEffect(() => {
    // A kept draft's match may have started since: then the first open one.
    if ((!state.match_id || !listed) && firstMatch) set('match_id', String(firstMatch))
  }, [state.match_id, listed, firstMatch, set])
  useEffect(() => {
    const known = teams.data?.some((t) => String(t.id) === state.team_id)
    if (teams.data && !known) set('team_id', firstTeam ? String(firstTeam) : '')
  }, [teams.data, state.team_id, firstTeam, set])
  return (
    <Card className={forms.formCard}>
      <SelectField label="Match" {...field('match_id')}>
        {matches.isPending ? <option value="">Loading matches…</option> : null}
        {matches.data?.length === 0 ? <option value="">No upcoming matches</option> : null}
        {(matches.data ?? []).map((m) => (
          <option key={m.id} value={m.id}>
            {m.title} · {formatDateTime(m.event_time_in_millis)}
          </option>
        ))}
      </SelectField>
      {matches.isError ? <FieldErrors errors={[matches.error.message]} /> : null}
      {matchId > 0 && teams.data?.length === 0 ? (
        <NeedTeam
          why="You join your own contest with a team: create one for this match first."
          label="Create a team"
          onCreate={() => detour(AFTER_TEAM_CREATE, `/matches/${matchId}/create-team`)}
        />
      ) : null}
      {teams.data && teams.data.length > 0 ? (
        <SelectField
          label="Your team"
          {...field('team_id')}
          hint="You join with it when the contest is created"
        >
          {teams.data.map((t) => (
            <option key={t.id} value={t.id}>
              Team {t.team_no}
            </option>
          ))}
        </SelectField>
      ) : (
        <FieldErrors errors={errors.team_id} />
      )}
    </Card>
  )
}

function PhaseFields({ kind, state, set, errors }: DraftProps) {
  const phases = useQuery(phasesQuery())
  const open = (phases.data ?? []).filter((p) => p.status !== 'completed')
  const phase = open.find((p) => String(p.id) === state.phase_id)
  const detour = useDetour(kind, state)
  const field = draftBinder(state, set, errors)
  const first = open[0]?.id
  const listed = phases.data ? open.some((p) => String(p.id) === state.phase_id) : true
  useEffect(() => {
    if ((!state.phase_id || !listed) && first) set('phase_id', String(first))
  }, [state.phase_id, listed, first, set])
  return (
    <Card className={forms.formCard}>
      <SelectField label="Championship phase" {...field('phase_id')}>
        {phases.isPending ? <option value="">Loading phases…</option> : null}
        {phases.data && open.length === 0 ? <option value="">No open phases</option> : null}
        {open.map((p) => (
          <option key={p.id} value={p.id}>
            {p.series.short_name} · {p.name}
          </option>
        ))}
      </SelectField>
      {phase && !phase.current_user_classic_team ? (
        <NeedTeam
          why="You join with your classic team for this phase: create it first."
          label="Create a classic team"
          onCreate={() => detour(AFTER_CLASSIC_CREATE, `/championship/phases/${phase.id}/create-team`)}
        />
      ) : null}
      {phase?.current_user_classic_team ? (
        <p className={styles.muted}>
          You join with your classic team (
          <Link to={`/championship/teams/${phase.current_user_classic_team.id}`}>see it</Link>).
        </p>
      ) : null}
      <FieldErrors errors={errors.team_id} />
    </Card>
  )
}
