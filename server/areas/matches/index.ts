export { crestRoutes } from './crest'
export { matchFixtureRoutes } from './fixture.routes'
export { DEADLINE_JOB, DEADLINE_LEADS_MIN, deadlineJobs, LOCK_JOB, lockJobKey, matchStream } from './keys'
export type { MatchChannelMessage, MatchMessage, MatchSnapshot, PlayerPoints } from './messages'
export { phaseFilters } from './phase-filters'
export { asSquad } from './players'
export { PLAYER_FIELDS, playersOfTeams, VALUED_PLAYER_FIELDS } from './players.queries'
export {
  findMatch,
  listMatches,
  type MatchRow,
  matchSquad,
  nextMatchStartMs,
  phaseExists,
  type SquadPlayer,
} from './queries'
export { matchRoutes } from './routes'
export { idParam, MatchSchema, MatchStatusSchema, PlayerSchema } from './schemas'
export { type MatchScore, MatchScoreSchema } from './score'
export { playerJson } from './serialize'
export { seriesRoutes } from './series.routes'
export { matchesJson, playerScores, pointsOf, requireMatch, requireMatchExists } from './service'
