import type { RouteObject } from 'react-router'
import { byId, page } from '../../lib/routing'

const gangs = () => import('./pages')

/** Gangs (docs/gangs.md): every gang call is about the signed-in player's gangs. */
export const gangRoutes: RouteObject[] = [
  { path: 'gangs', ...page(gangs, 'GangsHomePage') },
  { path: 'series/:id/gangs', ...byId(), ...page(gangs, 'SeriesGangsPage') },
  { path: 'series/:id/gangs/:gang_id', ...byId('id', 'gang_id'), ...page(gangs, 'SeriesGangPage') },
  { path: 'championship/phases/:id/gangs', ...byId(), ...page(gangs, 'PhaseGangsPage') },
  {
    path: 'championship/phases/:id/gangs/:gang_id',
    ...byId('id', 'gang_id'),
    ...page(gangs, 'PhaseGangPage'),
  },
]
