export { matchStream } from './messages'

/** The scheduler job that locks a match at its start time, and its one key per match. */
export const LOCK_JOB = 'match.lock'
export const lockJobKey = (matchId: number) => `match:${matchId}:lock`
