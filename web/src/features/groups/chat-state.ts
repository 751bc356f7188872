import type { InfiniteData } from '@tanstack/react-query'
import type { GroupMessage, MessagesPage } from './api'

/**
 * The chat's rows (docs/groups.md, "Web"): the server's messages (pages of the infinite query,
 * newest page first, each oldest first) plus my sends still on their way. A send is shown as
 * "Sending..." until a message of mine with its `identifier_key` is in the cache — from the
 * POST's answer or the GroupChannel echo, whichever comes first — and from then on only that
 * message shows: the two are one row, never two.
 */
export interface PendingSend {
  identifier_key: string
  message: string
  status: 'sending' | 'failed'
  error?: string
}

export type ChatRow =
  | { kind: 'message'; key: string; message: GroupMessage; mine: boolean }
  | { kind: 'pending'; key: string; send: PendingSend }

/** A row's React key: my send and its echo share one, so the row is replaced, not re-made. */
const rowKey = (slug: string, identifierKey: string) => `${slug}:${identifierKey}`

/** Every message in the cache, oldest first. */
export function allMessages(data: InfiniteData<MessagesPage> | undefined): GroupMessage[] {
  if (!data) return []
  return [...data.pages].reverse().flatMap((page) => page.messages)
}

export function chatRows(
  data: InfiniteData<MessagesPage> | undefined,
  pending: PendingSend[],
  mySlug: string | undefined,
): ChatRow[] {
  const messages = allMessages(data)
  const echoed = new Set(messages.filter((m) => m.user.slug === mySlug).map((m) => m.identifier_key))
  const rows: ChatRow[] = messages.map((message) => ({
    kind: 'message',
    key: rowKey(message.user.slug, message.identifier_key),
    message,
    mine: message.user.slug === mySlug,
  }))
  for (const send of pending)
    if (!echoed.has(send.identifier_key))
      rows.push({ kind: 'pending', key: rowKey(mySlug ?? '', send.identifier_key), send })
  return rows
}

/**
 * Puts a message into the newest page, in id order, unless some page already has it (the
 * POST's answer and the broadcast are the same message). Without a cache, nothing to add to.
 */
export function insertMessage(
  data: InfiniteData<MessagesPage> | undefined,
  message: GroupMessage,
): InfiniteData<MessagesPage> | undefined {
  if (!data || data.pages.length === 0) return data
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data
  const [newest, ...older] = data.pages as [MessagesPage, ...MessagesPage[]]
  const messages = [...newest.messages, message].sort((a, b) => a.id - b.id)
  return { ...data, pages: [{ ...newest, messages }, ...older] }
}

/** The newest message's id, or null for an empty conversation. */
export function newestId(data: InfiniteData<MessagesPage> | undefined): number | null {
  const newest = data?.pages[0]?.messages
  const last = newest?.[newest.length - 1]
  return last ? last.id : null
}

/** A key for a send: UUID-shaped, from getRandomValues (randomUUID needs a secure context). */
export function newIdentifierKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
