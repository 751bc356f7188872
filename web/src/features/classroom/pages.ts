/** The classroom pages, one lazy chunk for the router. */
export { ClassReportPage } from './ClassReportPage'
