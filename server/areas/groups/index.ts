// The groups' front door. Areas that build on groups (auctions, classroom) import from here;
// groups import none of them back (a card of theirs is checked through ./cards).
export { type CardCheck, registerCardCheck } from './cards'
export { MESSAGE_MAX_CHARS, sendMessage } from './messages'
export { groupMessageRoutes } from './messages.routes'
export { memberGroupUuids } from './queries'
export { groupRoutes } from './routes'
export type { GroupMemberSchema, GroupMessageSchema, GroupSchema } from './schemas'
export { MessageBody } from './schemas'
export { createGroup } from './service'
export { chatsStream, groupStream } from './streams'
export { isGroupMember, visibleGroup } from './visibility'
