import type { Io } from '../lib/io'
import { describeEvent, type Match, type Player, scoreLines } from '../lib/matches'
import {
  initialScoreboard,
  matchFinished,
  type ScoreboardState,
  scoreboardReduce,
} from '../lib/scoreboard-state'
import { runWatch } from '../lib/watch'

/**
 * `match show --watch`: the live scoreboard from MatchChannel. On a terminal an Ink view
 * (q to quit); otherwise one line per event and status change, until the match is over.
 */
export function watchMatch(io: Io, server: string, match: Match, players: Player[]): Promise<void> {
  // The score goes on a line only when it changed: a batch of events (an instant simulation)
  // carries the score after the whole batch on every event.
  let lastScore = ''
  return runWatch<ScoreboardState>(io, server, {
    initial: initialScoreboard(match, players),
    identifier: { channel: 'MatchChannel', match_id: match.id },
    reduce: scoreboardReduce,
    onMessage(message, { store, print, finish }) {
      const state = store.get()
      const score = scoreLines(state.match, state.summary, state.names).join(' · ')
      if (message.type === 'snapshot') {
        lastScore = score
        print(`${match.title}: ${state.status}${score ? ` · ${score}` : ''}`)
        if (matchFinished(state.status)) finish()
      } else if (message.type === 'event') {
        const event = message.event as Record<string, unknown>
        const text = describeEvent(state.match, event, state.names)
        const shown = score && score !== lastScore ? `  | ${score}` : ''
        lastScore = score
        print(`[${event.seq}] ${text}${message.correction ? ' (correction)' : ''}${shown}`)
      } else if (message.type === 'status') {
        print(`${match.title}: ${state.status}`)
        if (matchFinished(state.status)) finish()
      }
    },
    async view(store) {
      const { ScoreboardWatch } = await import('./scoreboard')
      return <ScoreboardWatch store={store} />
    },
  })
}
