import type { RaceEvent } from '../events/schema'
import { BaseScorer } from './base'
import type { PointSystem } from './point-systems'
import { compileRules, resolveColumn } from './rules'
import type { RaceSummary, ScorerOptions, StatValue } from './types'

export interface RaceStats {
  grid: number | null
  /** Provisional from the latest lap order until `finish`, then the classification. */
  position: number | null
  dnf: boolean
  dnfLap: number | null
  fastestLap: boolean
}

/** Positions only count for a running (or classified) driver who started. */
const placed = (s: RaceStats) => s.grid !== null && s.position !== null && !s.dnf

/**
 * F1: the grid is the lineup (a driver who is not on it scores nothing), pole comes from the
 * grid, finishing and gained/lost positions are provisional from the latest `lap` order and
 * final at `finish`. A DNF scores its penalty and no position points.
 */
export class RaceScorer extends BaseScorer<RaceStats, RaceEvent> {
  readonly family = 'race' as const
  private lap = 0
  private order: number[] = []
  private finished = false
  private fastest: { driver_id: number; lap: number } | null = null
  private readonly dnfs: number[] = []
  /** Roster indices of the drivers on the grid. */
  private gridIndices: number[] = []

  constructor(
    options: ScorerOptions,
    private readonly system: PointSystem,
  ) {
    const column = resolveColumn(system, options.format)
    const rules = compileRules<RaceStats>(system, column, (id) => {
      const finish = /^finish_(\d+)$/.exec(id)
      if (finish) {
        const n = Number(finish[1])
        return { count: (s) => (placed(s) && s.position === n ? 1 : 0) }
      }
      if (id === 'position_gained')
        return { count: (s) => (placed(s) ? Math.max(0, s.grid! - s.position!) : 0) }
      if (id === 'position_lost')
        return { count: (s) => (placed(s) ? Math.max(0, s.position! - s.grid!) : 0) }
      if (id === 'fastest_lap') return { count: (s) => (s.fastestLap ? 1 : 0) }
      if (id === 'pole_position') return { count: (s) => (s.grid === 1 ? 1 : 0) }
      if (id === 'did_not_finish') return { count: (s) => (s.dnf ? 1 : 0) }
      return undefined
    })
    super(options, column, () => rules)
  }

  protected newStats(): RaceStats {
    return { grid: null, position: null, dnf: false, dnfLap: null, fastestLap: false }
  }

  protected eligible(s: RaceStats): boolean {
    return s.grid !== null
  }

  protected blank(): RaceScorer {
    return new RaceScorer(this.options, this.system)
  }

  protected onEvent(e: RaceEvent): void {
    switch (e.type) {
      case 'grid':
        for (const i of this.gridIndices) {
          this.stats[i]!.grid = null
          this.touch(i)
        }
        this.gridIndices = []
        e.order.forEach((id, k) => {
          const i = this.touchId(id)
          if (i === undefined) return
          this.stats[i]!.grid = k + 1
          this.gridIndices.push(i)
        })
        return
      case 'lap':
        this.lap = Math.max(this.lap, e.lap)
        this.reorder(e.order)
        return
      case 'finish':
        this.finished = true
        this.reorder(e.order)
        return
      case 'dnf': {
        this.dnfs.push(e.driver_id)
        this.order = this.order.filter((id) => id !== e.driver_id)
        const i = this.touchId(e.driver_id)
        if (i === undefined) return
        this.stats[i]!.dnf = true
        this.stats[i]!.dnfLap = e.lap
        return
      }
      case 'fastest_lap': {
        // A faster lap later in the race takes the bonus from the previous holder.
        if (this.fastest) {
          const prev = this.touchId(this.fastest.driver_id)
          if (prev !== undefined) this.stats[prev]!.fastestLap = false
        }
        this.fastest = { driver_id: e.driver_id, lap: e.lap }
        const i = this.touchId(e.driver_id)
        if (i !== undefined) this.stats[i]!.fastestLap = true
        return
      }
    }
  }

  /** New running order: only drivers whose position changed are touched. */
  private reorder(order: number[]): void {
    this.order = [...order]
    const next = new Map(order.map((id, k) => [id, k + 1]))
    for (let i = 0; i < this.roster.length; i++) {
      const s = this.stats[i]!
      const position = next.get(this.roster[i]!.id) ?? null
      if (s.position === position) continue
      s.position = position
      this.touch(i)
    }
  }

  protected statsView(s: RaceStats): Record<string, StatValue> {
    return {
      grid: s.grid,
      position: s.position,
      positions_gained: placed(s) ? s.grid! - s.position! : 0,
      dnf: s.dnf,
      dnf_lap: s.dnfLap,
      fastest_lap: s.fastestLap,
      pole_position: s.grid === 1,
    }
  }

  summary(): RaceSummary {
    return {
      family: 'race',
      lap: this.lap,
      laps: this.options.laps ?? null,
      leader_id: this.order[0] ?? null,
      order: [...this.order],
      finished: this.finished,
      fastest_lap: this.fastest,
      dnf: [...this.dnfs],
    }
  }
}
