import type { Match } from './api'
import styles from './matches.module.css'

/**
 * "LIVE" with a pulsing dot while the match is played and the page is following it over
 * /cable; the pulse restarts with every push, so a moving match visibly ticks.
 */
export function LiveBadge({
  status,
  connected,
  updates,
}: {
  status: Match['match_status'] | null
  connected: boolean
  updates: number
}) {
  if (status !== 'live') return null
  return (
    <span
      className={styles.liveBadge}
      data-testid="live-indicator"
      data-connected={connected}
      title={connected ? 'Updating live' : 'Reconnecting…'}
    >
      <span key={updates} className={connected ? styles.liveDot : styles.liveDotOff} aria-hidden="true" />
      {connected ? 'LIVE' : 'OFFLINE'}
    </span>
  )
}
