/** The gang pages, one lazy chunk for the router. */
export { GangPage, PhaseGangPage, SeriesGangPage } from './GangPage'
export { GangsHomePage } from './GangsHomePage'
export { GangsPage, PhaseGangsPage, SeriesGangsPage } from './GangsPage'
