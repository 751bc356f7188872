import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  type ClassicWorkingTeam,
  classicApply,
  classicReset,
  loadClassicTeam,
  newClassicTeam,
} from '../../../../server/domain/championship/classic-team'
import { type LockedState, lockedStateFromSave } from '../../../../server/domain/championship/transfers'
import { sportRules } from '../../../../server/domain/team-rules'
import {
  addPlayer,
  removePlayer,
  setCaptain,
  setViceCaptain,
  type WorkingTeam,
} from '../../../../server/domain/working-team'
import { CHAMPIONSHIP_PATH } from '../../lib/paths'
import { AFTER_CLASSIC_CREATE, AFTER_CLASSIC_UPDATE, takeReturnAddress } from '../../lib/return-to'
import { showSnackbar } from '../../lib/snackbar'
import type { Player } from '../matches'
import {
  EditorHead,
  EditorSteps,
  type TeamFilter,
  TeamSummary,
  teamsStyles as teamStyles,
  toRulesPlayer,
  useEditorSteps,
  useRoster,
} from '../teams'
import {
  afterClassicSave,
  type ClassicTeamEdit,
  idOf,
  type Phase,
  saveClassicTeam,
  transfersText,
} from './api'
import { TransferBar } from './TransferBar'

/**
 * The championship builder: the daily builder's steps (players, then C and VC) over the
 * phase's players, with per-fixture filters and SEL, and the transfer accounting of
 * `server/domain/championship/transfers.ts` shown as players change. "Reset" is the classic
 * reset (spec §4): back to the team as loaded, or empty for a new team.
 */
export function ClassicTeamEditor({
  phase,
  players,
  filters,
  edit,
  sport,
}: {
  phase: Phase
  players: Player[]
  filters: TeamFilter[]
  edit: ClassicTeamEdit | null
  sport: string
}) {
  const roster = useRoster(players, sport)
  const { pool, byId } = roster
  const names = useMemo(() => new Map(players.map((p) => [p.id, p.display_name])), [players])
  const [team, setTeam] = useState<ClassicWorkingTeam>(() => loadedTeam(sport, edit, byId))
  const steps = useEditorSteps(team)
  const { setStep, setProblems } = steps
  const teamId = edit?.id ?? null
  const plan = team.transfers
  const refused = team.violations.find((v) => v.rule === 'too_many_transfers')?.message ?? null
  const save = useSaveClassicTeam(phase, teamId, team)
  const rules = sportRules(sport)
  const change = (step: (w: WorkingTeam) => WorkingTeam) => {
    setTeam(classicApply(team, step))
    setProblems(null)
    save.reset()
  }
  const toggle = (player: Player) => {
    if (team.selected_players.includes(player.id)) change((w) => removePlayer(w, player.id))
    else change((w) => addPlayer(w, toRulesPlayer(player), pool))
  }

  return (
    <div className={teamStyles.builder} data-testid="classic-builder">
      <ClassicHead
        phase={phase}
        editing={teamId !== null}
        loaded={edit !== null}
        onReset={() => {
          setTeam(classicReset(team))
          setProblems(null)
          save.reset()
          setStep('pick')
        }}
      />
      <TeamSummary team={team} match={{ teams: [] }} teamSize={rules.team_size} />
      <TransferBar plan={plan} names={names} refused={refused} />

      <EditorSteps
        steps={steps}
        team={team}
        roster={roster}
        filters={filters}
        save={save}
        saveLabel={plan.cost_paise > 0 ? `Save · ₹${plan.cost_paise / 100} at lock` : 'Save team'}
        onToggle={toggle}
        onCaptain={(id) => change((w) => setCaptain(w, id))}
        onVice={(id) => change((w) => setViceCaptain(w, id))}
      />
    </div>
  )
}

/** The builder's head: back to the championship, which team, and Reset (to the team as loaded, or empty). */
function ClassicHead({
  phase,
  editing,
  loaded,
  onReset,
}: {
  phase: Phase
  editing: boolean
  loaded: boolean
  onReset: () => void
}) {
  return (
    <EditorHead
      back="/championship"
      backLabel="Back to the championship"
      title={editing ? 'Edit championship team' : 'Create championship team'}
      subtitle={
        <>
          {phase.series.short_name || phase.series.name} · {phase.name}
        </>
      }
      onReset={onReset}
      resetTitle={loaded ? 'Back to the team as it was loaded' : 'Clear the team'}
    />
  )
}

/** The team as the page loaded it (valid, spec §4), or an empty one for a new team. */
function loadedTeam(
  sport: string,
  edit: ClassicTeamEdit | null,
  byId: ReadonlyMap<number, Player>,
): ClassicWorkingTeam {
  if (!edit) return newClassicTeam(sport)
  const players = edit.team_players.map((p) => byId.get(p.id)).filter((p): p is Player => Boolean(p))
  return loadClassicTeam(
    {
      sport,
      players: players.map(toRulesPlayer),
      captain_id: idOf(edit.captain) ?? 0,
      vice_captain_id: idOf(edit.vice_captain) ?? 0,
    },
    lockedState(edit),
  )
}

/**
 * The team's standing at its last lock, from what the edit answer says: null while transfers
 * are unlimited ("∞"), else recovered from the transfers left after the saved team's own
 * changes (spec §4: the free transfers shown count from the last save).
 */
function lockedState(edit: ClassicTeamEdit | null): LockedState | null {
  if (!edit?.last_lock_player_ids) return null
  const free = transfersText(edit.free_transfers)
  const paid = transfersText(edit.paid_transfers)
  if (free === '∞' || paid === '∞') return null
  const bank = edit.free_at_lock === undefined ? null : Number(transfersText(edit.free_at_lock))
  if (bank !== null && Number.isFinite(bank))
    return { player_ids: edit.last_lock_player_ids, free_left: bank }
  return lockedStateFromSave(
    edit.last_lock_player_ids,
    edit.team_players.map((p) => p.id),
    Number(free),
    Number(paid),
  )
}

/** Saves the team for the phase; on success, back to the return address. */
function useSaveClassicTeam(phase: Phase, teamId: number | null, team: ClassicWorkingTeam) {
  const navigate = useNavigate()
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      saveClassicTeam(phase.id, teamId, {
        player_ids: team.selected_players.join(','),
        captain: team.captain_id ?? 0,
        vice_captain: team.vice_captain_id ?? 0,
      }),
    meta: { silent: true },
    onSuccess: (saved) => {
      afterClassicSave(client, saved)
      showSnackbar(`Your ${phase.name} team is saved.`, 'info')
      // Opened by its address (no one stored a return): back to the championship, its teams and contests.
      navigate(takeReturnAddress(teamId ? AFTER_CLASSIC_UPDATE : AFTER_CLASSIC_CREATE, CHAMPIONSHIP_PATH), {
        replace: true,
      })
    },
  })
}
