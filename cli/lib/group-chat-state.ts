import type { FeedState } from './cable'
import type { GroupMessage } from './groups'

// A group conversation as `group chat` keeps it: pure steps from one state to the next.

export interface ChatRow {
  /** The stored message, once it is known (its echo arrived). */
  message?: GroupMessage
  /** My send still waiting for its echo, or refused. */
  pending?: { identifier_key: string; text: string; error?: string }
}

export interface ChatState {
  title: string
  mySlug: string
  /** Stored messages by id, then my sends not yet echoed, in the order typed. */
  rows: ChatRow[]
  /** Others leaving or being removed, shown in the view's footer. */
  notice: string | null
  connection: FeedState
  /** Why the chat is over (removed, no longer a member), when it is. */
  ended: string | null
}

/** My send, shown as "Sending..." after everything stored. */
export function withPending(s: ChatState, key: string, text: string): ChatState {
  return { ...s, rows: [...s.rows, { pending: { identifier_key: key, text } }] }
}

/**
 * A stored message (history, a broadcast, a POST's answer) in id order; my own replaces its
 * "Sending..." row, matched by identifier_key.
 */
export function withMessage(s: ChatState, m: GroupMessage): ChatState {
  if (s.rows.some((r) => r.message?.id === m.id)) return s
  const rows = s.rows.filter(
    (r) => !(r.pending && m.user.slug === s.mySlug && r.pending.identifier_key === m.identifier_key),
  )
  const stored = rows.filter((r) => r.message)
  const waiting = rows.filter((r) => !r.message)
  stored.push({ message: m })
  stored.sort((a, b) => (a.message?.id ?? 0) - (b.message?.id ?? 0))
  return { ...s, rows: [...stored, ...waiting] }
}

/** My send was refused: its row says why. */
export function withFailure(s: ChatState, key: string, why: string): ChatState {
  return {
    ...s,
    rows: s.rows.map((r) =>
      r.pending?.identifier_key === key ? { pending: { ...r.pending, error: why } } : r,
    ),
  }
}
