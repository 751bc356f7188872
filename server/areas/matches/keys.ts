export { matchStream } from './messages'

/** The scheduler job that locks a match at its start time, and its one key per match. */
export const LOCK_JOB = 'match.lock'
export const lockJobKey = (matchId: number) => `match:${matchId}:lock`

/**
 * The deadline reminders (docs/contests.md, "Deadline reminders"): a job per match and lead
 * time, `DEADLINE_LEADS_MIN` minutes before the lock. Scheduled beside the lock job; the
 * contests area handles it. Only leads still ahead of `nowMs` are asked for.
 */
export const DEADLINE_JOB = 'match.deadline_reminder'
export const DEADLINE_LEADS_MIN = [30, 5] as const
export const deadlineJobKey = (matchId: number, minutes: number) => `match:${matchId}:deadline:${minutes}`

export function deadlineJobs(matchId: number, lockAtMs: number, nowMs: number) {
  return DEADLINE_LEADS_MIN.map((minutes) => ({
    kind: DEADLINE_JOB,
    runAtMs: lockAtMs - minutes * 60_000,
    payload: { match_id: matchId, minutes },
    uniqueKey: deadlineJobKey(matchId, minutes),
  })).filter((job) => job.runAtMs > nowMs)
}
