export { findTeam, parsePlayerIds, teamsOf } from './queries'
export { teamRoutes } from './routes'
export { checkPick, createTeam, isMatchLocked, refuseTeam } from './service'
export { matchSquadRoutes } from './squad.routes'
