export { snapshotPhaseTeams } from './lock'
export { endPhase } from './phase-end'
export { phasePlayerRoutes } from './phase-players.routes'
export { championshipPhaseRoutes } from './phases.routes'
export {
  type ChampionshipChannelMessage,
  championshipStream,
  championshipUserStream,
  followPhase,
  type LiveTeam,
  leaderboardMessage,
  type MyTeamMessage,
  myTeamMessage,
} from './publish'
export { findPhase, phaseMatches, phasePlayers } from './queries'
export { storeMatchScores } from './scoring'
export { createClassicTeam } from './service'
export { championshipTeamRoutes } from './teams.routes'
