import type { WorkingTeam } from '../../../../server/domain/working-team'
import { Dialog } from '../../components/Dialog'
import type { Player } from '../matches'
import { onPitch, Pitch } from './Pitch'
import styles from './teams.module.css'

/** TEAM PREVIEW: the team being built on the pitch, in the spec's rows. */
export function PreviewDialog({
  open,
  onClose,
  team,
  byId,
  sport,
}: {
  open: boolean
  onClose: () => void
  team: WorkingTeam
  byId: ReadonlyMap<number, Player>
  sport: string
}) {
  const players = team.selected_players.flatMap((id) => {
    const p = byId.get(id)
    return p
      ? [
          {
            ...onPitch(p),
            captain: team.captain_id === id,
            vice: team.vice_captain_id === id,
            value: p.value,
          },
        ]
      : []
  })
  return (
    <Dialog open={open} title="Team preview" onClose={onClose} testId="team-preview">
      {players.length === 0 ? (
        <p className={styles.muted}>Pick players and they appear here in their rows.</p>
      ) : (
        <Pitch sport={sport} players={players} testId="preview-pitch" />
      )}
    </Dialog>
  )
}
