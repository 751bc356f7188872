import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Avatar, EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ChevronLeftIcon } from '../../components/Icons'
import { ApiError } from '../../lib/api'
import { useMe } from '../../lib/me'
import { usePageTitle } from '../../lib/page-title'
import {
  GROUPS_KEY,
  type Group,
  groupImage,
  groupPath,
  groupQuery,
  groupTitle,
  membersLabel,
  messagesQuery,
  sendMessage,
} from './api'
import { ChatComposer } from './ChatComposer'
import chat from './chat.module.css'
import { newIdentifierKey, type PendingSend } from './chat-state'
import styles from './groups.module.css'
import { insertInto, useGroupLive } from './live'
import { MessageList } from './MessageList'

/**
 * `/groups/:id`: a conversation. Messages newest at the bottom, older ones loaded as the
 * list is scrolled up, new ones live over GroupChannel. My sends show at once as
 * "Sending..." and become the stored message when its echo arrives (the POST's answer or
 * the broadcast, whichever first); a failed send offers Retry with the same
 * `identifier_key`, so the server stores it once however many times it is sent. Removed from
 * the group, the page says so at once and stops showing the conversation.
 */
export function ChatPage() {
  usePageTitle('Chat')
  const uuid = useParams().id ?? ''
  const client = useQueryClient()
  const me = useMe()
  const mySlug = me.data?.slug
  const group = useQuery(groupQuery(uuid))
  const [pending, setPending] = useState<PendingSend[]>([])
  const [lostAccess, setLostAccess] = useState(false)
  const messages = useInfiniteQuery({ ...messagesQuery(uuid), enabled: group.isSuccess && !lostAccess })

  const loseAccess = useCallback(() => setLostAccess(true), [])
  useEffect(() => {
    // Once the page no longer reads them: the conversation's messages leave the cache.
    if (!lostAccess) return
    client.removeQueries({ queryKey: messagesQuery(uuid).queryKey })
    void client.invalidateQueries({ queryKey: [...GROUPS_KEY, 'mine'] })
  }, [lostAccess, client, uuid])
  const live = useGroupLive(group.isSuccess && !lostAccess ? uuid : null, mySlug, loseAccess)

  const send = useSend(uuid, setPending, loseAccess)

  if (group.isPending || me.isPending) return <Loading />
  if (lostAccess || (group.isError && group.error instanceof ApiError && group.error.status === 404))
    return <LostAccess removed={lostAccess} />
  if (group.isError) return <Alert>{group.error.message}</Alert>
  const g = group.data
  return (
    <div className={chat.chat} data-testid="chat-page" data-live={live || undefined}>
      <ChatHead group={g} uuid={uuid} mySlug={mySlug} />
      {messages.isPending ? (
        <div className={chat.messages}>
          <Loading />
        </div>
      ) : messages.isError ? (
        <Alert>{messages.error.message}</Alert>
      ) : (
        <MessageList
          uuid={uuid}
          data={messages.data}
          pending={pending}
          mySlug={mySlug}
          kind={g.kind}
          hasOlder={messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          loadOlder={() => void messages.fetchNextPage()}
          onRetry={(p) => void send(p)}
        />
      )}
      <ChatComposer
        disabled={!messages.isSuccess}
        onSend={(text) => void send({ identifier_key: newIdentifierKey(), message: text, status: 'sending' })}
      />
    </div>
  )
}

/**
 * Sends a message (or sends it again): shown as "Sending..." until the answer stores it in the
 * conversation, marked failed with the reason otherwise; a 404 means I am no longer in the group.
 */
function useSend(uuid: string, setPending: Dispatch<SetStateAction<PendingSend[]>>, loseAccess: () => void) {
  const client = useQueryClient()
  return async (send: PendingSend) => {
    const key = send.identifier_key
    setPending((all) => [...all.filter((p) => p.identifier_key !== key), { ...send, status: 'sending' }])
    try {
      const answer = await sendMessage(uuid, { identifier_key: key, message: send.message })
      insertInto(client, uuid, answer.message)
      setPending((all) => all.filter((p) => p.identifier_key !== key))
      void client.invalidateQueries({ queryKey: [...GROUPS_KEY, 'mine'] })
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return loseAccess()
      const reason = error instanceof Error ? error.message : 'Not sent'
      setPending((all) =>
        all.map((p) => (p.identifier_key === key ? { ...p, status: 'failed', error: reason } : p)),
      )
    }
  }
}

/** Back to the chats, the group's picture and title, and a link to its details. */
function ChatHead({ group: g, uuid, mySlug }: { group: Group; uuid: string; mySlug: string | undefined }) {
  const title = groupTitle(g, mySlug)
  return (
    <header className={chat.chatHead}>
      <Link to="/groups" className={chat.back} aria-label="All chats">
        <ChevronLeftIcon />
      </Link>
      <Avatar src={groupImage(g, mySlug)} name={title} size={38} />
      <Link to={`${groupPath(uuid)}/details`} className={chat.chatTitle} data-testid="chat-details-link">
        <strong data-testid="chat-title">{title}</strong>
        <span>
          {g.kind === 'group' ? membersLabel(g.members_count) : 'One-to-one'}
          {g.is_muted ? ' · Muted' : ''}
        </span>
      </Link>
    </header>
  )
}

function LostAccess({ removed }: { removed: boolean }) {
  return (
    <div className={styles.narrow} data-testid="chat-lost-access">
      <EmptyState title={removed ? 'You are no longer in this conversation' : 'No such conversation'}>
        <p>
          {removed
            ? 'You were removed from it (or left it): its messages are not shown any more.'
            : 'It does not exist, or you are not one of its members.'}
        </p>
        <Link to="/groups">Back to your chats</Link>
      </EmptyState>
    </div>
  )
}
