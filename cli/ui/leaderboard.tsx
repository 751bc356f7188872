import { Box, Text } from 'ink'
import { entrant } from '../lib/contests'
import type { LeaderboardState } from '../lib/leaderboard-state'
import type { Store } from '../lib/live-store'
import { rupees } from '../lib/table'
import { Movement, QuitLine, useQuittableStore } from './live-view'

const STATUS_COLOR = { open: 'yellow', locked: 'green', completed: 'cyan', cancelled: 'red' } as const

/** A contest's leaderboard: the top entries with their movement, and the viewer's own ranks. */
export function Leaderboard({ state }: { state: LeaderboardState }) {
  const { contest } = state
  const live = state.status === 'locked' && state.matchStatus === 'live'
  const width = Math.max(12, ...state.rows.map((r) => entrant(r.username, r.team_no).length))
  const settled = state.status === 'completed'
  const label = live ? 'LIVE' : state.status.toUpperCase()
  return (
    <Box flexDirection="column" paddingX={1}>
      <Box justifyContent="space-between" width={width + 34}>
        <Text bold>{`${contest.name} · ${contest.match_title}`}</Text>
        <Text color={STATUS_COLOR[state.status]} bold>
          {`${label}${state.version !== null && live ? ` · v${state.version}` : ''}`}
        </Text>
      </Box>
      <Text dimColor>
        {`${rupees(contest.prize_amount)} prize pool · ${contest.winner_count} winner${contest.winner_count === 1 ? '' : 's'} · ${state.membersCount}/${contest.members_limit} entries`}
      </Text>
      <Box flexDirection="column" marginTop={1}>
        <Text
          bold
        >{`${'RANK'.padStart(4)}  ${'ENTRY'.padEnd(width)}  ${'POINTS'.padStart(7)}${settled ? `  ${'PRIZE'.padStart(10)}` : ''}`}</Text>
        {state.rows.length === 0 ? (
          <Text dimColor>
            {state.status === 'open' ? 'Ranks appear when the match starts.' : 'No entries.'}
          </Text>
        ) : null}
        {state.rows.map((row) => {
          const paid = row.rank !== null && row.rank <= contest.winner_count
          return (
            <Box key={row.member_id}>
              <Text color={paid ? 'green' : undefined}>{String(row.rank ?? '-').padStart(4)}</Text>
              <Text bold={row.mine} color={row.mine ? 'cyan' : undefined}>
                {`  ${entrant(row.username, row.team_no).padEnd(width)}  `}
              </Text>
              <Text>{String(row.points).padStart(7)}</Text>
              {settled ? <Text>{`  ${rupees(row.prize ?? 0).padStart(10)}`}</Text> : <Movement row={row} />}
            </Box>
          )
        })}
      </Box>
      {state.mine.length > 0 ? (
        <Box marginTop={1}>
          <Text color="cyan">
            {`Your ${state.mine.length === 1 ? 'entry' : 'entries'}: ${state.mine
              .map((m) => `#${m.rank ?? '-'} (${m.points} pts)`)
              .join(', ')}`}
          </Text>
        </Box>
      ) : null}
      {state.status === 'cancelled' ? (
        <Text color="red">{`Cancelled${state.reason ? `: ${state.reason}` : ''}. Every entry fee was refunded.`}</Text>
      ) : null}
      <QuitLine connection={state.connection} />
    </Box>
  )
}

/** The leaderboard bound to a live store; q (or Esc) quits. */
export function LeaderboardWatch({ store, onQuit }: { store: Store<LeaderboardState>; onQuit?: () => void }) {
  return <Leaderboard state={useQuittableStore(store, onQuit)} />
}
