import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { sportRules } from '../../../../server/domain/team-rules'
import {
  addPlayer,
  emptyTeam,
  loadTeam,
  removePlayer,
  resetTeam,
  setCaptain,
  setViceCaptain,
  type WorkingTeam,
} from '../../../../server/domain/working-team'
import { AFTER_TEAM_CREATE, AFTER_TEAM_UPDATE, takeReturnAddress } from '../../lib/return-to'
import { showSnackbar } from '../../lib/snackbar'
import type { Match, Player } from '../matches'
import { MatchState } from '../matches'
import { afterSave, saveTeam, toRulesPlayer } from './api'
import { EditorHead } from './EditorHead'
import { EditorSteps, useEditorSteps, useRoster } from './EditorSteps'
import { TeamSummary } from './TeamSummary'
import styles from './teams.module.css'

/**
 * The working team (spec §3) in two steps, players then captain and vice-captain, with the
 * shared rules deciding what can be added and what is still missing. Saving posts or puts
 * the team; the server's 422 messages are shown as they come; then back to the return address.
 */
export function TeamEditor({
  match,
  players,
  saved,
  teamId,
}: {
  match: Match
  players: Player[]
  saved: SavedTeam | null
  teamId: number | null
}) {
  const sport = match.sport_slug
  const roster = useRoster(players, sport)
  const { pool } = roster
  const [team, setTeam] = useState<WorkingTeam>(() => loadedTeam(sport, saved))
  const steps = useEditorSteps(team)
  const { setStep, setProblems } = steps
  const save = useSaveTeam(match.id, teamId, team)
  const rules = sportRules(sport)
  const change = (next: WorkingTeam) => {
    setTeam(next)
    setProblems(null)
    save.reset()
  }
  const toggle = (player: Player) => {
    if (team.selected_players.includes(player.id)) change(removePlayer(team, player.id))
    else {
      const next = addPlayer(team, toRulesPlayer(player), pool)
      change(next)
      if (next.selected_players_count === rules.team_size && team.selected_players_count < rules.team_size)
        showSnackbar(`${rules.team_size} players selected, tap NEXT to pick your captain.`, 'info')
    }
  }

  return (
    <div className={styles.builder} data-testid="team-builder">
      <EditorHead
        back={`/matches/${match.id}/contests`}
        backLabel="Back to the contests"
        title={teamId ? `Edit Team ${saved?.team_no ?? ''}` : 'Create Team'}
        subtitle={
          <>
            {match.title} · <MatchState match={match} />
          </>
        }
        onReset={() => {
          change(resetTeam(team))
          setStep('pick')
        }}
        resetDisabled={team.selected_players_count === 0}
      />
      <TeamSummary team={team} match={match} teamSize={rules.team_size} />

      <EditorSteps
        steps={steps}
        team={team}
        roster={roster}
        save={save}
        onToggle={toggle}
        onCaptain={(id) => change(setCaptain(team, id))}
        onVice={(id) => change(setViceCaptain(team, id))}
      />
    </div>
  )
}

type SavedTeam = { team_players: Player[]; captain: number; vice_captain: number; team_no: number }

/** Spec §4: loading an existing team makes it valid with every flag true; a new one starts empty. */
function loadedTeam(sport: string, saved: SavedTeam | null): WorkingTeam {
  return saved
    ? loadTeam({
        sport,
        players: saved.team_players.map(toRulesPlayer),
        captain_id: saved.captain,
        vice_captain_id: saved.vice_captain,
      })
    : emptyTeam(sport)
}

/** Posts or puts the team; on success, back to the return address. */
function useSaveTeam(matchId: number, teamId: number | null, team: WorkingTeam) {
  const navigate = useNavigate()
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      saveTeam(matchId, teamId, {
        player_ids: team.selected_players.join(','),
        captain: team.captain_id ?? 0,
        vice_captain: team.vice_captain_id ?? 0,
      }),
    meta: { silent: true },
    onSuccess: (answer) => {
      afterSave(client, matchId, answer)
      showSnackbar(`Team ${answer.team_no} saved.`, 'info')
      navigate(takeReturnAddress(teamId ? AFTER_TEAM_UPDATE : AFTER_TEAM_CREATE), { replace: true })
    },
  })
}
