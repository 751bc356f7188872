import { scoringFamily } from '../domain/events/schema'
import { simulateBattleRoyale } from './battle-royale'
import { HOUR, MINUTE } from './common'
import { cricketFormat, simulateCricket } from './cricket'
import { simulateFootball } from './football'
import { simulateRace } from './race'
import type { SimFormat, SimInput, TimedEvent } from './types'

export { profileKind, profilesFor, resolveProfile } from './profile-choice'
export { CRICKET_ERAS, FOOTBALL_LEAGUES, SIM_PROFILES, type SimProfile } from './profiles'
export type { SimFormat, SimInput, SimPlayer, SimTeam, TimedEvent } from './types'

/**
 * The seeded match simulators. `simulateMatch` returns a whole match as events in time order,
 * each with the game-clock instant it happens (`atMs`); the server ingests them live at the
 * clock's speed or all at once. Pure: all randomness comes from `input.rng`, so the same
 * input and stream give the same match. `seq` is left for the server to assign.
 */
export function simulateMatch(input: SimInput): TimedEvent[] {
  switch (scoringFamily(input.sportSlug)) {
    case 'cricket':
      return simulateCricket(input)
    case 'football':
      return simulateFootball(input)
    case 'race':
      return simulateRace(input)
    case 'battle_royale':
      return simulateBattleRoyale(input)
  }
}

/** Typical length of a simulated match from its start to the last event (a Test: all five days). */
const DURATION_MS = {
  T20: 3 * HOUR + 20 * MINUTE,
  ODI: 7 * HOUR + 45 * MINUTE,
  Test: 4 * 24 * HOUR + 7 * HOUR + 30 * MINUTE,
  football: HOUR + 53 * MINUTE,
  race: HOUR + 30 * MINUTE,
  battle_royale: 30 * MINUTE,
}

export function simulatedDurationMs(sportSlug: string, format: SimFormat): number {
  const family = scoringFamily(sportSlug)
  if (family === 'cricket') return DURATION_MS[cricketFormat(format)]
  return DURATION_MS[family]
}
