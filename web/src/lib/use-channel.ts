import type { Subscription } from '@rails/actioncable'
import { useEffect, useRef, useState } from 'react'
import { getConsumer } from './cable'

export interface ChannelHandlers {
  received(message: unknown): void
  /** (Re)connected: anything broadcast while away was missed, so refetch. */
  connected?(first: boolean): void
  /** The connection dropped: nothing arrives until the next `connected` (and its snapshot). */
  disconnected?(): void
  /** The server refused the subscription (e.g. not, or no longer, a member). */
  rejected?(): void
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
        disconnected: () => {
          setLive(false)
          ref.current.disconnected?.()
        },
        rejected: () => {
          setLive(false)
          ref.current.rejected?.()
        },
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

export type GateVerdict = 'apply' | 'drop' | 'gap'

/**
 * Orders a channel's broadcasts around its snapshot (docs/channels.md, "Snapshots and seq").
 * The snapshot names, per stream, the last `seq` it holds. Broadcasts that arrive before it
 * (published while the server read it) are held and, once it is in, the ones it does not hold
 * are handed back; after it, a broadcast at or below the last seq is a repeat to drop and one
 * past the next is a gap (something was missed: refetch). A dropped connection closes the
 * gate again until the next snapshot. Messages without a seq pass straight through.
 */
export function snapshotGate<M extends { seq?: number }>() {
  const last = new Map<string, number>()
  let open = false
  let held: Array<{ stream: string; message: M }> = []
  const judge = (stream: string, seq: number): GateVerdict => {
    const before = last.get(stream)
    if (before !== undefined && seq <= before) return 'drop'
    last.set(stream, seq)
    return before !== undefined && seq > before + 1 ? 'gap' : 'apply'
  }
  return {
    /** The snapshot is in: `seqs` per stream. Answers the held messages it does not hold, in order. */
    snapshot(seqs: Record<string, number | undefined>): M[] {
      last.clear()
      for (const [stream, seq] of Object.entries(seqs)) if (typeof seq === 'number') last.set(stream, seq)
      open = true
      const pending = held
      held = []
      return pending.filter((h) => judge(h.stream, h.message.seq as number) !== 'drop').map((h) => h.message)
    },
    /** A broadcast: 'apply' it, 'drop' it (already had), or apply it and refetch ('gap'); null: held. */
    receive(stream: string, message: M): GateVerdict | null {
      if (typeof message.seq !== 'number') return 'apply'
      if (!open) {
        held.push({ stream, message })
        return null
      }
      return judge(stream, message.seq)
    },
    close(): void {
      open = false
      held = []
    },
  }
}

type Snapshot<M> = Extract<M, { type: 'snapshot' }>

/** A channel's message as it arrives: what the server published, numbered by the bus (`seq`) when it came through a stream. */
export type Delivered<M> = M extends unknown ? M & { seq?: number } : never

export interface GatedHandlers<M extends { type: string; seq?: number }> {
  /** The last `seq` per stream that the snapshot holds. */
  snapshotSeqs(snapshot: Snapshot<M>): Record<string, number | undefined>
  /** The stream whose `seq` a broadcast counts in. */
  streamOf(message: M): string
  /** Applies one broadcast: those the snapshot held back, then each as it comes. */
  take(message: M): void
  /** Applies the snapshot itself, before the broadcasts it held back. */
  takeSnapshot?(snapshot: Snapshot<M>): void
  /** Something was missed (a reconnect, a gap in `seq`): read again what the broadcasts patch. */
  refetch(): void
  rejected?(): void
}

/**
 * `useChannel` for a channel that opens with a `{type: 'snapshot'}` message and numbers its
 * broadcasts: they pass through a `snapshotGate`, repeats are dropped, and a reconnect or a
 * gap refetches.
 */
export function useGatedChannel<M extends { type: string; seq?: number }>(
  params: { channel: string; [key: string]: string | number } | null,
  handlers: GatedHandlers<M>,
): boolean {
  const [gate] = useState(snapshotGate<M>)
  return useChannel(params, {
    connected: (first) => {
      if (!first) handlers.refetch()
    },
    disconnected: () => gate.close(),
    rejected: handlers.rejected,
    received: (data) => {
      const m = data as M
      if (m.type === 'snapshot') {
        const snapshot = m as Snapshot<M>
        const pending = gate.snapshot(handlers.snapshotSeqs(snapshot))
        handlers.takeSnapshot?.(snapshot)
        for (const held of pending) handlers.take(held)
        return
      }
      const verdict = gate.receive(handlers.streamOf(m), m)
      if (verdict === null || verdict === 'drop') return
      handlers.take(m)
      if (verdict === 'gap') handlers.refetch()
    },
  })
}
