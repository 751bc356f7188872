import { Link } from 'react-router'
import { teamRows } from '../../../../server/domain/team-rules'
import { onDataColour } from '../../components/readable-on'
import { formatNumber } from '../../lib/format'
import styles from './pitch.module.css'

export interface PitchPlayer {
  id: number
  style: number
  name: string
  side: { name_attr: string; team_color: string }
  captain?: boolean
  vice?: boolean
  /** Points so far (before any multiplier); null before the start. */
  points?: number | null
  /** Credits, shown in the builder's preview. */
  value?: number
  styleLabel?: string
}

/** Who a player is on the pitch (the same for every team page); each page adds C, VC and its figures. */
export const onPitch = (p: {
  id: number
  style: number
  display_name: string
  team: PitchPlayer['side']
}) => ({
  id: p.id,
  style: p.style,
  name: p.display_name,
  side: p.team,
})

/**
 * A team on the pitch in the spec's rows (`teamRows`): cricket 4/3/4, football one row per
 * position 101–104, five-player sports 3/2. Captain and vice-captain carry C and VC.
 */
export function Pitch({
  sport,
  players,
  link,
  testId = 'pitch',
}: {
  sport: string
  players: PitchPlayer[]
  link?: (player: PitchPlayer) => string
  testId?: string
}) {
  const rows = teamRows(sport, players)
  const surface = sport === 'cricket' ? styles.cricket : sport === 'football' ? styles.football : styles.arena
  return (
    <div className={`${styles.pitch} ${surface}`} data-testid={testId}>
      {rows.map((row, i) => (
        <div
          // Rows are positional (4/3/4 …), so the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          className={styles.row}
          data-testid="pitch-row"
          data-size={row.length}
        >
          {row.map((p) => {
            const body = (
              <>
                <span className={styles.shirt} style={onDataColour(p.side.team_color)}>
                  {p.side.name_attr}
                  {p.captain ? <em className={styles.c}>C</em> : null}
                  {p.vice ? <em className={styles.vc}>VC</em> : null}
                </span>
                <span className={styles.name}>{p.name}</span>
                <span className={styles.meta} data-testid="pitch-points">
                  {p.points !== undefined && p.points !== null
                    ? `${formatNumber(p.points * (p.captain ? 2 : p.vice ? 1.5 : 1))} pts`
                    : p.value !== undefined
                      ? `${formatNumber(p.value)} Cr`
                      : (p.styleLabel ?? '')}
                </span>
              </>
            )
            return link ? (
              <Link key={p.id} to={link(p)} className={styles.player} data-testid="pitch-player">
                {body}
              </Link>
            ) : (
              <div key={p.id} className={styles.player} data-testid="pitch-player">
                {body}
              </div>
            )
          })}
        </div>
      ))}
    </div>
  )
}
