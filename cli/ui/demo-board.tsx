import { Box, Text, useStdout } from 'ink'
import { useSyncExternalStore } from 'react'
import { fitToWidth, summaryLines } from '../lib/demo/summary'
import type { DemoState } from '../lib/demo/types'
import type { Store } from '../lib/live-store'

/**
 * `fanspole demo` on a terminal: the banner, then the summary redrawn as the league moves,
 * every line fitted to the terminal's width (broken at spaces, never cut: 80 columns hold it).
 */
export function DemoBoard({ banner, store }: { banner: string[]; store: Store<DemoState> }) {
  const state = useSyncExternalStore(store.subscribe, store.get)
  const { stdout } = useStdout()
  // paddingX={1}: a column each side.
  const width = Math.max(20, (stdout.columns || 80) - 2)
  const [clock = '', ...rest] = summaryLines(state)
  return (
    <Box flexDirection="column" paddingX={1}>
      {fitToWidth(banner, width).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are redrawn whole, in order
        <Text key={i} wrap="truncate-end">
          {line}
        </Text>
      ))}
      <Box marginTop={1} flexDirection="column">
        <Text color="green" bold>
          {clock}
        </Text>
        {fitToWidth(rest, width).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are redrawn whole, in order
          <Text key={i} wrap="truncate-end">
            {line}
          </Text>
        ))}
      </Box>
    </Box>
  )
}
