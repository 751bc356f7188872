import type { PhasePlan, PlannedStatus, TeamPlan } from './types'

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** The instants the league is built around. Everything is an offset from these. */
export interface Around {
  now: number
  /** UTC midnight of the day `now` falls in. */
  day0: number
  /** The first quarter hour at least 10 minutes ahead: where "about to start" fixtures go. */
  soon: number
  year: number
}

export function around(now: number): Around {
  const quarter = 15 * MINUTE
  return {
    now,
    day0: Math.floor(now / DAY) * DAY,
    soon: Math.ceil((now + 10 * MINUTE) / quarter) * quarter,
    year: new Date(now).getUTCFullYear(),
  }
}

/** `day` days after day0 (negative: before) at hh:mm UTC. */
export function at(a: Around, day: number, hour: number, minute = 0): number {
  return a.day0 + day * DAY + hour * HOUR + minute * MINUTE
}

export interface Slot {
  time: number
  status: PlannedStatus
}

export interface ScheduleOptions {
  /** Inclusive range of days around day0. */
  days: [number, number]
  /** Start times (UTC hour, minute) of the fixtures on a day; weekday 0 is Sunday. */
  times: (day: number, weekday: number) => Array<[number, number]>
  durationMs: number
  /** "About to start" fixtures: minutes after `soon` (at most 30, so all start within the hour). */
  soon?: number[]
  /** Regular fixtures closer than this to an about-to-start one are dropped (e.g. two races a day apart). */
  spacingMs?: number
}

/**
 * Fixture times on a daily grid. A grid fixture that would be under way right now, or would
 * start within the next hour, is left out: finished fixtures are clearly over, and the next
 * hour holds exactly the "about to start" fixtures. Those are always upcoming.
 */
export function schedule(a: Around, options: ScheduleOptions): Slot[] {
  const specials = (options.soon ?? []).map((m) => a.soon + m * MINUTE)
  const spacing = options.spacingMs ?? 0
  const slots: Slot[] = specials.map((time) => ({ time, status: 'upcoming' }))
  for (let day = options.days[0]; day <= options.days[1]; day++) {
    const weekday = new Date(at(a, day, 0)).getUTCDay()
    for (const [hour, minute] of options.times(day, weekday)) {
      const time = at(a, day, hour, minute)
      const finished = time + options.durationMs <= a.now
      if (!finished && time < a.now + HOUR) continue
      if (specials.some((s) => Math.abs(s - time) < spacing)) continue
      slots.push({ time, status: finished ? 'completed' : 'upcoming' })
    }
  }
  return slots.sort((x, y) => x.time - y.time)
}

/** Double round robin by the circle method: every side meets every other twice, home and away. */
export function roundRobin(keys: readonly string[]): Array<[string, string]> {
  const sides: Array<string | null> = keys.length % 2 === 0 ? [...keys] : [...keys, null]
  const n = sides.length
  const first: Array<[string, string]> = []
  for (let round = 0; round < n - 1; round++) {
    for (let i = 0; i < n / 2; i++) {
      const home = sides[i]
      const away = sides[n - 1 - i]
      if (home && away) first.push(round % 2 === 0 ? [home, away] : [away, home])
    }
    // Keep the first side fixed and rotate the rest one place.
    sides.splice(1, 0, sides.pop() as string | null)
  }
  return [...first, ...first.map(([h, w]): [string, string] => [w, h])]
}

/**
 * Fixtures for the given times, in order, taken from the round-robin queue. Each side rests
 * at least `restMs` between matches where the queue allows it; otherwise the queue order wins.
 */
export function pairings(times: readonly number[], keys: readonly string[], restMs: number) {
  let queue = roundRobin(keys)
  const lastPlayed = new Map<string, number>()
  const rested = (key: string, time: number) => time - (lastPlayed.get(key) ?? -Infinity) >= restMs
  return times.map((time): [string, string] => {
    if (queue.length === 0) queue = roundRobin(keys)
    let index = queue.findIndex(([h, w]) => rested(h, time) && rested(w, time))
    if (index < 0) index = 0
    const [pair] = queue.splice(index, 1) as [[string, string]]
    lastPlayed.set(pair[0], time)
    lastPlayed.set(pair[1], time)
    return pair
  })
}

/** `pairings` of the teams themselves (home first), for times in order. */
export function teamPairings(
  times: readonly number[],
  teams: readonly TeamPlan[],
  restMs: number,
): Array<[TeamPlan, TeamPlan]> {
  const byKey = new Map(teams.map((t) => [t.key, t]))
  const team = (key: string) => byKey.get(key) as TeamPlan
  return pairings(
    times,
    teams.map((t) => t.key),
    restMs,
  ).map(([home, away]) => [team(home), team(away)])
}

/** Phases covering whole UTC days: [name, first day, last day] relative to day0. */
export function phasesByDays(a: Around, ranges: Array<[string, number, number]>): PhasePlan[] {
  return ranges.map(([name, from, to]) => ({ name, startsAt: at(a, from, 0), endsAt: at(a, to + 1, 0) - 1 }))
}

/** The phase a fixture belongs to: the one containing its time, else the last one that started. */
export function phaseOf(phases: readonly PhasePlan[], time: number): number {
  const inside = phases.findIndex((p) => time >= p.startsAt && time <= p.endsAt)
  if (inside >= 0) return inside
  let last = 0
  phases.forEach((p, i) => {
    if (p.startsAt <= time) last = i
  })
  return last
}
