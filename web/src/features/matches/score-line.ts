import type { MatchSummary } from './api'

/**
 * The live score in one sentence, for a screen reader's polite announcement: what a listener
 * needs after each ball, goal, lap or zone, not the whole board.
 */
export function scoreLine(summary: MatchSummary | null, sideName: (id: number | null) => string): string {
  if (!summary) return ''
  switch (summary.family) {
    case 'cricket': {
      const inn = summary.innings.at(-1)
      if (!inn) return ''
      const overs = inn.overs === '1' ? '1 over' : `${inn.overs} overs`
      return `${sideName(inn.team_id)} ${inn.runs} for ${inn.wickets}, ${overs}.`
    }
    case 'football': {
      const goals = Object.entries(summary.score).map(([id, n]) => `${sideName(Number(id))} ${n}`)
      return `${goals.join(', ')}${summary.full_time ? ', full time' : `, ${summary.minute} minutes`}.`
    }
    case 'race':
      return summary.finished
        ? 'The race has finished.'
        : `Lap ${summary.lap}${summary.laps ? ` of ${summary.laps}` : ''}.`
    case 'battle_royale':
      return summary.winner_id !== null
        ? `${sideName(summary.winner_id)} won.`
        : `Zone ${summary.zone}, ${summary.teams_alive} teams alive.`
  }
}
