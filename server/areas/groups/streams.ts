import type { AfterCommit } from '../../db/tx'

/**
 * The groups' bus streams (docs/channels.md): a conversation's own (`GroupChannel`) and each
 * member's list of conversations (`ChatsChannel`). Publish only after the commit (`after`).
 */
export const groupStream = (uuid: string) => `group:${uuid}`
export const chatsStream = (userId: number) => `chats:user:${userId}`

/**
 * People came into a conversation (made with them, added, joined by code, back in a
 * one-to-one): its stream says `joined` (member counts), and each newcomer's list hears
 * `added`, so their ChatsChannel starts following it and their chat list shows it at once.
 */
export function announceJoined(after: AfterCommit, uuid: string, userIds: number[]): void {
  if (userIds.length === 0) return
  after.publish(groupStream(uuid), { type: 'joined', user_ids: userIds })
  for (const id of userIds) after.publish(chatsStream(id), { type: 'added', group_uuid_id: uuid })
}
