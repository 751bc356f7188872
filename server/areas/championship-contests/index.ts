export { registerChampionshipContestJobs, resumeChampionshipContests } from './jobs'
export { championshipLabel, championshipPoolCode } from './ledger'
export { ChampionshipContestSchema, championshipContestRoutes } from './routes'
export { seriesContestRoutes } from './series-contests.routes'
export {
  cancelChampionshipContest,
  joinChampionshipContest,
  joinChampionshipInTx,
  lockPhaseContests,
  type PhaseWindow,
  phaseLocked,
  phaseWindow,
  settlePhaseContests,
} from './service'
export { championshipContestView } from './views'
