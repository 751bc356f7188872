export { findTeam, parsePlayerIds, teamsOf } from './queries'
export { teamRoutes } from './routes'
export { createTeam, isMatchLocked } from './service'
export { matchSquadRoutes } from './squad.routes'
