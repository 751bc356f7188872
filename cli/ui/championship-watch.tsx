import type { Api } from '../lib/api'
import { type PhaseBoard, phasePath, type SeriesPhase } from '../lib/championship'
import type { Io } from '../lib/io'
import {
  initialPhaseBoard,
  type PhaseBoardState,
  phaseBoardReduce,
  withBoard,
  withStatus,
} from '../lib/phase-board-state'
import { runWatch } from '../lib/watch'

const TOP_LINE = 5

/**
 * `championship leaderboard --watch`: the phase board live from ChampionshipChannel. On a
 * terminal an Ink view (q to quit); otherwise a line per update, until the phase completes
 * (read again whenever no phase match is being played: the channel has no status message).
 */
export function watchPhase(io: Io, server: string, api: Api, phase: SeriesPhase, board: PhaseBoard) {
  const title = `${phase.series.short_name || phase.series.name} · ${phase.name}`
  let lastMine = ''
  return runWatch<PhaseBoardState>(io, server, {
    initial: initialPhaseBoard(phase, board),
    identifier: { channel: 'ChampionshipChannel', phase_id: phase.id },
    reduce: phaseBoardReduce,
    async onMessage(message, { store, print, finish }) {
      const state = store.get()
      if (message.type === 'snapshot') print(`${title}: ${state.status}, ${state.total} teams`)
      else if (message.type === 'leaderboard') {
        const top = state.rows
          .slice(0, TOP_LINE)
          .map((r) => `${r.rank ?? '-'}. ${r.name} ${r.score}`)
          .join(' · ')
        const live = state.liveMatchIds.length > 0 ? `live ${state.liveMatchIds.join(', ')}  ` : ''
        print(`${live}${top || 'no teams on the board yet'}`)
        if (state.liveMatchIds.length > 0) return
        const { series_phase: now } = await api.get<{ series_phase: SeriesPhase }>(phasePath(phase.id))
        store.set((s) => withStatus(s, now.status))
        if (now.status !== 'completed') return
        const final = await api.get<PhaseBoard>(`${phasePath(phase.id)}/leaderboard?page=1&per_page=10`)
        store.set((s) => withBoard(s, final))
        print(`${title}: completed`)
        for (const r of store.get().rows)
          print(`  ${String(r.rank ?? '-').padStart(3)}  ${r.name}  ${r.score}`)
        finish()
      } else if (message.type === 'my_team' && state.mine) {
        const line = `you: #${state.mine.rank ?? '-'} (${state.mine.score})${state.mine.liveMatchId ? ` · live match ${state.mine.liveMatchId}` : ''}`
        if (line !== lastMine) print(line)
        lastMine = line
      }
    },
    async view(store) {
      const { PhaseBoardWatch } = await import('./phase-board')
      return <PhaseBoardWatch store={store} />
    },
  })
}
