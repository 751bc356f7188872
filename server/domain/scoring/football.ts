import type { FootballEvent } from '../events/schema'
import { footballPosition } from '../styles'
import { BaseScorer } from './base'
import {
  type FootballStats,
  footballRules,
  hasCleanSheet,
  newFootballStats,
  tookTheField,
} from './football-rules'
import type { PointSystem } from './point-systems'
import type { CompiledRule } from './rules'
import type { FootballSummary, RosterPlayer, ScorerOptions, StatValue } from './types'

/**
 * Football: the columns of the point system are positions, so each player is scored from
 * the column of their style. Time on the pitch runs from kick-off (starters) or the
 * substitution until a substitution off, a red card, a second yellow, or the latest minute
 * seen; goals conceded count for the players of the other side on the pitch at that event.
 */
export class FootballScorer extends BaseScorer<FootballStats, FootballEvent> {
  readonly family = 'football' as const
  private minute = 0
  private fullTime = false
  private readonly score = new Map<number, number>()
  private readonly onPitch = new Map<number, Set<number>>()
  private readonly teamOf = new Map<number, number>()
  private potm: number | null = null

  constructor(
    options: ScorerOptions,
    private readonly system: PointSystem,
  ) {
    const byPosition = new Map<string, CompiledRule<FootballStats>[]>()
    for (const column of system.formats) byPosition.set(column, footballRules(system, column))
    super(options, 'position', (p) => byPosition.get(footballPosition(p.style)) ?? [])
    for (const p of this.roster) this.score.set(p.real_team_id, 0)
  }

  protected newStats(): FootballStats {
    return newFootballStats()
  }

  protected eligible(s: FootballStats): boolean {
    return tookTheField(s)
  }

  protected blank(): FootballScorer {
    return new FootballScorer(this.options, this.system)
  }

  protected onEvent(e: FootballEvent): void {
    if ('minute' in e) this.advance(e.minute)
    switch (e.type) {
      case 'lineup':
        this.score.set(e.team_id, this.score.get(e.team_id) ?? 0)
        for (const id of e.substitute_ids) this.teamOf.set(id, e.team_id)
        for (const id of e.player_ids) {
          this.teamOf.set(id, e.team_id)
          const i = this.touchId(id)
          if (i === undefined) continue
          this.stats[i]!.started = true
          this.comeOn(i, e.team_id)
        }
        return
      case 'substitution': {
        const off = this.touchId(e.player_out_id)
        if (off !== undefined) this.goOff(off)
        const on = this.touchId(e.player_in_id)
        if (on !== undefined) {
          this.stats[on]!.subbedOn = true
          this.comeOn(on, e.team_id)
        }
        return
      }
      case 'goal':
        this.goal(e)
        return
      case 'card': {
        const i = this.touchId(e.player_id)
        if (i === undefined) return
        const s = this.stats[i]!
        if (e.color === 'red') s.redCards++
        else s.yellowCards++
        // A red card or a second yellow sends the player off; each card scores its own row.
        if (e.color === 'red' || s.yellowCards >= 2) this.goOff(i)
        return
      }
      case 'full_time':
        this.fullTime = true
        return
      case 'player_of_the_match':
        if (this.potm !== null) {
          const prev = this.touchId(this.potm)
          if (prev !== undefined) this.stats[prev]!.playerOfTheMatch = false
        }
        this.potm = e.player_id
        this.bump(e.player_id, (s) => {
          s.playerOfTheMatch = true
        })
        return
      case 'shot_on_target':
        this.bump(e.player_id, (s) => s.shotsOnTarget++)
        return
      case 'save':
        this.bump(e.player_id, (s) => s.saves++)
        return
      case 'penalty_save':
        this.bump(e.player_id, (s) => s.penaltySaves++)
        return
      case 'penalty_miss':
        this.bump(e.player_id, (s) => s.penaltyMisses++)
        return
      case 'tackle_won':
        this.bump(e.player_id, (s) => s.tacklesWon++)
        return
      case 'minute':
        return
    }
  }

  private bump(id: number, change: (s: FootballStats) => void): void {
    const i = this.touchId(id)
    if (i !== undefined) change(this.stats[i]!)
  }

  /** The match clock moves forward only; every player on the pitch gains the minutes. */
  private advance(minute: number): void {
    if (minute <= this.minute) return
    this.minute = minute
    for (const players of this.onPitch.values())
      for (const i of players) {
        const s = this.stats[i]!
        s.minutes = minute - s.onMinute
        this.touch(i)
      }
  }

  private comeOn(i: number, teamId: number): void {
    const s = this.stats[i]!
    s.onPitch = true
    s.onMinute = this.minute
    s.minutes = 0
    let side = this.onPitch.get(teamId)
    if (!side) {
      side = new Set()
      this.onPitch.set(teamId, side)
    }
    side.add(i)
  }

  private goOff(i: number): void {
    const s = this.stats[i]!
    if (!s.onPitch) return
    s.onPitch = false
    s.offMinute = this.minute
    s.minutes = this.minute - s.onMinute
    for (const side of this.onPitch.values()) side.delete(i)
  }

  private goal(e: Extract<FootballEvent, { type: 'goal' }>): void {
    this.score.set(e.team_id, (this.score.get(e.team_id) ?? 0) + 1)
    this.bump(e.player_id, (s) => (e.own_goal ? s.ownGoals++ : s.goals++))
    if (e.assist_id !== undefined) this.bump(e.assist_id, (s) => s.assists++)
    // `team_id` is the side the goal counts for (also on an own goal): every other side concedes.
    for (const [team, players] of this.onPitch) {
      if (team === e.team_id) continue
      for (const i of players) {
        this.stats[i]!.conceded++
        this.touch(i)
      }
    }
  }

  protected statsView(s: FootballStats, p: RosterPlayer): Record<string, StatValue> {
    return {
      position: footballPosition(p.style),
      started: s.started,
      substitute_appearance: s.subbedOn,
      on_pitch: s.onPitch,
      minutes: s.minutes,
      goals: s.goals,
      assists: s.assists,
      shots_on_target: s.shotsOnTarget,
      saves: s.saves,
      penalty_saves: s.penaltySaves,
      penalty_misses: s.penaltyMisses,
      tackles_won: s.tacklesWon,
      yellow_cards: s.yellowCards,
      red_cards: s.redCards,
      own_goals: s.ownGoals,
      goals_conceded: s.conceded,
      clean_sheet: hasCleanSheet(s),
      player_of_the_match: s.playerOfTheMatch,
    }
  }

  summary(): FootballSummary {
    return {
      family: 'football',
      score: Object.fromEntries([...this.score].map(([team, goals]) => [String(team), goals])),
      minute: this.minute,
      full_time: this.fullTime,
    }
  }
}
