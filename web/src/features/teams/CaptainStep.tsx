import { teamRows } from '../../../../server/domain/team-rules'
import type { WorkingTeam } from '../../../../server/domain/working-team'
import boxed from '../../components/boxed-list.module.css'
import { onDataColour } from '../../components/readable-on'
import { formatNumber } from '../../lib/format'
import type { Player } from '../matches'
import pick from './pick.module.css'

/**
 * Captain (2× points) and vice-captain (1.5×). Choosing one for the player who holds the
 * other role moves the role: the working team clears the other (spec §4).
 */
export function CaptainStep({
  team,
  byId,
  sport,
  onCaptain,
  onVice,
}: {
  team: WorkingTeam
  byId: ReadonlyMap<number, Player>
  sport: string
  onCaptain: (id: number) => void
  onVice: (id: number) => void
}) {
  const selected = team.selected_players_hash.map((p) => ({ ...p, player: byId.get(p.id) }))
  // In role order, as on the pitch.
  const ordered = teamRows(sport, selected).flat()
  return (
    <>
      <div className={pick.captainHead}>
        <strong>Choose your captain and vice-captain</strong>
        <span>C gets 2× points · VC gets 1.5× points</span>
      </div>
      <ul className={boxed.list} data-testid="captain-list">
        {ordered.map(({ id, role, player }) =>
          player ? (
            <CaptainRow
              key={id}
              id={id}
              role={role}
              player={player}
              isC={team.captain_id === id}
              isVC={team.vice_captain_id === id}
              onCaptain={onCaptain}
              onVice={onVice}
            />
          ) : null,
        )}
      </ul>
    </>
  )
}

/** One picked player with its C and VC buttons. */
function CaptainRow({
  id,
  role,
  player,
  isC,
  isVC,
  onCaptain,
  onVice,
}: {
  id: number
  role: string
  player: Player
  isC: boolean
  isVC: boolean
  onCaptain: (id: number) => void
  onVice: (id: number) => void
}) {
  return (
    <li className={pick.player} data-testid="captain-row" data-player-id={id}>
      <div className={pick.playerButton}>
        <span className={pick.kit} style={onDataColour(player.team.team_color)} aria-hidden="true">
          {player.team.name_attr}
        </span>
        <span className={pick.playerName}>
          <strong>{player.name}</strong>
          <span>
            {player.team.name_attr} · {role} · {formatNumber(player.value)} Cr
          </span>
        </span>
        <button
          type="button"
          className={pick.cap}
          aria-pressed={isC}
          onClick={() => onCaptain(id)}
          aria-label={`Captain ${player.name}`}
          data-testid="pick-captain"
        >
          {isC ? '2×' : 'C'}
        </button>
        <button
          type="button"
          className={`${pick.cap} ${pick.vcap}`}
          aria-pressed={isVC}
          onClick={() => onVice(id)}
          aria-label={`Vice-captain ${player.name}`}
          data-testid="pick-vice"
        >
          {isVC ? '1.5×' : 'VC'}
        </button>
      </div>
    </li>
  )
}
