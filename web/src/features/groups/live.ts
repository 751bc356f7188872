import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useChannel, useGatedChannel } from '../../lib/use-channel'
import { GROUPS_KEY, type GroupMessage, groupQuery, membersQuery, messagesQuery, myGroupsQuery } from './api'
import { insertMessage } from './chat-state'

type Broadcast =
  | { type: 'snapshot'; seq: number; group_uuid_id: string }
  | { type: 'message'; seq: number; message: GroupMessage }
  | { type: 'removed'; seq: number; user_slug: string }
  | { type: 'read'; seq: number; user_slug: string; message_id: number }
  | { type: 'joined'; seq: number; user_ids: number[] }

/**
 * Follows a conversation over GroupChannel (docs/channels.md): each message goes into the
 * cached pages once (my own also comes back as the POST's answer); someone joining, or someone
 * else's removal, refetches the group (its member count) and the members; my own removal — or a refused subscription — calls `onLostAccess`,
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
    } else if (m.type === 'removed' && m.user_slug === mySlug) onLostAccess()
    else if (m.type === 'removed' || m.type === 'joined') refetchMembers(client, uuid)
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

function refetchMembers(client: QueryClient, uuid: string) {
  void client.invalidateQueries({ queryKey: groupQuery(uuid).queryKey, exact: true })
  void client.invalidateQueries({ queryKey: membersQuery(uuid).queryKey, exact: true })
}

type ChatChange = { type: 'snapshot' } | { type: 'chat'; group_uuid_id: string; change: string }

/**
 * Keeps my list of conversations current over ChatsChannel (docs/channels.md): a new
 * conversation, a message, my read marker, a join or leave anywhere in my conversations reads
 * the list again (last message, time, unread count, member count); a member change also
 * refreshes that conversation's header. A reconnect reads the list again (something may have
 * been missed). Answers whether the list is live.
 */
export function useChatsLive(enabled: boolean): boolean {
  const client = useQueryClient()
  const reload = () => void client.invalidateQueries({ queryKey: myGroupsQuery.queryKey, exact: true })
  return useChannel(enabled ? { channel: 'ChatsChannel' } : null, {
    connected: (first) => {
      if (!first) reload()
    },
    received: (data) => {
      const m = data as ChatChange
      if (m.type !== 'chat') return
      reload()
      if (m.change === 'members') refetchMembers(client, m.group_uuid_id)
    },
  })
}
