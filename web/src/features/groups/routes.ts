import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

const groups = () => import('./pages')

/** Groups and chat (docs/groups.md): all of it is about the signed-in player's conversations. */
export const groupRoutes: RouteObject[] = [
  { path: 'groups', ...page(groups, 'GroupsPage') },
  { path: 'groups/new', ...page(groups, 'NewGroupPage') },
  { path: 'groups/search', ...page(groups, 'SearchGroupsPage') },
  { path: 'groups/invite', ...page(groups, 'InvitePage') },
  { path: 'groups/invite/:code', ...page(groups, 'InvitePage') },
  { path: 'groups/:id', ...page(groups, 'ChatPage') },
  { path: 'groups/:id/add-members', ...page(groups, 'AddMembersPage') },
  { path: 'groups/:id/details', ...page(groups, 'DetailsPage') },
]
