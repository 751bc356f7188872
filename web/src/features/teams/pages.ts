/** The team pages, one lazy chunk for the router. */
export { CreateTeamPage, EditTeamPage } from './BuilderPage'
export { TeamPlayerPage } from './TeamPlayerPage'
export { ViewTeamPage } from './ViewTeamPage'
