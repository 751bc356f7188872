import type { RouteObject } from 'react-router'
import { byId, optionalIds, page } from '../../lib/routing'

const championship = () => import('./pages')

/** Championship: every call needs a signed-in user (the phases carry my team), so every page does too. */
export const championshipRoutes: RouteObject[] = [
  { path: 'championship', ...page(championship, 'ChampionshipHomePage') },
  {
    path: 'championship/phases/:phase_id/leaderboard',
    ...byId('phase_id'),
    ...page(championship, 'PhaseLeaderboardPage'),
  },
  { path: 'championship/teams/:team_id', ...byId('team_id'), ...page(championship, 'ClassicTeamPage') },
  {
    path: 'championship/phases/:phase_id?/create-team',
    ...optionalIds('phase_id'),
    ...page(championship, 'CreateClassicTeamPage'),
  },
  {
    path: 'championship/phases/:phase_id?/edit-team/:team_id',
    ...optionalIds('phase_id', 'team_id'),
    ...page(championship, 'EditClassicTeamPage'),
  },
  {
    path: 'championship/teams/:team_id?/history',
    ...optionalIds('team_id'),
    ...page(championship, 'HistoryPage'),
  },
  {
    path: 'contests/:id/championship-stats',
    ...byId(),
    ...page(championship, 'ContestChampionshipStatsPage'),
  },
]
