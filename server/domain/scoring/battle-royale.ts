import type { BattleRoyaleEvent } from '../events/schema'
import { BaseScorer } from './base'
import type { PointSystem } from './point-systems'
import { compileRules, resolveColumn } from './rules'
import type { BattleRoyaleSummary, ScorerOptions, StatValue } from './types'

export interface BattleRoyaleStats {
  inLineup: boolean
  squadId: number | null
  kills: number
  /** The squad's placement once it is eliminated or wins. */
  placement: number | null
}

/** A placement rule id as a range: placement_3 → [3, 3], placement_8_12 → [8, 12], placement_13_plus → [13, ∞). */
function placementRange(id: string): [number, number] | undefined {
  const m = /^placement_(\d+)(?:_(\d+|plus))?$/.exec(id)
  if (!m) return undefined
  const low = Number(m[1])
  const high = m[2] === undefined ? low : m[2] === 'plus' ? Number.POSITIVE_INFINITY : Number(m[2])
  return [low, high]
}

/**
 * Battle royale: every lineup player of a squad gets the squad's placement points when it
 * is eliminated (placement 2…) or wins (1); each kill scores for the player who made it.
 */
export class BattleRoyaleScorer extends BaseScorer<BattleRoyaleStats, BattleRoyaleEvent> {
  readonly family = 'battle_royale' as const
  private zone = 0
  private winner: number | null = null
  /** Lineup players (roster indices) by squad, and each squad's kills and placement. */
  private readonly squads = new Map<number, { members: number[]; kills: number; placement: number | null }>()

  constructor(
    options: ScorerOptions,
    private readonly system: PointSystem,
  ) {
    const column = resolveColumn(system, options.format)
    const rules = compileRules<BattleRoyaleStats>(system, column, (id) => {
      if (id === 'kill') return { count: (s) => s.kills }
      const range = placementRange(id)
      if (!range) return undefined
      const [low, high] = range
      return { count: (s) => (s.placement !== null && s.placement >= low && s.placement <= high ? 1 : 0) }
    })
    super(options, column, () => rules)
  }

  protected newStats(): BattleRoyaleStats {
    return { inLineup: false, squadId: null, kills: 0, placement: null }
  }

  protected eligible(s: BattleRoyaleStats): boolean {
    return s.inLineup
  }

  protected blank(): BattleRoyaleScorer {
    return new BattleRoyaleScorer(this.options, this.system)
  }

  private squad(teamId: number) {
    let squad = this.squads.get(teamId)
    if (!squad) {
      squad = { members: [], kills: 0, placement: null }
      this.squads.set(teamId, squad)
    }
    return squad
  }

  protected onEvent(e: BattleRoyaleEvent): void {
    switch (e.type) {
      case 'lineup': {
        const squad = this.squad(e.team_id)
        for (const id of e.player_ids) {
          const i = this.touchId(id)
          if (i === undefined) continue
          const s = this.stats[i]!
          s.inLineup = true
          s.squadId = e.team_id
          s.placement = squad.placement
          squad.members.push(i)
        }
        return
      }
      case 'zone':
        this.zone = Math.max(this.zone, e.zone)
        return
      case 'kill': {
        const i = this.touchId(e.player_id)
        if (i === undefined) return
        const s = this.stats[i]!
        s.kills++
        // Squad tallies are for lined-up squads; a kill by anyone else cannot score anyway.
        if (s.squadId !== null) this.squad(s.squadId).kills++
        return
      }
      case 'eliminated':
        this.place(e.team_id, e.placement)
        return
      case 'winner':
        this.winner = e.team_id
        this.place(e.team_id, 1)
        return
    }
  }

  private place(teamId: number, placement: number): void {
    const squad = this.squad(teamId)
    squad.placement = placement
    for (const i of squad.members) {
      this.stats[i]!.placement = placement
      this.touch(i)
    }
  }

  protected statsView(s: BattleRoyaleStats): Record<string, StatValue> {
    return { in_lineup: s.inLineup, squad_id: s.squadId, kills: s.kills, placement: s.placement }
  }

  summary(): BattleRoyaleSummary {
    const kills: Record<string, number> = {}
    const placements: Record<string, number> = {}
    let alive = 0
    for (const [team, squad] of this.squads) {
      kills[String(team)] = squad.kills
      if (squad.placement !== null) placements[String(team)] = squad.placement
      if (squad.placement === null || squad.placement === 1) alive++
    }
    return {
      family: 'battle_royale',
      zone: this.zone,
      teams_alive: alive,
      kills_by_team: kills,
      placements,
      winner_id: this.winner,
    }
  }
}
