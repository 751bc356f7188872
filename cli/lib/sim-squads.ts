import { SeedRandom } from '../../seeds/generators/random'
import { buildRosters } from '../../seeds/generators/rosters'
import type { SportSlug } from '../../seeds/generators/types'
import { FRANCHISES } from '../../seeds/lists/cricket'
import type { RandomStream } from '../../server/domain/rng'

/** A side as `fanspole sim` simulates it: the demo league's squad, with names for an export. */
export interface NamedSquad {
  team_id: number
  name: string
  /** A nation (ODIs are international) or a franchise (T20s are club cricket). */
  international: boolean
  venue: { name: string; city: string | null } | null
  players: Array<{ id: number; name: string; style: number; value_tenths: number }>
}

/** The demo league's roster seed (seeds/demo-league: `new SeedRandom(2026)` builds every sport's squads). */
const ROSTER_SEED = 2026

/**
 * The squads the demo league seeds (same names, styles and values), ids numbered from 1 per
 * sport in roster order: built without a database, so `sim stats` and `sim export` run anywhere.
 */
export function demoSquads(sport: SportSlug): NamedSquad[] {
  const roster = buildRosters(new SeedRandom(ROSTER_SEED)).find((r) => r.sport === sport)
  if (!roster) return []
  const franchises = new Set(FRANCHISES.map((f) => f.name))
  let id = 1
  return roster.teams.map((t, i) => ({
    team_id: i + 1,
    name: t.name,
    international: sport === 'cricket' ? !franchises.has(t.name) : false,
    venue: t.venue ? { name: t.venue.name, city: t.venue.location } : null,
    players: roster.players
      .filter((p) => p.teamKey === t.key)
      .map((p) => ({ id: id++, name: p.name, style: p.style, value_tenths: p.value })),
  }))
}

/** Two different sides of `pool`, the first at home. */
export function pickPair(rng: RandomStream, pool: readonly NamedSquad[]): [NamedSquad, NamedSquad] {
  const [a, b] = rng.shuffle(pool).slice(0, 2)
  return [a as NamedSquad, b as NamedSquad]
}

/** The sides a format is played between: nations for ODIs and Tests, franchises for T20s. */
export function cricketPool(squads: readonly NamedSquad[], format: 'T20' | 'ODI' | 'Test'): NamedSquad[] {
  const international = format !== 'T20'
  const pool = squads.filter((s) => s.international === international)
  return pool.length >= 2 ? pool : [...squads]
}
