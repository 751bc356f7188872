import { useMemo, useState } from 'react'
import { type RoleTab, roleTabs, type TeamPlayer } from '../../../../server/domain/team-rules'
import type { WorkingTeam } from '../../../../server/domain/working-team'
import type { Player } from '../matches'
import { toRulesPlayer } from './api'
import { CaptainStep } from './CaptainStep'
import { EditorFooter } from './EditorFooter'
import { PickStep, type TeamFilter } from './PickStep'
import { PreviewDialog } from './PreviewDialog'

export type EditorStep = 'pick' | 'captain'

/** The players a builder picks from, as the rules see them (`pool`), by id, and in role tabs. */
export interface Roster {
  players: Player[]
  pool: TeamPlayer[]
  byId: ReadonlyMap<number, Player>
  tabs: RoleTab[]
  sport: string
}

export function useRoster(players: Player[], sport: string): Roster {
  const pool = useMemo(() => players.map(toRulesPlayer), [players])
  const byId = useMemo(() => new Map(players.map((p) => [p.id, p])), [players])
  return { players, pool, byId, tabs: roleTabs(sport), sport }
}

/** The team builders' step, preview and unmet rules, and the Next and Save checks on them. */
export function useEditorSteps(team: WorkingTeam) {
  const [step, setStep] = useState<EditorStep>('pick')
  const [preview, setPreview] = useState(false)
  const [problems, setProblems] = useState<string[] | null>(null)
  const next = () => {
    if (team.players_valid) {
      setStep('captain')
      window.scrollTo({ top: 0 })
    } else setProblems(team.violations.filter((v) => v.field === 'player_ids').map((v) => v.message))
  }
  /** Whether the team may be saved; otherwise every unmet rule is shown. */
  const readyToSave = () => {
    if (team.valid_team) return true
    setProblems(team.violations.map((v) => v.message))
    return false
  }
  return { step, setStep, preview, setPreview, problems, setProblems, next, readyToSave }
}

export type EditorStepsState = ReturnType<typeof useEditorSteps>

/** The body of a team builder (daily and championship alike): the step shown, the footer, the preview. */
export function EditorSteps({
  steps,
  team,
  roster,
  filters,
  save,
  saveLabel,
  onToggle,
  onCaptain,
  onVice,
}: {
  steps: EditorStepsState
  team: WorkingTeam
  roster: Roster
  filters?: TeamFilter[]
  save: { error: Error | null; isPending: boolean; mutate: () => void }
  saveLabel?: string
  onToggle: (player: Player) => void
  onCaptain: (id: number) => void
  onVice: (id: number) => void
}) {
  const { step, setStep, preview, setPreview, problems, setProblems } = steps
  const { players, pool, byId, tabs, sport } = roster
  return (
    <>
      {step === 'pick' ? (
        <PickStep
          team={team}
          players={players}
          pool={pool}
          tabs={tabs}
          sport={sport}
          onToggle={onToggle}
          filters={filters}
        />
      ) : (
        <CaptainStep team={team} byId={byId} sport={sport} onCaptain={onCaptain} onVice={onVice} />
      )}

      <EditorFooter
        step={step}
        problems={problems}
        onCloseProblems={() => setProblems(null)}
        saveError={save.error}
        saving={save.isPending}
        playersValid={team.players_valid}
        teamValid={team.valid_team}
        saveLabel={saveLabel}
        onBack={() => setStep('pick')}
        onPreview={() => setPreview(true)}
        onNext={steps.next}
        onSave={() => {
          if (steps.readyToSave()) save.mutate()
        }}
      />
      <PreviewDialog open={preview} onClose={() => setPreview(false)} team={team} byId={byId} sport={sport} />
    </>
  )
}
