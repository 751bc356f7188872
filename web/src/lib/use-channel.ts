import type { Subscription } from '@rails/actioncable'
import { useEffect, useRef, useState } from 'react'
import { getConsumer } from './cable'

export interface ChannelHandlers {
  received(message: unknown): void
  /** (Re)connected: anything broadcast while away was missed, so refetch. */
  connected?(first: boolean): void
}

/**
 * Follows one Action Cable channel while the component is mounted and `params` is set.
 * Handlers are read through a ref, so a new closure every render never resubscribes;
 * only a change of the channel identifier does. Answers whether the subscription is live.
 */
export function useChannel(
  params: { channel: string; [key: string]: string | number } | null,
  handlers: ChannelHandlers,
): boolean {
  const ref = useRef(handlers)
  ref.current = handlers
  const [live, setLive] = useState(false)
  const key = params ? JSON.stringify(params) : null
  useEffect(() => {
    if (!key) return
    const identifier = JSON.parse(key) as { channel: string }
    let subscription: Subscription | undefined
    let cancelled = false
    let connections = 0
    void getConsumer().then((consumer) => {
      if (cancelled) return
      subscription = consumer.subscriptions.create(identifier, {
        connected: () => {
          connections += 1
          setLive(true)
          ref.current.connected?.(connections === 1)
        },
        disconnected: () => setLive(false),
        rejected: () => setLive(false),
        received: (data) => ref.current.received(data),
      })
    })
    return () => {
      cancelled = true
      subscription?.unsubscribe()
      setLive(false)
    }
  }, [key])
  return live
}

/** Tracks `seq` per stream: true when a message skipped one (something was missed). */
export function seqTracker() {
  const last = new Map<string, number>()
  return (stream: string, seq: unknown): boolean => {
    if (typeof seq !== 'number') return false
    const before = last.get(stream)
    last.set(stream, seq)
    return before !== undefined && seq > before + 1
  }
}
