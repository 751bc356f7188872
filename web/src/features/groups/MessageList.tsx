import { type InfiniteData, useQueryClient } from '@tanstack/react-query'
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { Link } from 'react-router'
import { Loading } from '../../components/Common'
import { formatClock } from '../../lib/format'
import { GROUPS_KEY, type Group, type GroupMessage, type MessagesPage, markRead } from './api'
import chat from './chat.module.css'
import { type ChatRow, chatRows, newestId, type PendingSend } from './chat-state'
import styles from './groups.module.css'

/** How close to the bottom (px) still counts as "at the bottom": new messages keep it there. */
const STICK_PX = 80

/**
 * The scrolling list of a conversation. Stays at the bottom as messages arrive while the
 * reader is there; keeps the reader's place when older pages are added above; loads older
 * pages when the top comes into view; and moves the read marker to the newest message while
 * the bottom is in view and the tab is visible (so the unread counts drop).
 */
export function MessageList({
  uuid,
  data,
  pending,
  mySlug,
  kind,
  hasOlder,
  loadingOlder,
  loadOlder,
  onRetry,
}: {
  uuid: string
  data: InfiniteData<MessagesPage>
  pending: PendingSend[]
  mySlug: string | undefined
  kind: Group['kind']
  hasOlder: boolean
  loadingOlder: boolean
  loadOlder: () => void
  onRetry: (send: PendingSend) => void
}) {
  const box = useRef<HTMLDivElement>(null)
  const top = useRef<HTMLDivElement>(null)
  const stick = useRef(true)
  const rows = useMemo(() => chatRows(data, pending, mySlug), [data, pending, mySlug])
  const oldest = data.pages[data.pages.length - 1]?.messages[0]?.id ?? null
  const newest = newestId(data)

  const markSeen = useMarkSeen(uuid, box, newest)

  useKeepScroll(box, stick, oldest)

  useLoadOlderOnTop(top, box, { hasOlder, loadingOlder, loadOlder })

  return (
    <div
      className={chat.messages}
      ref={box}
      data-testid="chat-messages"
      onScroll={(event) => {
        const el = event.currentTarget
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX
        if (stick.current) markSeen()
      }}
    >
      <div ref={top} className={chat.listTop}>
        {loadingOlder ? (
          <Loading label="Loading older messages" />
        ) : hasOlder ? null : (
          <span className={styles.hint}>
            {rows.length === 0 ? 'No messages yet. Say hello!' : 'The start of the conversation'}
          </span>
        )}
      </div>
      {rows.map((row) => (
        <Row key={row.key} row={row} showSender={kind === 'group'} onRetry={onRetry} />
      ))}
    </div>
  )
}

/**
 * After each render: older messages loaded above keep what the reader was looking at in place;
 * otherwise a list stuck to the bottom stays there.
 */
function useKeepScroll(
  box: RefObject<HTMLDivElement | null>,
  stick: RefObject<boolean>,
  oldest: number | null,
) {
  const before = useRef<{ oldest: number | null; height: number }>({ oldest: null, height: 0 })
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const last = before.current
    if (last.oldest !== null && oldest !== null && oldest < last.oldest) {
      // Older messages went in above: keep what the reader was looking at where it was.
      el.scrollTop += el.scrollHeight - last.height
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight
    }
    before.current = { oldest, height: el.scrollHeight }
  })
}

/**
 * Moves the read marker to the newest message while the bottom is in view and the tab is
 * visible; returns the check, for scrolling.
 */
function useMarkSeen(uuid: string, box: RefObject<HTMLDivElement | null>, newest: number | null) {
  const client = useQueryClient()
  const marked = useRef(0)
  const markSeen = () => {
    const el = box.current
    if (!el || newest === null || newest <= marked.current || document.visibilityState !== 'visible') return
    if (el.scrollHeight - el.scrollTop - el.clientHeight > STICK_PX) return
    marked.current = newest
    void markRead(uuid, newest).then(
      () => client.invalidateQueries({ queryKey: [...GROUPS_KEY, 'mine'] }),
      () => {
        marked.current = 0
      },
    )
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: markSeen reads the latest render
  useEffect(() => {
    markSeen()
    const onVisible = () => markSeen()
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [newest])

  return markSeen
}

/** Loads older pages when the top of the list comes near the view. */
function useLoadOlderOnTop(
  top: RefObject<HTMLDivElement | null>,
  box: RefObject<HTMLDivElement | null>,
  { hasOlder, loadingOlder, loadOlder }: { hasOlder: boolean; loadingOlder: boolean; loadOlder: () => void },
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: top and box are the list's own refs, the same every render
  useEffect(() => {
    const el = top.current
    if (!el || !hasOlder) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loadingOlder) loadOlder()
      },
      { root: box.current, rootMargin: '200px 0px 0px 0px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [hasOlder, loadingOlder, loadOlder])
}

function Row({
  row,
  showSender,
  onRetry,
}: {
  row: ChatRow
  showSender: boolean
  onRetry: (send: PendingSend) => void
}) {
  if (row.kind === 'pending') return <PendingRow send={row.send} onRetry={onRetry} />
  const { message, mine } = row
  return (
    <div
      className={`${chat.row} ${mine ? chat.mine : ''}`}
      data-testid="chat-message"
      data-key={message.identifier_key}
      data-id={message.id}
      data-state="sent"
    >
      <div className={chat.bubble}>
        {showSender && !mine ? (
          <Link to={`/users/${encodeURIComponent(message.user.slug)}`} className={chat.sender}>
            {message.user.username}
          </Link>
        ) : null}
        {message.message_type === 'text_message' ? (
          <p className={chat.text} data-testid="message-text">
            {message.message}
          </p>
        ) : (
          <MessageCard message={message} />
        )}
        <span className={chat.time} data-testid="message-time">
          {formatClock(message.created_at_in_millis)}
        </span>
      </div>
    </div>
  )
}

/** A message of mine on its way, or refused with Retry. */
function PendingRow({ send, onRetry }: { send: PendingSend; onRetry: (send: PendingSend) => void }) {
  return (
    <div
      className={`${chat.row} ${chat.mine}`}
      data-testid="chat-message"
      data-key={send.identifier_key}
      data-state={send.status}
    >
      <div className={`${chat.bubble} ${send.status === 'failed' ? chat.failed : chat.sending}`}>
        <p className={chat.text} data-testid="message-text">
          {send.message}
        </p>
        {send.status === 'sending' ? (
          <span className={chat.time} data-testid="message-time">
            Sending...
          </span>
        ) : (
          <span className={chat.failedLine}>
            <span data-testid="message-time">Not sent{send.error ? `: ${send.error}` : ''}</span>
            <button
              type="button"
              className={chat.retry}
              onClick={() => onRetry(send)}
              data-testid="message-retry"
            >
              Retry
            </button>
          </span>
        )}
      </div>
    </div>
  )
}

const CARDS: Record<Exclude<GroupMessage['message_type'], 'text_message'>, { label: string; cta: string }> = {
  contest_card: { label: 'Contest', cta: 'Open the contest' },
  auction_invite: { label: 'Auction invite', cta: 'Open the auction' },
  gang_card: { label: 'Gang', cta: 'See your gangs' },
}

/** A shared contest, auction invite or gang: a card that links to it. */
function MessageCard({ message }: { message: GroupMessage }) {
  const type = message.message_type as keyof typeof CARDS
  const card = CARDS[type]
  // A gang's page needs its series or phase, which the message does not carry: gangs list them.
  const to =
    type === 'contest_card'
      ? `/contests/${message.card_id}`
      : type === 'auction_invite'
        ? `/auctions/${message.card_id}`
        : '/gangs'
  return (
    <Link to={to} className={chat.card} data-testid="message-card" data-card-type={type}>
      <span className={chat.cardLabel}>{card.label}</span>
      <span className={chat.text}>{message.message}</span>
      <span className={chat.cardCta}>{card.cta} →</span>
    </Link>
  )
}
