import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { byId, page } from '../../lib/routing'

const contestRules = () => import('./pages')

/** A `/contests/rules/:slug` that names no game kind is the 404 page (the list is the server's own). */
const knownGameKind = async ({ params }: LoaderFunctionArgs) => {
  const { gameKind } = await import('../../../../server/domain/game-kinds')
  if (!gameKind(params.slug ?? '')) throw data('Page not found', { status: 404 })
  return null
}

/** The games and each game kind's rules (docs/contest-creation.md), for anyone. */
export const contestRulesRoutes: RouteObject[] = [
  { path: 'contests/games', ...page(contestRules, 'GamesPage') },
  { path: 'contests/games/:id', ...byId(), ...page(contestRules, 'GamePage') },
  { path: 'contests/rules/:slug', loader: knownGameKind, ...page(contestRules, 'RulesPage') },
]
