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

export function when(ms: number): string {
  return new Date(ms).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  })
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
