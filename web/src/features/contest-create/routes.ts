import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { byId, page } from '../../lib/routing'
import { KIND_PAGES } from './kinds'

const contestCreate = () => import('./pages')

/** A `/contests/create/{kind}` page exists only for the kinds named in ./kinds. */
const knownKind = ({ params }: LoaderFunctionArgs) => {
  if (!KIND_PAGES.includes(params.kind ?? '')) throw data('Page not found', { status: 404 })
  return null
}

/** Players create contests (docs/contest-creation.md): every page is about the signed-in player's own. */
export const contestCreationRoutes: RouteObject[] = [
  { path: 'contests/create', ...page(contestCreate, 'CreateHomePage') },
  { path: 'contests/create/get-access', ...page(contestCreate, 'GetAccessPage') },
  { path: 'contests/create/out-of-access', ...page(contestCreate, 'OutOfAccessPage') },
  { path: 'contests/create/contest-requirement', ...page(contestCreate, 'ContestRequirementPage') },
  { path: 'contests/create/:kind', loader: knownKind, ...page(contestCreate, 'CreateKindPage') },
  { path: 'contests/:id/edit', ...byId(), ...page(contestCreate, 'EditContestPage') },
  { path: 'contests/:id/join', ...byId(), ...page(contestCreate, 'JoinLinkPage') },
  { path: 'saved-prizes', ...page(contestCreate, 'SavedPrizesPage') },
  { path: 'saved-prizes/new', ...page(contestCreate, 'NewSavedPrizePage') },
  { path: 'saved-prizes/:id/edit', ...byId(), ...page(contestCreate, 'EditSavedPrizePage') },
]
