import type { ReactNode } from 'react'
import { onDataColour } from '../../components/readable-on'
import type { PlayerCard } from './api'
import styles from './auctions.module.css'

/** A player's side tag, name (★ for stars) and role, with whatever the page puts on the right. */
export function PlayerLine({
  player,
  detail,
  children,
}: {
  player: Partial<PlayerCard> | null
  detail?: ReactNode
  children?: ReactNode
}) {
  return (
    <>
      <span className={styles.teamTag} style={onDataColour(player?.team_color)}>
        {player?.team_name_attr ?? '—'}
      </span>
      <span className={styles.playerName}>
        <strong>
          {player?.display_name ?? `Player ${player?.id ?? ''}`}
          {player?.is_star ? <span className={styles.star}>★</span> : null}
        </strong>
        <em>
          {player?.style_label}
          {detail ? <> · {detail}</> : null}
        </em>
      </span>
      {children}
    </>
  )
}
