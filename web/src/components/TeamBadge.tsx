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

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '')
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h.padEnd(6, '0')
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) || 0) as [number, number, number]
}

/** Dark text on light colours (a yellow kit), white on the rest. */
function readableOn(hex: string): string {
  const [r, g, b] = rgb(hex)
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#15133a' : '#ffffff'
}

function lighten(hex: string): string {
  const [r, g, b] = rgb(hex).map((c) => Math.round(c + (255 - c) * 0.35))
  return `rgb(${r}, ${g}, ${b})`
}
