import type { ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { EditIcon, EyeIcon } from '../../components/Icons'
import { formatNumber } from '../../lib/format'
import { AFTER_TEAM_UPDATE, setReturnAddress } from '../../lib/return-to'
import type { UserTeam } from './api'
import page from './pages.module.css'

/** One of my teams: captain, vice-captain, credits, points; preview, and edit before the start. */
export function TeamCard({ team, children }: { team: UserTeam; children?: ReactNode }) {
  const navigate = useNavigate()
  const location = useLocation()
  const captain = team.team_players.find((p) => p.is_captain)
  const vice = team.team_players.find((p) => p.is_vice_captain)
  const counts = new Map<string, number>()
  for (const p of team.team_players) counts.set(p.team.name_attr, (counts.get(p.team.name_attr) ?? 0) + 1)
  return (
    <div className={page.teamCard} data-testid="team-card">
      <div className={page.teamHead}>
        <strong>TEAM {team.team_no}</strong>
        <span className={page.teamCounts}>
          {[...counts].map(([side, n]) => (
            <span key={side}>
              {side} {n}
            </span>
          ))}
        </span>
        {team.points !== null ? (
          <span className={page.teamPoints} data-testid="team-points">
            {formatNumber(team.points)} pts
          </span>
        ) : null}
      </div>
      <div className={page.teamLeaders}>
        <span>
          <em className={page.c}>C</em> {captain?.display_name ?? '—'}
        </span>
        <span>
          <em className={page.vc}>VC</em> {vice?.display_name ?? '—'}
        </span>
      </div>
      <div className={page.teamActions}>
        {children}
        <Link to={`/matches/${team.match_id}/viewteam/${team.id}`} className={page.iconLink}>
          <EyeIcon width={16} height={16} /> Preview
        </Link>
        {team.is_current_user_allowed_to_edit ? (
          <button
            type="button"
            className={page.iconLink}
            onClick={() => {
              setReturnAddress(AFTER_TEAM_UPDATE, location.pathname + location.search)
              navigate(`/matches/${team.match_id}/edit-team/${team.id}`)
            }}
          >
            <EditIcon width={16} height={16} /> Edit
          </button>
        ) : null}
      </div>
    </div>
  )
}
