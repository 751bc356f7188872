import { Box, Text, useApp, useInput } from 'ink'
import { useSyncExternalStore } from 'react'
import type { FeedState } from '../lib/cable'
import { connectionText, type Store } from '../lib/live-store'
import type { MovingRow } from '../lib/rank-moves'

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

/** A board row's last move: ▲ places gained, ▼ places lost, · none, new when it just joined the rows. */
export function Movement({ row }: { row: MovingRow }) {
  // Before the start the rows are in joining order: nothing has moved yet.
  if (row.rank === null) return null
  if (row.moved === null) return <Text dimColor> new</Text>
  if (row.moved > 0) return <Text color="green">{` ▲${row.moved}`}</Text>
  if (row.moved < 0) return <Text color="red">{` ▼${-row.moved}`}</Text>
  return <Text dimColor> ·</Text>
}
