/** The front door of features/championship: what other features may use. Championship: phases, classic teams and their contests. */
export { phaseQuery, phasesQuery } from './api'
