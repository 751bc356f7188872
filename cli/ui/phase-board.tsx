import { Box, Text } from 'ink'
import type { Store } from '../lib/live-store'
import type { PhaseBoardState } from '../lib/phase-board-state'
import { Movement, QuitLine, useQuittableStore } from './live-view'

const STATUS_COLOR = { upcoming: 'yellow', live: 'green', completed: 'cyan' } as const

/** A phase's leaderboard: the top teams with their movement, and the viewer's own team. */
export function PhaseBoard({ state }: { state: PhaseBoardState }) {
  const { phase } = state
  const width = Math.max(12, ...state.rows.map((r) => r.name.length))
  return (
    <Box flexDirection="column" paddingX={1}>
      <Box justifyContent="space-between" width={width + 24}>
        <Text bold>{`${phase.series.short_name || phase.series.name} · ${phase.name}`}</Text>
        <Text color={STATUS_COLOR[state.status]} bold>
          {`${state.status.toUpperCase()}${state.version !== null && state.status === 'live' ? ` · v${state.version}` : ''}`}
        </Text>
      </Box>
      <Text
        dimColor
      >{`${phase.matches_completed}/${phase.matches_count} matches played · ${state.total} teams`}</Text>
      <Box flexDirection="column" marginTop={1}>
        <Text bold>{`${'RANK'.padStart(4)}  ${'TEAM'.padEnd(width)}  ${'POINTS'.padStart(8)}`}</Text>
        {state.rows.length === 0 ? <Text dimColor>No teams yet.</Text> : null}
        {state.rows.map((row) => (
          <Box key={row.id}>
            <Text>{String(row.rank ?? '-').padStart(4)}</Text>
            <Text
              bold={row.mine}
              color={row.mine ? 'cyan' : undefined}
            >{`  ${row.name.padEnd(width)}  `}</Text>
            <Text>{String(row.score).padStart(8)}</Text>
            <Movement row={row} />
          </Box>
        ))}
      </Box>
      {state.mine ? (
        <Box marginTop={1}>
          <Text color="cyan">
            {`Your team ${state.mine.id}: #${state.mine.rank ?? '-'} (${state.mine.score} pts)${state.mine.liveMatchId ? ` · live in match ${state.mine.liveMatchId}` : ''}`}
          </Text>
        </Box>
      ) : null}
      <QuitLine connection={state.connection} />
    </Box>
  )
}

/** The phase board bound to a live store; q (or Esc) quits. */
export function PhaseBoardWatch({ store, onQuit }: { store: Store<PhaseBoardState>; onQuit?: () => void }) {
  return <PhaseBoard state={useQuittableStore(store, onQuit)} />
}
