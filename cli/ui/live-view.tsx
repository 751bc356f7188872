import { Box, Text, useApp, useInput } from 'ink'
import { useSyncExternalStore } from 'react'
import type { FeedState } from '../lib/cable'
import { connectionText, type Store } from '../lib/live-store'

/** A live store's current state, for a view that q (or Esc) quits. */
export function useQuittableStore<S>(store: Store<S>, onQuit?: () => void): S {
  const state = useSyncExternalStore(store.subscribe, store.get)
  const { exit } = useApp()
  useInput((input, key) => {
    if (input === 'q' || key.escape) {
      onQuit?.()
      exit()
    }
  })
  return state
}

/** The footer of a live view: how to quit, and the connection's state. */
export function QuitLine({ connection }: { connection: FeedState }) {
  return (
    <Box marginTop={1}>
      <Text dimColor wrap="truncate-end">{`q to quit · ${connectionText(connection)}`}</Text>
    </Box>
  )
}
