import type { PrizeRange } from '../../domain/prizes'

/** A phase's prizes as stored: `[{ rank_from, rank_to, prize_paise }]`, best first. */
export interface PhasePrize {
  rank_from: number
  rank_to: number
  prize_paise: number
}

export function phasePrizesOf(json: string | null | undefined): PhasePrize[] {
  try {
    const parsed = JSON.parse(json ?? '[]') as unknown
    if (!Array.isArray(parsed)) return []
    return parsed.filter(
      (p): p is PhasePrize =>
        !!p &&
        Number.isInteger(p.rank_from) &&
        Number.isInteger(p.rank_to) &&
        Number.isInteger(p.prize_paise) &&
        p.rank_from >= 1 &&
        p.rank_to >= p.rank_from &&
        p.prize_paise > 0,
    )
  } catch {
    return []
  }
}

/** The structure `distributePrizes` pays from (ties share as in contests). */
export const asStructure = (prizes: PhasePrize[]): PrizeRange[] =>
  prizes.map((p) => ({ from: p.rank_from, to: p.rank_to, amount_paise: p.prize_paise }))

/** As the API shows them: one line per rank range, `rank` "1" or "2-5", prize in rupees. */
export const prizesJson = (prizes: PhasePrize[]) =>
  prizes.map((p) => ({
    rank: p.rank_from === p.rank_to ? String(p.rank_from) : `${p.rank_from}-${p.rank_to}`,
    prize: p.prize_paise / 100,
  }))
