/**
 * A simulation profile: the statistical setting a match is simulated under — a cricket era or
 * a football league (issue 30). A series may name one (`series.sim_profile`); the simulation's
 * stored input fixes it when the match first starts, so a restart plays the same match. Null
 * or absent: the default of the sport and format below. Each profile's target figures, with
 * their sources, live beside its model and in docs/simulation.md.
 */
export const CRICKET_ERAS = ['t20-2008', 't20-2024', 'odi-2015'] as const
export type CricketEra = (typeof CRICKET_ERAS)[number]

export const FOOTBALL_LEAGUES = ['premier-league', 'la-liga', 'serie-a', 'bundesliga', 'ligue-1'] as const
export type FootballLeague = (typeof FOOTBALL_LEAGUES)[number]

export const SIM_PROFILES = [...CRICKET_ERAS, ...FOOTBALL_LEAGUES] as const
export type SimProfile = (typeof SIM_PROFILES)[number]

export function isSimProfile(value: unknown): value is SimProfile {
  return typeof value === 'string' && (SIM_PROFILES as readonly string[]).includes(value)
}

/** The era a limited-overs cricket match plays in when none is named; null for a Test. */
export function cricketEra(
  format: 'T20' | 'ODI' | 'Test',
  profile: string | null | undefined,
): CricketEra | null {
  if (format === 'Test') return null
  if (format === 'ODI') return 'odi-2015'
  return profile === 't20-2024' ? 't20-2024' : 't20-2008'
}

/** The league a football match plays in when none is named. */
export function footballLeague(profile: string | null | undefined): FootballLeague {
  return (FOOTBALL_LEAGUES as readonly string[]).includes(profile ?? '')
    ? (profile as FootballLeague)
    : 'premier-league'
}
