/** The bus stream a match's MatchChannel subscribers follow. */
export const matchStream = (matchId: number) => `match:${matchId}`

/** The scheduler job that locks a match at its start time, and its one key per match. */
export const LOCK_JOB = 'match.lock'
export const lockJobKey = (matchId: number) => `match:${matchId}:lock`
