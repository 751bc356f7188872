export { registerChampionshipContestJobs, resumeChampionshipContests } from './jobs'
export { championshipLabel, championshipPoolCode } from './ledger'
export { ChampionshipContestSchema, championshipContestRoutes } from './routes'
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
export { championshipContestView, seriesChampionshipContests } from './views'
