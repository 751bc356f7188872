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
  /** The few minutes between a tie (or a tied super over) and the next super over. */
  superOverBreak(): void
  /** Overs left in the match (a Test); null when the innings length bounds the game instead. */
  oversLeft(): number | null
  /** The time for play has run out. */
  stumpsDrawn(): boolean
}

export const FIRST_BALL_AFTER_MS = 30 * SECOND
const TEST_DAYS = 5
const OVERS_A_DAY = 90

/** What every format shares: the time now, and the gaps after a delivery, a wicket and an over. */
abstract class Pace implements CricketPace {
  protected t: number

  constructor(
    protected readonly rng: RandomStream,
    startMs: number,
  ) {
    this.t = startMs + FIRST_BALL_AFTER_MS
  }

  now(): number {
    return this.t
  }
  delivery(): void {
    this.t += this.rng.int(34, 42) * SECOND
  }
  wicket(): void {
    this.t += this.rng.int(40, 70) * SECOND
  }
  overEnd(): void {
    this.t += this.rng.int(15, 30) * SECOND
  }
  superOverBreak(): void {
    this.t += this.rng.int(5, 10) * MINUTE
  }
  abstract inningsBreak(): void
  abstract oversLeft(): number | null
  abstract stumpsDrawn(): boolean
}

class LimitedOversPace extends Pace {
  constructor(
    rng: RandomStream,
    startMs: number,
    private readonly format: 'T20' | 'ODI',
  ) {
    super(rng, startMs)
  }

  inningsBreak(): void {
    this.t += (this.format === 'T20' ? this.rng.int(15, 20) : this.rng.int(35, 45)) * MINUTE
  }
  oversLeft(): null {
    return null
  }
  stumpsDrawn(): boolean {
    return false
  }
}

export function limitedOversPace(rng: RandomStream, startMs: number, format: 'T20' | 'ODI'): CricketPace {
  return new LimitedOversPace(rng, startMs, format)
}

/** Overs possible on each day: rain or bad light takes some on about one day in three. */
function daysOfPlay(rng: RandomStream): number[] {
  return Array.from({ length: TEST_DAYS }, () =>
    rng.bool(0.35) ? OVERS_A_DAY - rng.int(10, 50) : OVERS_A_DAY,
  )
}

class TestPace extends Pace {
  private day = 0
  private dayOvers = 0

  constructor(
    rng: RandomStream,
    private readonly startMs: number,
    private readonly days: number[],
  ) {
    super(rng, startMs)
  }

  override overEnd(): void {
    super.overEnd()
    this.dayOvers++
    if (this.dayOvers >= (this.days[this.day] ?? 0)) {
      // Stumps: play resumes on the next day of the match, unless that was the last day.
      this.day++
      this.dayOvers = 0
      if (this.day < TEST_DAYS) this.t = this.startMs + this.day * DAY + FIRST_BALL_AFTER_MS
    } else if (this.dayOvers === 30) this.t += 40 * MINUTE
    else if (this.dayOvers === 60) this.t += 20 * MINUTE
  }
  inningsBreak(): void {
    this.t += 10 * MINUTE
  }
  oversLeft(): number {
    return this.days.slice(this.day).reduce((sum, overs) => sum + overs, 0) - this.dayOvers
  }
  stumpsDrawn(): boolean {
    return this.day >= TEST_DAYS
  }
}

export function testPace(rng: RandomStream, startMs: number): CricketPace {
  // The days are drawn first, before any delivery.
  return new TestPace(rng, startMs, daysOfPlay(rng))
}
