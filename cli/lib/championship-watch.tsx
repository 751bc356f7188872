import type { Api } from './api'
import { type PhaseBoard, phasePath, type SeriesPhase } from './championship'
import type { Io } from './io'
import { initialPhaseBoard, type PhaseBoardState, phaseBoardReduce, withBoard } from './phase-board-state'
import { runWatch } from './watch'

const TOP_LINE = 5

/**
 * `championship leaderboard --watch`: the phase board live from ChampionshipChannel. On a
 * terminal an Ink view (q to quit); otherwise a line per update, until the phase completes.
 */
export function watchPhase(io: Io, server: string, api: Api, phase: SeriesPhase, board: PhaseBoard) {
  const refetch = () => api.get<PhaseBoard>(`${phasePath(phase.id)}/leaderboard?page=1&per_page=10`)
  const title = `${phase.series.short_name || phase.series.name} · ${phase.name}`
  return runWatch<PhaseBoardState>(io, server, {
    initial: initialPhaseBoard(phase, board),
    identifier: { channel: 'ChampionshipChannel', phase_id: phase.id },
    reduce: phaseBoardReduce,
    withConnection: (state, connection) => ({ ...state, connection }),
    async onMessage(message, { store, print, finish }) {
      const state = store.get()
      if (message.type === 'leaderboard') {
        const top = state.rows
          .slice(0, TOP_LINE)
          .map((r) => `${r.rank ?? '-'}. ${r.name} ${r.score}`)
          .join(' · ')
        print(`${state.version === null ? '' : `v${state.version}  `}${top}`)
      } else if (message.type === 'my_team' && state.mine) {
        print(
          `you: #${state.mine.rank ?? '-'} (${state.mine.score})${state.mine.liveMatchId ? ` · live match ${state.mine.liveMatchId}` : ''}`,
        )
      } else if (message.type === 'status' || message.type === 'snapshot') {
        print(`${title}: ${state.status}`)
        if (state.status !== 'completed') return
        const final = await refetch()
        store.set((s) => withBoard(s, final))
        for (const r of store.get().rows)
          print(`  ${String(r.rank ?? '-').padStart(3)}  ${r.name}  ${r.score}`)
        finish()
      }
    },
    async view(store) {
      const { PhaseBoardWatch } = await import('../ui/phase-board')
      return <PhaseBoardWatch store={store} />
    },
  })
}
