import type { RandomStream } from '../domain/rng'
import { DAY, MINUTE, SECOND } from './common'

/**
 * The game clock of a cricket match: about 38 s between deliveries, a short gap at the end of
 * an over, a pause for the new batter after a wicket and a break between innings. A Test is
 * played in days of three 30-over sessions (lunch 40 min, tea 20 min) starting 24 h apart,
 * (rain or bad light cut some days short) and ends after the fifth day whatever the state of the game.
 */
export interface CricketPace {
  now(): number
  delivery(): void
  wicket(): void
  overEnd(): void
  inningsBreak(): void
  /** Overs left in the match (a Test); null when the innings length bounds the game instead. */
  oversLeft(): number | null
  /** The time for play has run out. */
  stumpsDrawn(): boolean
}

export const FIRST_BALL_AFTER_MS = 30 * SECOND
const TEST_DAYS = 5
const OVERS_A_DAY = 90

export function limitedOversPace(rng: RandomStream, startMs: number, format: 'T20' | 'ODI'): CricketPace {
  let t = startMs + FIRST_BALL_AFTER_MS
  return {
    now: () => t,
    delivery: () => {
      t += rng.int(34, 42) * SECOND
    },
    wicket: () => {
      t += rng.int(40, 70) * SECOND
    },
    overEnd: () => {
      t += rng.int(15, 30) * SECOND
    },
    inningsBreak: () => {
      t += (format === 'T20' ? rng.int(15, 20) : rng.int(35, 45)) * MINUTE
    },
    oversLeft: () => null,
    stumpsDrawn: () => false,
  }
}

/** Overs possible on each day: rain or bad light takes some on about one day in three. */
function daysOfPlay(rng: RandomStream): number[] {
  return Array.from({ length: TEST_DAYS }, () =>
    rng.bool(0.35) ? OVERS_A_DAY - rng.int(10, 50) : OVERS_A_DAY,
  )
}

export function testPace(rng: RandomStream, startMs: number): CricketPace {
  const days = daysOfPlay(rng)
  let t = startMs + FIRST_BALL_AFTER_MS
  let day = 0
  let dayOvers = 0
  return {
    now: () => t,
    delivery: () => {
      t += rng.int(34, 42) * SECOND
    },
    wicket: () => {
      t += rng.int(40, 70) * SECOND
    },
    overEnd: () => {
      t += rng.int(15, 30) * SECOND
      dayOvers++
      if (dayOvers >= (days[day] ?? 0)) {
        // Stumps: play resumes on the next day of the match, unless that was the last day.
        day++
        dayOvers = 0
        if (day < TEST_DAYS) t = startMs + day * DAY + FIRST_BALL_AFTER_MS
      } else if (dayOvers === 30) t += 40 * MINUTE
      else if (dayOvers === 60) t += 20 * MINUTE
    },
    inningsBreak: () => {
      t += 10 * MINUTE
    },
    oversLeft: () => days.slice(day).reduce((sum, overs) => sum + overs, 0) - dayOvers,
    stumpsDrawn: () => day >= TEST_DAYS,
  }
}
