import { readableOn, rgbOf } from './readable-on'
import styles from './team-badge.module.css'

/**
 * A side's badge: its colour and short name. The API's `flag_photo` is not served yet, so
 * the badge is drawn from `team_color` and `name_attr`, which every side has.
 */
export function TeamBadge({
  team,
  size = 40,
}: {
  team: { name_attr: string; team_color: string; name?: string }
  size?: number
}) {
  return (
    <span
      className={styles.badge}
      title={team.name}
      style={{
        width: size,
        height: size,
        fontSize: Math.max(9, size * (team.name_attr.length > 3 ? 0.24 : 0.3)),
        background: `radial-gradient(circle at 30% 25%, ${lighten(team.team_color)} 0%, ${team.team_color} 70%)`,
        color: readableOn(team.team_color),
      }}
      aria-hidden="true"
    >
      {team.name_attr}
    </span>
  )
}

function lighten(hex: string): string {
  const [r, g, b] = rgbOf(hex).map((c) => Math.round(c + (255 - c) * 0.35))
  return `rgb(${r}, ${g}, ${b})`
}
