import { Box, Text } from 'ink'
import { useSyncExternalStore } from 'react'
import { summaryLines } from '../lib/demo/summary'
import type { DemoState } from '../lib/demo/types'
import type { Store } from '../lib/live-store'

/** `fanspole demo` on a terminal: the banner, then the summary redrawn as the league moves. */
export function DemoBoard({ banner, store }: { banner: string[]; store: Store<DemoState> }) {
  const state = useSyncExternalStore(store.subscribe, store.get)
  const [clock, ...rest] = summaryLines(state)
  return (
    <Box flexDirection="column" paddingX={1}>
      {banner.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      <Box marginTop={1} flexDirection="column">
        <Text color="green" bold>
          {clock}
        </Text>
        {rest.map((line) => (
          <Text key={line} wrap="truncate-end">
            {line}
          </Text>
        ))}
      </Box>
    </Box>
  )
}
