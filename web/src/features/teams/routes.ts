import type { RouteObject } from 'react-router'
import { byId, page } from '../../lib/routing'

const teams = () => import('./pages')

/** A player's own teams for a match. */
export const teamRoutes: RouteObject[] = [
  { path: 'matches/:id/create-team', ...byId(), ...page(teams, 'CreateTeamPage') },
  { path: 'matches/:id/edit-team/:team_id', ...byId('id', 'team_id'), ...page(teams, 'EditTeamPage') },
  { path: 'matches/:id/viewteam/:team_id', ...byId('id', 'team_id'), ...page(teams, 'ViewTeamPage') },
  {
    path: 'teams/:team_id/players/:player_id',
    ...byId('team_id', 'player_id'),
    ...page(teams, 'TeamPlayerPage'),
  },
]
