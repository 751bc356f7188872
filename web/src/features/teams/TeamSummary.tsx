import type { WorkingTeam } from '../../../../server/domain/working-team'
import { formatNumber } from '../../lib/format'
import type { Match } from '../matches'
import pick from './pick.module.css'

/** Players picked of the team size, players per real team, credits left, and a slot bar. */
export function TeamSummary({
  team,
  match,
  teamSize,
}: {
  team: WorkingTeam
  match: Pick<Match, 'teams'>
  teamSize: number
}) {
  return (
    <>
      <div className={pick.summary} data-testid="team-summary">
        <div>
          <span className={pick.summaryLabel}>Players</span>
          <strong data-testid="selected-count">
            {team.selected_players_count}/{teamSize}
          </strong>
        </div>
        <div className={pick.sides} data-testid="side-counts">
          {match.teams.length <= 2
            ? match.teams.map((side) => (
                <span key={side.id} className={pick.sideCount}>
                  <i style={{ background: side.team_color }} aria-hidden="true" />
                  {side.name_attr} <b>{team.team_players_count[side.id] ?? 0}</b>
                </span>
              ))
            : null}
        </div>
        <div>
          <span className={pick.summaryLabel}>Credits left</span>
          <strong data-testid="credits-left" className={team.budget < 0 ? pick.over : undefined}>
            {formatNumber(team.budget)}
          </strong>
        </div>
      </div>
      <div className={pick.slots} aria-hidden="true">
        {Array.from({ length: teamSize }, (_, i) => i + 1).map((slot) => (
          <span key={slot} className={slot <= team.selected_players_count ? pick.slotOn : undefined} />
        ))}
      </div>
    </>
  )
}
