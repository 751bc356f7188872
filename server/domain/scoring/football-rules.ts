import type { PointSystem } from './point-systems'
import { type CompiledRule, compileRules, type RuleSpec } from './rules'

/** "Clean sheet (played 55+ minutes)": the minutes are the rule's condition, its points are data. */
export const CLEAN_SHEET_MINUTES = 55

export interface FootballStats {
  started: boolean
  subbedOn: boolean
  onPitch: boolean
  onMinute: number
  offMinute: number | null
  /** Minutes on the pitch so far (up to the latest match minute while still on). */
  minutes: number
  goals: number
  assists: number
  shotsOnTarget: number
  saves: number
  penaltySaves: number
  penaltyMisses: number
  tacklesWon: number
  yellowCards: number
  redCards: number
  ownGoals: number
  /** Goals the player's side conceded while the player was on the pitch. */
  conceded: number
  playerOfTheMatch: boolean
}

export function newFootballStats(): FootballStats {
  return {
    started: false,
    subbedOn: false,
    onPitch: false,
    onMinute: 0,
    offMinute: null,
    minutes: 0,
    goals: 0,
    assists: 0,
    shotsOnTarget: 0,
    saves: 0,
    penaltySaves: 0,
    penaltyMisses: 0,
    tacklesWon: 0,
    yellowCards: 0,
    redCards: 0,
    ownGoals: 0,
    conceded: 0,
    playerOfTheMatch: false,
  }
}

export const tookTheField = (s: FootballStats) => s.started || s.subbedOn

/** Provisional while the player is on: kept if the side concedes nothing more while they are. */
export const hasCleanSheet = (s: FootballStats) =>
  tookTheField(s) && s.minutes >= CLEAN_SHEET_MINUTES && s.conceded === 0

const FIXED: Record<string, RuleSpec<FootballStats>> = {
  goal: { count: (s) => s.goals },
  assist: { count: (s) => s.assists },
  shot_on_target: { count: (s) => s.shotsOnTarget },
  clean_sheet: { count: (s) => (hasCleanSheet(s) ? 1 : 0) },
  save: { count: (s) => s.saves },
  penalty_save: { count: (s) => s.penaltySaves },
  tackle_won: { count: (s) => s.tacklesWon },
  appearance: { count: (s) => (s.started ? 1 : 0) },
  sub_appearance: { count: (s) => (s.subbedOn ? 1 : 0) },
  yellow_card: { count: (s) => s.yellowCards },
  red_card: { count: (s) => s.redCards },
  own_goal: { count: (s) => s.ownGoals },
  penalty_miss: { count: (s) => s.penaltyMisses },
  player_of_the_match: { count: (s) => (s.playerOfTheMatch ? 1 : 0) },
}

/** The football rules of one position column (GK, DEF, MID, FWD). */
export function footballRules(system: PointSystem, column: string): CompiledRule<FootballStats>[] {
  return compileRules<FootballStats>(system, column, (id) => {
    const fixed = FIXED[id]
    if (fixed) return fixed
    const conceded = /^goal_conceded_(\d+)$/.exec(id)
    if (conceded) {
      const every = Number(conceded[1])
      return { count: (s) => Math.floor(s.conceded / every) }
    }
    return undefined
  })
}
