import type { FeedState } from './cable'

/**
 * A tiny observable value: the live views (Ink or plain lines) read it, the feed writes it.
 * Shaped for React's useSyncExternalStore.
 */
export interface Store<S> {
  get(): S
  set(next: (state: S) => S): void
  subscribe(listener: () => void): () => void
}

export function createStore<S>(initial: S): Store<S> {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(next) {
      const updated = next(state)
      if (updated === state) return
      state = updated
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The footer line of a live view. */
export function connectionText(state: FeedState): string {
  switch (state.kind) {
    case 'connecting':
      return 'connecting…'
    case 'live':
      return 'live'
    case 'reconnecting':
      return `reconnecting (attempt ${state.attempt}: ${state.why})`
    case 'rejected':
      return 'the server refused the subscription'
    case 'failed':
      return `stopped: ${state.why}`
    case 'closed':
      return 'closed'
  }
}
