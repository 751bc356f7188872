import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { roleTabs, sportRules } from '../../../../server/domain/team-rules'
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
import { ChevronLeftIcon, ResetIcon } from '../../components/Icons'
import { AFTER_TEAM_CREATE, AFTER_TEAM_UPDATE, takeReturnAddress } from '../../lib/return-to'
import { showSnackbar } from '../../lib/snackbar'
import type { Match, Player } from '../matches'
import { MatchState } from '../matches'
import { afterSave, saveTeam, toRulesPlayer } from './api'
import { CaptainStep } from './CaptainStep'
import { EditorFooter } from './EditorFooter'
import { PickStep } from './PickStep'
import { PreviewDialog } from './PreviewDialog'
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
  saved: { team_players: Player[]; captain: number; vice_captain: number; team_no: number } | null
  teamId: number | null
}) {
  const navigate = useNavigate()
  const client = useQueryClient()
  const sport = match.sport_slug
  const pool = useMemo(() => players.map(toRulesPlayer), [players])
  const byId = useMemo(() => new Map(players.map((p) => [p.id, p])), [players])
  // Spec §4: loading an existing team makes it valid with every flag true.
  const [team, setTeam] = useState<WorkingTeam>(() =>
    saved
      ? loadTeam({
          sport,
          players: saved.team_players.map(toRulesPlayer),
          captain_id: saved.captain,
          vice_captain_id: saved.vice_captain,
        })
      : emptyTeam(sport),
  )
  const [step, setStep] = useState<'pick' | 'captain'>('pick')
  const [preview, setPreview] = useState(false)
  const [problems, setProblems] = useState<string[] | null>(null)
  const save = useMutation({
    mutationFn: () =>
      saveTeam(match.id, teamId, {
        player_ids: team.selected_players.join(','),
        captain: team.captain_id ?? 0,
        vice_captain: team.vice_captain_id ?? 0,
      }),
    meta: { silent: true },
    onSuccess: (answer) => {
      afterSave(client, match.id, answer)
      showSnackbar(`Team ${answer.team_no} saved.`, 'info')
      navigate(takeReturnAddress(teamId ? AFTER_TEAM_UPDATE : AFTER_TEAM_CREATE), { replace: true })
    },
  })
  const rules = sportRules(sport)
  const tabs = roleTabs(sport)
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
  const next = () => {
    if (team.players_valid) {
      setStep('captain')
      window.scrollTo({ top: 0 })
    } else setProblems(team.violations.filter((v) => v.field === 'player_ids').map((v) => v.message))
  }
  const submit = () => {
    if (!team.valid_team) {
      setProblems(team.violations.map((v) => v.message))
      return
    }
    save.mutate()
  }

  return (
    <div className={styles.builder} data-testid="team-builder">
      <header className={styles.head}>
        <Link
          to={`/matches/${match.id}/contests`}
          className={styles.backLink}
          aria-label="Back to the contests"
        >
          <ChevronLeftIcon />
        </Link>
        <div className={styles.headText}>
          <h1>{teamId ? `Edit Team ${saved?.team_no ?? ''}` : 'Create Team'}</h1>
          <span>
            {match.title} · <MatchState match={match} />
          </span>
        </div>
        <button
          type="button"
          className={styles.reset}
          onClick={() => {
            change(resetTeam(team))
            setStep('pick')
          }}
          disabled={team.selected_players_count === 0}
          data-testid="reset-team"
        >
          <ResetIcon width={16} height={16} /> Reset
        </button>
      </header>
      <TeamSummary team={team} match={match} teamSize={rules.team_size} />

      {step === 'pick' ? (
        <PickStep team={team} players={players} pool={pool} tabs={tabs} sport={sport} onToggle={toggle} />
      ) : (
        <CaptainStep
          team={team}
          byId={byId}
          sport={sport}
          onCaptain={(id) => change(setCaptain(team, id))}
          onVice={(id) => change(setViceCaptain(team, id))}
        />
      )}

      <EditorFooter
        step={step}
        problems={problems}
        onCloseProblems={() => setProblems(null)}
        saveError={save.error}
        saving={save.isPending}
        playersValid={team.players_valid}
        teamValid={team.valid_team}
        onBack={() => setStep('pick')}
        onPreview={() => setPreview(true)}
        onNext={next}
        onSave={submit}
      />
      <PreviewDialog open={preview} onClose={() => setPreview(false)} team={team} byId={byId} sport={sport} />
    </div>
  )
}
