import type { AuctionPlayer, SquadRules } from './auction/rules'
import { BALANCED_SQUAD_SIZE, SQUAD_BALANCE, settingsProblems } from './auction/settings'

/**
 * A classroom's numbers (docs/classroom.md). Pure: the server and the CLI share them, so the
 * CLI refuses `--students 0` with the same range the server would.
 */

/** Students per class: 1 to 40 (40 franchise colours; a class of 40 is a big class). */
export const CLASS_STUDENTS_MIN = 1
export const CLASS_STUDENTS_MAX = 40

/** A class auction seats at least this many franchises; bots fill the seats students leave empty. */
export const CLASS_MIN_SEATS = 4

/** Every franchise's purse (the auctions' default). */
export const CLASS_PURSE = 10_000
/** Seconds a class auction's lot runs unless the instructor says otherwise (5–120, as any auction). */
export const CLASS_LOT_SECONDS = 15

/** The squad a full squad would be (11 to score a match, up to 15 with the bench). */
const SQUAD_MIN_TARGET = BALANCED_SQUAD_SIZE
const SQUAD_MAX_TARGET = 15

export interface ClassSquad {
  squad_min: number
  squad_max: number
  balanced: boolean
  /** How many players the pool holds for each franchise (pool ÷ seats, rounded down). */
  players_per_franchise: number
}

/** Seats of a class auction: the students, topped up with bots to at least CLASS_MIN_SEATS. */
export function classSeats(students: number, asked?: number): number {
  return asked ?? Math.max(students, CLASS_MIN_SEATS)
}

/**
 * The squad every one of `seats` franchises can fill from `pool`, honestly: squads of 11–15
 * when the pool holds that many players per franchise (balanced when it also holds the
 * keepers, batters and bowlers for every squad), else squads as large as the pool allows
 * (the pool ÷ seats, unbalanced) — a series pool of ≈180 players gives 30 franchises squads
 * of 6. Null when the pool cannot give every franchise even one player.
 */
export function classSquad(pool: readonly AuctionPlayer[], seats: number): ClassSquad | null {
  const perFranchise = Math.floor(pool.length / seats)
  if (perFranchise < 1) return null
  const squadMin = Math.min(SQUAD_MIN_TARGET, perFranchise)
  const squadMax = Math.min(SQUAD_MAX_TARGET, perFranchise)
  const rules = (balanced: boolean): SquadRules => ({
    purse: CLASS_PURSE,
    squadMin,
    squadMax,
    maxStars: null,
    balance: balanced ? { ...SQUAD_BALANCE } : null,
  })
  const balanced = settingsProblems(rules(true), pool, seats).length === 0
  if (!balanced && settingsProblems(rules(false), pool, seats).length > 0) return null
  return { squad_min: squadMin, squad_max: squadMax, balanced, players_per_franchise: perFranchise }
}
