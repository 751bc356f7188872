import type { Deps } from '../../core/deps'
import { POINT_SYSTEMS, type PointSystem, pointSystemKeyFor } from '../../domain/scoring/point-systems'
import { notFound } from '../../http/errors'
import { sportsInOrder } from './queries'

/** The sports, each naming the point system it scores by. */
export async function sports(deps: Deps) {
  const rows = await sportsInOrder(deps.db)
  return rows.map(({ sort: _sort, ...s }) => ({ ...s, point_system: pointSystemKeyFor(s.slug) }))
}

export const pointSystems = (): PointSystem[] => Object.values(POINT_SYSTEMS)

/** The point system of a sport (PUBG, Free Fire and Call of Duty share the battle-royale one). */
export function pointSystemOf(sport: string): PointSystem {
  const system = POINT_SYSTEMS[pointSystemKeyFor(sport)]
  if (!system) throw notFound('Point system')
  return system
}
