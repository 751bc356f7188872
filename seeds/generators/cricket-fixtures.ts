import type { RandomStream } from '../../server/domain/rng'
import { AUSTRALIA_GROUNDS, ENGLAND_GROUNDS, FRANCHISES, SOUTH_AFRICA_GROUNDS } from '../lists/cricket'
import { type Around, DAY, HOUR, phaseOf, phasesByDays, type Slot, schedule, teamPairings } from './calendar'
import { makeMatch } from './matches'
import type { SeedRandom } from './random'
import { cricketResult, type Outcome } from './results'
import type { PhasePlan, RosterPlan, SeriesPlan, TeamPlan, Venue } from './types'

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th']

type Format = 'T20' | 'ODI' | 'Test'

/** The cricket calendar: a franchise T20 league, a T20I tri-series, an ODI series and a Test series. */
export function cricketSeries(a: Around, random: SeedRandom, roster: RosterPlan): SeriesPlan[] {
  const team = (attr: string) => {
    const t = roster.teams.find((x) => x.key === `cricket:${attr}`)
    if (!t) throw new Error(`no cricket side ${attr}`)
    return t
  }
  return [
    t20League(
      a,
      random.stream('fixtures:cricket:league'),
      roster,
      FRANCHISES.map((f) => team(f.attr)),
    ),
    triSeries(a, random.stream('fixtures:cricket:tri'), roster, [team('SA'), team('PAK'), team('SL')]),
    bilateral(a, random.stream('fixtures:cricket:odi'), roster, {
      name: `England v New Zealand ODI Series ${a.year}`,
      shortName: 'ENG v NZ ODIs',
      format: 'ODI',
      hosts: team('ENG'),
      visitors: team('NZ'),
      grounds: ENGLAND_GROUNDS,
      // All three still to play: a whole championship phase to join from its first match
      // (scenarios/championship-phase.yaml plays it from the first lock to the prizes). From
      // day 2, the first is at least 33.5 hours away whatever the hour of seeding: the
      // scenarios that run before it on one server move the clock by some 12 hours.
      days: [2, 4, 6],
      start: [9, 30],
      durationMs: 9 * HOUR,
    }),
    bilateral(a, random.stream('fixtures:cricket:test'), roster, {
      name: `Australia v India Test Series ${a.year}`,
      shortName: 'AUS v IND Tests',
      format: 'Test',
      hosts: team('AUS'),
      visitors: team('IND'),
      grounds: AUSTRALIA_GROUNDS,
      // 23:30 UTC is 10:30 the next morning in eastern Australia.
      days: [-13, -6, 3],
      start: [23, 30],
      durationMs: 5 * DAY,
    }),
  ]
}

function twoSided(
  rand: RandomStream,
  roster: RosterPlan,
  format: Format,
  slot: Slot,
  no: number,
  stage: string,
  sides: [TeamPlan, TeamPlan],
  venue: Venue,
  phases: PhasePlan[],
  onResult?: (o: Outcome) => void,
) {
  return makeMatch(rand, roster, {
    matchNo: no,
    stage,
    title: `${sides[0].nameAttr} vs ${sides[1].nameAttr}`,
    format,
    venue,
    teamKeys: [sides[0].key, sides[1].key],
    twoSided: true,
    slot,
    phase: phaseOf(phases, slot.time),
    result: () => {
      const outcome = cricketResult(rand, format, sides[0], sides[1])
      onResult?.(outcome)
      return outcome.text
    },
  })
}

function t20League(a: Around, rand: RandomStream, roster: RosterPlan, franchises: TeamPlan[]): SeriesPlan {
  // Evening games every day, an afternoon game too at weekends, and one about to start.
  const slots = schedule(a, {
    days: [-10, 9],
    times: (_day, weekday) =>
      weekday === 0 || weekday === 6
        ? [
            [10, 0],
            [14, 0],
          ]
        : [[14, 0]],
    durationMs: 4 * HOUR,
    soon: [0],
  })
  const pairs = teamPairings(
    slots.map((s) => s.time),
    rand.shuffle(franchises),
    20 * HOUR,
  )
  const phases = phasesByDays(a, [
    ['Week 1', -10, -4],
    ['Week 2', -3, 3],
    ['Week 3', 4, 9],
  ])
  const matches = slots.map((slot, i) => {
    const [home, away] = pairs[i] as [TeamPlan, TeamPlan]
    return twoSided(rand, roster, 'T20', slot, i + 1, 'League', [home, away], home.venue as Venue, phases)
  })
  return {
    sport: 'cricket',
    name: `Premier T20 League ${a.year}`,
    shortName: `PTL ${a.year}`,
    format: 'T20',
    // The franchise league plays in the impact-player era; the tri-series keeps 2008–22's.
    simProfile: 't20-2024',
    phases,
    matches,
  }
}

/** Three nations play each other twice; the top two meet in the final. */
function triSeries(a: Around, rand: RandomStream, roster: RosterPlan, sides: TeamPlan[]): SeriesPlan {
  const leagueDays = [-11, -9, -7, -5, -3, -1]
  const slots = schedule(a, {
    days: [-11, -1],
    times: (day) => (leagueDays.includes(day) ? [[11, 0]] : []),
    durationMs: 4 * HOUR,
  })
  const phases = phasesByDays(a, [
    ['League', -11, -1],
    ['Final', 2, 2],
  ])
  const wins = new Map(sides.map((t) => [t.key, 0]))
  const pairs = teamPairings(
    slots.map((s) => s.time),
    sides,
    DAY,
  )
  const matches = slots.map((slot, i) => {
    const pair = pairs[i] as [TeamPlan, TeamPlan]
    const venue = SOUTH_AFRICA_GROUNDS[i % SOUTH_AFRICA_GROUNDS.length] as Venue
    return twoSided(rand, roster, 'T20', slot, i + 1, 'League', pair, venue, phases, (o) => {
      if (o.winnerKey) wins.set(o.winnerKey, (wins.get(o.winnerKey) ?? 0) + 1)
    })
  })
  // Ties on wins are broken by a draw, as net run rate is not modelled.
  const tiebreak = new Map(sides.map((t) => [t.key, rand.next()]))
  const table = [...sides].sort(
    (x, y) =>
      (wins.get(y.key) ?? 0) - (wins.get(x.key) ?? 0) ||
      (tiebreak.get(y.key) ?? 0) - (tiebreak.get(x.key) ?? 0),
  )
  const finalSlot: Slot = { time: a.day0 + 2 * DAY + 16 * HOUR, status: 'upcoming' }
  const finalists = [table[0], table[1]] as [TeamPlan, TeamPlan]
  matches.push(
    twoSided(
      rand,
      roster,
      'T20',
      finalSlot,
      matches.length + 1,
      'Final',
      finalists,
      SOUTH_AFRICA_GROUNDS[0] as Venue,
      phases,
    ),
  )
  return {
    sport: 'cricket',
    name: `T20I Tri-Series in South Africa ${a.year}`,
    shortName: 'SA Tri-Series',
    format: 'T20',
    simProfile: 't20-2008',
    phases,
    matches,
  }
}

interface BilateralOptions {
  name: string
  shortName: string
  format: Format
  hosts: TeamPlan
  visitors: TeamPlan
  grounds: Venue[]
  days: number[]
  start: [number, number]
  durationMs: number
}

function bilateral(a: Around, rand: RandomStream, roster: RosterPlan, o: BilateralOptions): SeriesPlan {
  const first = Math.min(...o.days)
  const last = Math.max(...o.days)
  const slots = schedule(a, {
    days: [first, last],
    times: (day) => (o.days.includes(day) ? [o.start] : []),
    durationMs: o.durationMs,
  })
  const phases = phasesByDays(a, [[`${o.format} Series`, first, last + Math.ceil(o.durationMs / DAY)]])
  const matches = slots.map((slot, i) =>
    twoSided(
      rand,
      roster,
      o.format,
      slot,
      i + 1,
      `${ORDINALS[i]} ${o.format}`,
      [o.hosts, o.visitors],
      o.grounds[i % o.grounds.length] as Venue,
      phases,
    ),
  )
  const simProfile = o.format === 'ODI' ? 'odi-2015' : undefined
  return {
    sport: 'cricket',
    name: o.name,
    shortName: o.shortName,
    format: o.format,
    simProfile,
    phases,
    matches,
  }
}
