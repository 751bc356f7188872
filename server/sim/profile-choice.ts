import { scoringFamily } from '../domain/events/schema'
import { CRICKET_ERAS, cricketEra, FOOTBALL_LEAGUES, footballLeague, type SimProfile } from './profiles'

/**
 * Which profiles a match may be simulated under, and the one it plays: a limited-overs cricket
 * match picks an era of its format, a football match a league; other sports (and Tests) have
 * none. docs/simulation.md "Eras and leagues".
 */

/** What a profile is called for a sport: `era` (cricket), `league` (football), or null: none. */
export function profileKind(sportSlug: string): 'era' | 'league' | null {
  const family = scoringFamily(sportSlug)
  if (family === 'cricket') return 'era'
  if (family === 'football') return 'league'
  return null
}

/** The profiles a match of this sport and format may name (empty: it has none). */
export function profilesFor(sportSlug: string, format: string | null): readonly SimProfile[] {
  const kind = profileKind(sportSlug)
  if (kind === 'league') return FOOTBALL_LEAGUES
  if (kind !== 'era' || format === 'Test') return []
  const prefix = format === 'ODI' ? 'odi-' : 't20-'
  return CRICKET_ERAS.filter((era) => era.startsWith(prefix))
}

/**
 * The profile a match plays under: the named one when it fits the sport and format, else the
 * default of the sport and format (server/sim/profiles.ts); null where the sport has none.
 */
export function resolveProfile(
  sportSlug: string,
  format: string | null,
  profile: string | null | undefined,
): SimProfile | null {
  const kind = profileKind(sportSlug)
  if (kind === 'league') return footballLeague(profile)
  if (kind !== 'era') return null
  const cricket = format === 'ODI' || format === 'Test' ? format : 'T20'
  const fits = profilesFor(sportSlug, format).includes(profile as SimProfile)
  return cricketEra(cricket, fits ? profile : null)
}
