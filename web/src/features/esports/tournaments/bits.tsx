import { formatDateTime } from '../../../lib/format'
import type { Round, Tournament } from './api'
import styles from './tournaments.module.css'

export const STATUS_LABEL: Record<Tournament['status'], string> = {
  registration: 'Registration open',
  running: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

export const ROUND_STATUS: Record<Round['status'], string> = {
  pending: 'Not seeded yet',
  seeded: 'Seeded',
  completed: 'Completed',
}

/** A round's or a registration's start, with the zone: "3 Dec, 14:30 IST". */
export function when(ms: number): string {
  return formatDateTime(ms)
}

export function StatusBadge({ status }: { status: Tournament['status'] }) {
  return (
    <span
      className={`${styles.badge} ${status === 'registration' ? styles.open : ''}`}
      data-testid="tournament-status"
    >
      {STATUS_LABEL[status]}
    </span>
  )
}

export function qualifyText(r: Round): string {
  if (r.qualify_count === 0) return 'final'
  return `top ${r.qualify_count} ${r.qualify_rule === 'top_per_lobby' ? 'of each lobby' : 'overall'} go on`
}

/** `Round 2: Grand final`, or just `Round 1` when the round has no name of its own. */
export function roundTitle(r: Round): string {
  return r.name === `Round ${r.number}` ? r.name : `Round ${r.number}: ${r.name}`
}
