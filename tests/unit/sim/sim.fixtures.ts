import { isDeepStrictEqual } from 'node:util'
import { SeedRandom } from '../../../seeds/generators/random'
import { buildRosters } from '../../../seeds/generators/rosters'
import type { SportSlug } from '../../../seeds/generators/types'
import { EVENT_SCHEMA, type MatchEvent, scoringFamily } from '../../../server/domain/events/schema'
import { validateEvents } from '../../../server/domain/events/validate'
import { createRng } from '../../../server/domain/rng'
import { type SimFormat, type SimTeam, simulateMatch, type TimedEvent } from '../../../server/sim'

/**
 * Squads exactly as the demo-league seeder builds them (same styles, values and sizes), with
 * ids numbered from 1 per sport: cricket sides of 17–18, football clubs, 11 F1 constructors of
 * 2 drivers, 16 battle-royale squads of 4 starters and a substitute.
 */
let cache: Record<SportSlug, SimTeam[]> | null = null
export function seededSquads(): Record<SportSlug, SimTeam[]> {
  if (cache) return cache
  const out = {} as Record<SportSlug, SimTeam[]>
  for (const roster of buildRosters(new SeedRandom(2026))) {
    let id = 1
    out[roster.sport] = roster.teams.map((t, i) => ({
      team_id: i + 1,
      players: roster.players
        .filter((p) => p.teamKey === t.key)
        .map((p) => ({ id: id++, style: p.style, value_tenths: p.value })),
    }))
  }
  cache = out
  return out
}

/** Two sides for cricket and football (varied by seed), the whole field for F1 and battle royale. */
export function fixtureTeams(sport: SportSlug, seed = 0): SimTeam[] {
  const teams = seededSquads()[sport]
  if (sport !== 'cricket' && sport !== 'football') return teams
  const a = seed % teams.length
  const b = (a + 1 + (seed % (teams.length - 1))) % teams.length
  return [teams[a] as SimTeam, teams[b] as SimTeam]
}

export const START_MS = Date.UTC(2026, 10, 22, 14, 0)

export function simulate(
  sport: SportSlug,
  format: SimFormat,
  seed: number,
  teams = fixtureTeams(sport, seed),
) {
  return simulateMatch({
    sportSlug: sport,
    format,
    startMs: START_MS,
    teams,
    rng: createRng(seed).stream('sim:match:1'),
  })
}

export const ofType = <T extends MatchEvent['type']>(events: TimedEvent[], type: T) =>
  events.map((e) => e.event).filter((e): e is Extract<MatchEvent, { type: T }> => e.type === type)

/**
 * Every problem with a generated match: an event the family's zod schema rejects or would
 * change (the simulator writes every field), and whatever the semantic validator reports.
 */
export function problems(
  sport: SportSlug,
  format: SimFormat,
  teams: SimTeam[],
  events: TimedEvent[],
): string[] {
  const family = scoringFamily(sport)
  const out: string[] = []
  events.forEach(({ event }, i) => {
    const parsed = EVENT_SCHEMA[family].safeParse(event)
    if (!parsed.success) out.push(`event ${i} (${event.type}): ${parsed.error.message}`)
    else if (!isDeepStrictEqual(parsed.data, event)) out.push(`event ${i} (${event.type}) is incomplete`)
  })
  const context = {
    players: teams.flatMap((t) =>
      t.players.map((p) => ({ id: p.id, style: p.style, real_team_id: t.team_id })),
    ),
    team_ids: teams.map((t) => t.team_id),
    format,
  }
  const semantic = validateEvents(
    family,
    context,
    events.map((e) => e.event),
  )
  if (!semantic.ok)
    for (const [key, messages] of Object.entries(semantic.errors)) out.push(`${key}: ${messages.join('; ')}`)
  return out
}

export function quantile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.floor(q * (sorted.length - 1))] as number
}
