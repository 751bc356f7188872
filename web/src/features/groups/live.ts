import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useGatedChannel } from '../../lib/use-channel'
import { GROUPS_KEY, type GroupMessage, groupQuery, membersQuery, messagesQuery } from './api'
import { insertMessage } from './chat-state'

type Broadcast =
  | { type: 'snapshot'; seq: number; group_uuid_id: string }
  | { type: 'message'; seq: number; message: GroupMessage }
  | { type: 'removed'; seq: number; user_slug: string }
  | { type: 'read'; seq: number; user_slug: string; message_id: number }

/**
 * Follows a conversation over GroupChannel (docs/channels.md): each message goes into the
 * cached pages once (my own also comes back as the POST's answer); someone else's removal
 * refetches the members; my own removal — or a refused subscription — calls `onLostAccess`,
 * and the caller stops following (the server has already ended the subscription). A gap in
 * `seq` or a reconnect reloads the newest page.
 */
export function useGroupLive(uuid: string | null, mySlug: string | undefined, onLostAccess: () => void) {
  const client = useQueryClient()
  const reload = () => {
    if (uuid) void client.resetQueries({ queryKey: messagesQuery(uuid).queryKey })
  }
  const take = (m: Broadcast) => {
    if (!uuid) return
    if (m.type === 'message') {
      insertInto(client, uuid, m.message)
      void client.invalidateQueries({ queryKey: [...GROUPS_KEY, 'mine'] })
    } else if (m.type === 'removed') {
      if (m.user_slug === mySlug) onLostAccess()
      else {
        void client.invalidateQueries({ queryKey: groupQuery(uuid).queryKey, exact: true })
        void client.invalidateQueries({ queryKey: membersQuery(uuid).queryKey, exact: true })
      }
    }
  }
  return useGatedChannel<Broadcast>(
    uuid && mySlug ? { channel: 'GroupChannel', group_uuid_id: uuid } : null,
    {
      snapshotSeqs: (m) => ({ group: m.seq }),
      streamOf: () => 'group',
      take,
      refetch: reload,
      rejected: onLostAccess,
    },
  )
}

/** Puts a message into a conversation's cached pages, once. */
export function insertInto(client: QueryClient, uuid: string, message: GroupMessage): void {
  client.setQueryData(messagesQuery(uuid).queryKey, (old) => insertMessage(old, message))
}
