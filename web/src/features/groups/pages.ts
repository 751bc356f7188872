/** The lazy route modules of groups and chat (docs/groups.md "Web"). */
export { AddMembersPage } from './AddMembersPage'
export { ChatPage } from './ChatPage'
export { DetailsPage } from './DetailsPage'
export { GroupsPage } from './GroupsPage'
export { InvitePage } from './InvitePage'
export { NewGroupPage } from './NewGroupPage'
export { SearchGroupsPage } from './SearchGroupsPage'
