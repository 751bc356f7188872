import { Box, Text } from 'ink'
import type { Store } from '../lib/live-store'
import { crease, scoreLines, sidesText } from '../lib/matches'
import { type ScoreboardState, topPlayers } from '../lib/scoreboard-state'
import { QuitLine, useQuittableStore } from './live-view'

const STATUS_COLOR = { upcoming: 'yellow', live: 'green', completed: 'cyan', abandoned: 'red' } as const

/** The live scoreboard of one match: score, who is in, the latest events and the top scorers. */
export function Scoreboard({ state }: { state: ScoreboardState }) {
  const { match, summary, names } = state
  const score = scoreLines(match, summary, names)
  const inNow = crease(summary, names)
  const top = topPlayers(state)
  const nameWidth = Math.max(6, ...top.map((p) => p.name.length + p.side.length + 3))
  return (
    <Box flexDirection="column" paddingX={1}>
      <Box justifyContent="space-between" width={84}>
        <Text
          bold
        >{`${match.series.short_name} · Match ${match.match_no}${match.format ? ` · ${match.format}` : ''}`}</Text>
        <Text color={STATUS_COLOR[state.status]} bold>
          {state.status.toUpperCase()}
        </Text>
      </Box>
      <Text>{sidesText(match)}</Text>
      <Box flexDirection="column" marginTop={1}>
        {score.length === 0 ? <Text dimColor>No score yet</Text> : null}
        {score.map((line) => (
          <Text key={line} bold>
            {line}
          </Text>
        ))}
        {inNow.length > 0 ? <Text>{inNow.join('   ')}</Text> : null}
        {match.result_text && state.status !== 'live' ? <Text color="cyan">{match.result_text}</Text> : null}
      </Box>
      <Box marginTop={1} gap={2}>
        <Box flexDirection="column" width={50}>
          <Text>
            <Text underline>Latest</Text>
            {state.recent.some((r) => r.correction) ? <Text color="yellow"> (✎ corrected)</Text> : null}
          </Text>
          {state.recent.length === 0 ? <Text dimColor>waiting for the first event</Text> : null}
          {state.recent.map((r) => (
            <Text key={r.seq} wrap="truncate-end" color={r.correction ? 'yellow' : undefined}>
              {`${String(r.seq).padStart(4)} ${r.correction ? '✎ ' : ''}${r.text}`}
            </Text>
          ))}
        </Box>
        <Box flexDirection="column">
          <Text underline>Top players</Text>
          {top.length === 0 ? <Text dimColor>no points yet</Text> : null}
          {top.map((p) => (
            <Text key={p.id}>
              {`${`${p.name} (${p.side})`.padEnd(nameWidth)} ${String(p.points).padStart(4)}`}
            </Text>
          ))}
        </Box>
      </Box>
      <QuitLine connection={state.connection} />
    </Box>
  )
}

/** The scoreboard bound to a live store; q (or Esc) quits. */
export function ScoreboardWatch({ store, onQuit }: { store: Store<ScoreboardState>; onQuit?: () => void }) {
  return <Scoreboard state={useQuittableStore(store, onQuit)} />
}
