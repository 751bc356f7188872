import { describe, expect, it } from 'vitest'
import { profileKind, profilesFor, resolveProfile } from '../../../server/sim'
import { simProfileLabel } from '../../../web/src/features/matches/api'

// Which era or league a match may name and which it plays (docs/simulation.md "Eras and leagues").

describe('simulation profile choice', () => {
  it('offers the eras of the format to cricket, the leagues to football, nothing to other sports or Tests', () => {
    expect(profileKind('cricket')).toBe('era')
    expect(profileKind('football')).toBe('league')
    expect(profileKind('f1')).toBeNull()
    expect(profilesFor('cricket', 'T20')).toEqual(['t20-2008', 't20-2024'])
    expect(profilesFor('cricket', 'ODI')).toEqual(['odi-2015'])
    expect(profilesFor('cricket', 'Test')).toEqual([])
    expect(profilesFor('football', null)).toContain('premier-league')
    expect(profilesFor('pubg', null)).toEqual([])
  })

  it('plays the named profile when it fits, else the default of the sport and format', () => {
    expect(resolveProfile('cricket', 'T20', 't20-2024')).toBe('t20-2024')
    expect(resolveProfile('cricket', 'T20', null)).toBe('t20-2008')
    // A series' era that does not fit one of its matches (an ODI in a T20 series) falls back.
    expect(resolveProfile('cricket', 'ODI', 't20-2024')).toBe('odi-2015')
    expect(resolveProfile('cricket', 'T20', 'odi-2015')).toBe('t20-2008')
    expect(resolveProfile('cricket', 'Test', 't20-2024')).toBeNull()
    expect(resolveProfile('football', null, 'serie-a')).toBe('serie-a')
    expect(resolveProfile('football', null, 't20-2024')).toBe('premier-league')
    expect(resolveProfile('f1', 'Race', 'premier-league')).toBeNull()
  })

  it('labels it for the match page', () => {
    expect(simProfileLabel({ sport_slug: 'cricket', sim_profile: 't20-2024' })).toBe('t20-2024 era')
    expect(simProfileLabel({ sport_slug: 'football', sim_profile: 'premier-league' })).toBe('Premier League')
    expect(simProfileLabel({ sport_slug: 'football', sim_profile: 'ligue-1' })).toBe('Ligue 1')
    expect(simProfileLabel({ sport_slug: 'f1', sim_profile: null })).toBeNull()
  })
})
