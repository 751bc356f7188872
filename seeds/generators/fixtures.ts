import type { RandomStream } from '../../server/domain/rng'
import { type BattleRoyaleSlug, TITLES } from '../lists/esports'
import { GRANDS_PRIX } from '../lists/motorsport'
import { type Around, DAY, HOUR, MINUTE, phaseOf, phasesByDays, schedule, teamPairings } from './calendar'
import { cricketSeries } from './cricket-fixtures'
import { makeMatch } from './matches'
import type { SeedRandom } from './random'
import { battleRoyaleResult, footballResult, raceResult } from './results'
import type { RosterPlan, SeriesPlan, SportSlug, TeamPlan, Venue } from './types'

/** Every series of the league, built around `a.now`. */
export function buildSeries(a: Around, random: SeedRandom, rosters: RosterPlan[]): SeriesPlan[] {
  const roster = (sport: SportSlug) => rosters.find((r) => r.sport === sport) as RosterPlan
  return [
    ...cricketSeries(a, random, roster('cricket')),
    footballLeague(a, random.stream('fixtures:football'), roster('football')),
    f1Season(a, random.stream('fixtures:f1'), roster('f1')),
    ...(['pubg', 'free-fire', 'call-of-duty'] as const).map((slug) =>
      battleRoyaleLeague(a, random.stream(`fixtures:${slug}`), roster(slug), slug),
    ),
  ]
}

function footballLeague(a: Around, rand: RandomStream, roster: RosterPlan): SeriesPlan {
  // One evening fixture a day (none on Tuesdays), double-headers at weekends.
  const slots = schedule(a, {
    days: [-10, 10],
    times: (_day, weekday) =>
      weekday === 0 || weekday === 6
        ? [
            [11, 30],
            [14, 0],
          ]
        : weekday === 2
          ? []
          : [[14, 0]],
    durationMs: 2 * HOUR,
    soon: [15],
  })
  const pairs = teamPairings(
    slots.map((s) => s.time),
    rand.shuffle(roster.teams),
    48 * HOUR,
  )
  const phases = phasesByDays(a, [
    ['Week 1', -10, -4],
    ['Week 2', -3, 3],
    ['Week 3', 4, 10],
  ])
  const matches = slots.map((slot, i) => {
    const [home, away] = pairs[i] as [TeamPlan, TeamPlan]
    return makeMatch(rand, roster, {
      matchNo: i + 1,
      stage: 'League',
      title: `${home.nameAttr} vs ${away.nameAttr}`,
      format: null,
      venue: home.venue as Venue,
      teamKeys: [home.key, away.key],
      twoSided: true,
      slot,
      phase: phaseOf(phases, slot.time),
      result: () => footballResult(rand, home, away).text,
    })
  })
  const season = `${a.year}–${String((a.year + 1) % 100).padStart(2, '0')}`
  return {
    sport: 'football',
    name: `Indian Football League ${season}`,
    shortName: 'IFL',
    format: null,
    // Goals at the Premier League's rate (no Indian league profile: docs/simulation.md).
    simProfile: 'premier-league',
    phases,
    matches,
  }
}

/** A compressed demo calendar: a Grand Prix every third day, and one about to start. */
function f1Season(a: Around, rand: RandomStream, roster: RosterPlan): SeriesPlan {
  const teams = new Map(roster.teams.map((t) => [t.key, t]))
  const slots = schedule(a, {
    days: [-9, 9],
    times: (day) => (day % 3 === 0 ? [[13, 0]] : []),
    durationMs: 2 * HOUR,
    soon: [30],
    spacingMs: 36 * HOUR,
  })
  const firstRound = rand.int(4, 10)
  const phases = phasesByDays(a, [
    ['Week 1', -9, -4],
    ['Week 2', -3, 3],
    ['Week 3', 4, 9],
  ])
  const matches = slots.map((slot, i) => {
    const round = firstRound + i
    const [gp, circuit, city, country] = GRANDS_PRIX[(round - 1) % GRANDS_PRIX.length] as [
      string,
      string,
      string,
      string,
    ]
    return makeMatch(rand, roster, {
      matchNo: round,
      stage: `Round ${round}`,
      title: gp,
      format: 'Race',
      venue: { name: circuit, location: city, country },
      teamKeys: roster.teams.map((t) => t.key),
      twoSided: false,
      slot,
      phase: phaseOf(phases, slot.time),
      result: () => raceResult(rand, roster.players, teams).text,
    })
  })
  return {
    sport: 'f1',
    name: `Formula World Championship ${a.year}`,
    shortName: `F1 ${a.year}`,
    format: 'Race',
    phases,
    matches,
  }
}

const ONLINE: Venue = { name: 'Online', location: null, country: 'India' }

/** Two matches a day for twelve days, the last two days the LAN grand final. */
function battleRoyaleLeague(
  a: Around,
  rand: RandomStream,
  roster: RosterPlan,
  slug: BattleRoyaleSlug,
): SeriesPlan {
  const title = TITLES[slug]
  const finalsFrom = a.day0 + 5 * DAY
  const slots = schedule(a, {
    days: [-5, 6],
    times: () => title.times,
    durationMs: 45 * MINUTE,
    soon: title.soon,
  })
  const phases = phasesByDays(a, [
    ['Week 1', -5, -1],
    ['Week 2', 0, 4],
    ['Grand Final', 5, 6],
  ])
  const matches = slots.map((slot, i) => {
    const final = slot.time >= finalsFrom
    const map = title.maps[i % title.maps.length] as string
    return makeMatch(rand, roster, {
      matchNo: i + 1,
      stage: final ? 'Grand Final' : 'League Stage',
      title: `Match ${i + 1} · ${map}`,
      format: 'Match',
      venue: final ? title.finals : ONLINE,
      teamKeys: roster.teams.map((t) => t.key),
      twoSided: false,
      slot,
      phase: phaseOf(phases, slot.time),
      result: () => battleRoyaleResult(rand, roster.teams, title.victory).text,
    })
  })
  return {
    sport: slug,
    name: `${title.league} ${a.year}`,
    shortName: title.shortName,
    format: 'Match',
    phases,
    matches,
  }
}
