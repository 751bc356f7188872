/** The tournament pages, one lazy chunk for the router. */
export { RoundSlotsPage } from './RoundSlotsPage'
export { TournamentPage } from './TournamentPage'
export { TournamentsPage } from './TournamentsPage'
