import type { RandomStream } from '../domain/rng'
import { weighted } from './common'
import type { Cricketer } from './cricket-lineup'

/**
 * Who bowls the next over. Limited-overs games cap each bowler (4 overs in a T20, 10 in an
 * ODI) and nobody bowls two overs in a row; a pick is only made if the remaining overs can
 * still be covered under both rules, so the innings never runs out of legal bowlers.
 */
export class BowlingPlan {
  private readonly overs = new Map<number, number>()
  private readonly recent: number[] = []
  private last: number | null = null

  constructor(
    private readonly attack: readonly Cricketer[],
    private readonly quota: number | null,
    private readonly totalOvers: number | null,
  ) {}

  oversBy(id: number): number {
    return this.overs.get(id) ?? 0
  }

  next(rng: RandomStream, overIndex: number): Cricketer {
    const fresh = this.attack.filter((b) => b.id !== this.last)
    const open = fresh.filter((b) => this.quota == null || this.oversBy(b.id) < this.quota)
    const feasible = open.filter((b) => this.coversRest(b, overIndex))
    // Only a side with too few bowlers ever gets past the first list.
    const pool =
      feasible.length > 0 ? feasible : open.length > 0 ? open : fresh.length > 0 ? fresh : this.attack
    const bowler = weighted(rng, pool, (b) => this.weight(b))
    this.overs.set(bowler.id, this.oversBy(bowler.id) + 1)
    this.recent.push(bowler.id)
    if (this.recent.length > 12) this.recent.shift()
    this.last = bowler.id
    return bowler
  }

  /** Better bowlers bowl more; a long spell tires (spells of five or six overs at a time). */
  private weight(b: Cricketer): number {
    const spell = this.recent.filter((id) => id === b.id).length
    const left = this.quota == null ? 1 : (this.quota - this.oversBy(b.id)) / this.quota
    return b.bowl ** 3 * Math.max(0.05, 1 - spell / 6) * (0.3 + left)
  }

  /** Can the overs after this one be bowled if `pick` bowls this one? */
  private coversRest(pick: Cricketer, overIndex: number): boolean {
    if (this.quota == null || this.totalOvers == null) return true
    const rest = this.totalOvers - overIndex - 1
    let capacity = 0
    for (const b of this.attack) {
      const used = this.oversBy(b.id) + (b === pick ? 1 : 0)
      const cap = b === pick ? Math.floor(rest / 2) : Math.ceil(rest / 2)
      capacity += Math.min(this.quota - used, cap)
    }
    return capacity >= rest
  }
}
