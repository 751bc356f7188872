import type { MatchEvent, ScoringFamily } from '../events/schema'
import type { CompiledRule } from './rules'
import type { MatchSummary, PlayerScore, RosterPlayer, Scorer, ScorerOptions, StatValue } from './types'

/**
 * What every family shares: running stats per player (by roster index), cached integer
 * points recomputed only for the players an event touches, the breakdown from the same
 * compiled rules, and clone() by replaying the applied events into a fresh scorer.
 * A player scores only while `eligible` (in a lineup, took the field, on the grid).
 */
export abstract class BaseScorer<S, E extends MatchEvent> implements Scorer {
  abstract readonly family: ScoringFamily
  protected readonly roster: RosterPlayer[] = []
  protected readonly index = new Map<number, number>()
  protected readonly stats: S[] = []
  private readonly cached: number[] = []
  private readonly rules: CompiledRule<S>[][] = []
  private readonly log: MatchEvent[] = []
  // Touched players of the current event, de-duplicated by stamping instead of a Set per event.
  private marks: Int32Array
  private stamp = 0
  private touched: number[] = []

  constructor(
    protected readonly options: ScorerOptions,
    readonly format: string,
    rulesFor: (player: RosterPlayer) => CompiledRule<S>[],
  ) {
    for (const p of options.players) {
      if (this.index.has(p.id)) continue
      this.index.set(p.id, this.roster.length)
      this.roster.push(p)
      this.stats.push(this.newStats(p))
      this.cached.push(0)
      this.rules.push(rulesFor(p))
    }
    this.marks = new Int32Array(this.roster.length)
  }

  protected abstract newStats(player: RosterPlayer): S
  protected abstract eligible(stats: S): boolean
  protected abstract onEvent(event: E): void
  protected abstract statsView(stats: S, player: RosterPlayer): Record<string, StatValue>
  protected abstract blank(): BaseScorer<S, E>
  abstract summary(): MatchSummary

  get eventCount(): number {
    return this.log.length
  }

  /** Marks a roster index as touched by the current event. */
  protected touch(i: number): void {
    if (this.marks[i] === this.stamp) return
    this.marks[i] = this.stamp
    this.touched.push(i)
  }

  /** Touches a player by id and returns their index (undefined for ids outside the roster). */
  protected touchId(id: number): number | undefined {
    const i = this.index.get(id)
    if (i !== undefined) this.touch(i)
    return i
  }

  apply(event: MatchEvent): number[] {
    this.log.push(event)
    this.stamp++
    this.touched = []
    this.onEvent(event as E)
    const ids: number[] = new Array(this.touched.length)
    for (let k = 0; k < this.touched.length; k++) {
      const i = this.touched[k]!
      this.cached[i] = this.compute(i)
      ids[k] = this.roster[i]!.id
    }
    return ids
  }

  private compute(i: number): number {
    const s = this.stats[i]!
    if (!this.eligible(s)) return 0
    let total = 0
    for (const rule of this.rules[i]!) total += rule.compute(s)
    return total
  }

  points(playerId: number): number {
    const i = this.index.get(playerId)
    return i === undefined ? 0 : this.cached[i]!
  }

  playerScore(playerId: number): PlayerScore | undefined {
    const i = this.index.get(playerId)
    if (i === undefined) return undefined
    const s = this.stats[i]!
    const breakdown = this.eligible(s)
      ? this.rules[i]!.map((r) => ({ rule: r.id, label: r.label, points: r.compute(s) })).filter(
          (line) => line.points !== 0,
        )
      : []
    return {
      player_id: playerId,
      total_score: this.cached[i]!,
      stats: this.statsView(s, this.roster[i]!),
      breakdown,
    }
  }

  all(): PlayerScore[] {
    return this.roster.map((p) => this.playerScore(p.id)!)
  }

  clone(): Scorer {
    const copy = this.blank()
    for (const event of this.log) copy.apply(event)
    return copy
  }
}
