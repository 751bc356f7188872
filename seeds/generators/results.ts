import type { RandomStream } from '../../server/domain/rng'
import type { PlayerPlan, TeamPlan } from './types'

/** How a completed fixture ended: the text shown on the match and who won it (null: nobody). */
export interface Outcome {
  text: string
  winnerKey: string | null
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x))

/** Picks an item with probability proportional to its weight. */
export function weighted<T>(rand: RandomStream, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0)
  let r = rand.next() * total
  for (const item of items) {
    r -= weight(item)
    if (r < 0) return item
  }
  return items[items.length - 1] as T
}

export function cricketResult(
  rand: RandomStream,
  format: 'T20' | 'ODI' | 'Test',
  team1: TeamPlan,
  team2: TeamPlan,
): Outcome {
  if (format === 'Test' && rand.bool(0.25)) return { text: 'Match drawn', winnerKey: null }
  const p1 = clamp(0.5 + (team1.strength - team2.strength) * 1.5, 0.25, 0.75)
  const winner = rand.next() < p1 ? team1 : team2
  if (format === 'T20' && rand.bool(0.02))
    return { text: `Match tied (${winner.name} won the Super Over)`, winnerKey: winner.key }
  if (format === 'Test' && rand.bool(0.2))
    return {
      text: `${winner.name} won by an innings and ${plural(rand.int(5, 150), 'run')}`,
      winnerKey: winner.key,
    }
  // The side that batted first wins by runs, the chasing side by wickets.
  if (rand.bool()) {
    const runs = format === 'T20' ? rand.int(1, 60) : format === 'ODI' ? rand.int(1, 150) : rand.int(15, 300)
    return { text: `${winner.name} won by ${plural(runs, 'run')}`, winnerKey: winner.key }
  }
  const wickets = rand.int(1, format === 'Test' ? 10 : 9)
  return { text: `${winner.name} won by ${plural(wickets, 'wicket')}`, winnerKey: winner.key }
}

/** Goals from a Poisson draw (Knuth), the home side with a small advantage. */
export function footballResult(rand: RandomStream, home: TeamPlan, away: TeamPlan): Outcome {
  const goals = (lambda: number) => {
    const limit = Math.exp(-lambda)
    let k = 0
    for (let p = rand.next(); p > limit; p *= rand.next()) k++
    return k
  }
  const h = goals(Math.max(0.3, 1.5 + (home.strength - away.strength) * 3))
  const w = goals(Math.max(0.3, 1.2 + (away.strength - home.strength) * 3))
  return {
    text: `${home.name} ${h}–${w} ${away.name}`,
    winnerKey: h > w ? home.key : w > h ? away.key : null,
  }
}

export function raceResult(rand: RandomStream, drivers: PlayerPlan[], teams: Map<string, TeamPlan>): Outcome {
  const winner = weighted(rand, drivers, (d) => d.skill ** 4)
  return { text: `${winner.name} (${teams.get(winner.teamKey)?.name}) won`, winnerKey: winner.teamKey }
}

export function battleRoyaleResult(rand: RandomStream, squads: TeamPlan[], victory: string): Outcome {
  const winner = weighted(rand, squads, (t) => t.strength ** 3)
  return {
    text: `${winner.name} won (${victory}, ${plural(rand.int(6, 18), 'kill')})`,
    winnerKey: winner.key,
  }
}
