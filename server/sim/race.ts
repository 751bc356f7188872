import type { RandomStream } from '../domain/rng'
import { byForm, clamp, MINUTE, normal, quality, SECOND, Timeline } from './common'
import type { SimInput, TimedEvent } from './types'

interface Car {
  id: number
  /** 0..1 from the driver's value: car and driver together. */
  pace: number
  /** Race-day luck with set-up and conditions, per lap (ms). */
  form: number
  /** The driver's quickest lap so far. */
  best: { ms: number; lap: number }
  /** Total race time so far (ms since lights out). */
  time: number
  lastLapMs: number
  stops: number[]
  lapsOnTyres: number
  out: boolean
}

/** The grid forms up and the formation lap runs before lights out. */
export const LIGHTS_OUT_AFTER_MS = 3 * MINUTE
/** The slowest car loses this much per lap to the fastest, before noise. */
const PACE_SPREAD_MS = 1500
/** Laps run behind the safety car, slower by this much each. */
const SAFETY_CAR_LAPS = 3
const SAFETY_CAR_SLOWER_MS = 25 * SECOND
const PIT_LOSS_MS = [20 * SECOND, 24 * SECOND] as const
const RETIREMENT_PER_LAP = 0.0011

/**
 * A Grand Prix: qualifying order (the grid), then every lap's running order when the leader
 * crosses the line, retirements as they happen, the fastest lap and the classified finish.
 * Overtaking is hard: a faster car stuck behind another needs a margin to get by.
 */
export function simulateRace(input: SimInput): TimedEvent[] {
  const { rng, startMs } = input
  const entrants = input.teams.flatMap((t) => t.players.filter((p) => p.in_lineup !== false))
  if (entrants.length < 2) throw new RangeError(`a race needs at least 2 drivers, got ${entrants.length}`)
  const laps = rng.int(50, 60)
  const baseLapMs = rng.int(85, 97) * SECOND
  const cars = entrants.map((p): Car => {
    const pace = quality('race', p.value_tenths)
    const form = normal(rng) * 250
    const best = { ms: Number.POSITIVE_INFINITY, lap: 0 }
    return {
      id: p.id,
      pace,
      form,
      best,
      time: 0,
      lastLapMs: 0,
      stops: pitLaps(rng, laps),
      lapsOnTyres: 0,
      out: false,
    }
  })
  // Qualifying shows the same race-day form, plus a little one-lap luck.
  let order = byForm(rng, cars, (c) => c.pace - c.form / PACE_SPREAD_MS, 0.15)
  const timeline = new Timeline()
  timeline.add(startMs, { type: 'grid', order: order.map((c) => c.id) })
  order.forEach((c, i) => {
    c.time = i * 250
  })
  const lightsOut = startMs + LIGHTS_OUT_AFTER_MS
  // Four races in ten see a safety car, which bunches the field up and wipes out the gaps.
  const safetyCar = rng.bool(0.4) ? rng.int(5, laps - 8) : null
  for (let lap = 1; lap <= laps && order.length > 0; lap++) {
    const neutralised = safetyCar !== null && lap >= safetyCar && lap < safetyCar + SAFETY_CAR_LAPS
    const leaderBefore = order[0]?.time ?? 0
    const retired = runLap(rng, order, lap, baseLapMs + (neutralised ? SAFETY_CAR_SLOWER_MS : 0))
    order = overtaking(
      rng,
      order.filter((c) => !c.out),
    )
    if (safetyCar !== null && lap === safetyCar + SAFETY_CAR_LAPS - 1) bunch(order)
    const leaderAfter = order[0]?.time ?? leaderBefore
    // A retirement happens during the lap, between the leader's two crossings of the line.
    for (const r of retired)
      timeline.add(lightsOut + clamp(r.at, leaderBefore, leaderAfter), {
        type: 'dnf',
        driver_id: r.car.id,
        lap,
      })
    if (order.length === 0) break
    timeline.add(lightsOut + leaderAfter, { type: 'lap', lap, order: order.map((c) => c.id) })
    // Laps behind the safety car (and the bunching at its end) are no measure of pace.
    if (!neutralised) for (const c of order) if (c.lastLapMs < c.best.ms) c.best = { ms: c.lastLapMs, lap }
  }
  const end = lightsOut + Math.max(0, ...order.map((c) => c.time))
  // The fastest lap among the classified finishers.
  const fastest = order.reduce<Car | null>((f, c) => (f === null || c.best.ms < f.best.ms ? c : f), null)
  if (fastest && fastest.best.lap > 0)
    timeline.add(end, { type: 'fastest_lap', driver_id: fastest.id, lap: fastest.best.lap })
  if (order.length > 0) timeline.add(end, { type: 'finish', order: order.map((c) => c.id) })
  return timeline.events
}

/** Every running car does a lap; some retire on it (slower cars break down more, lap one is a lottery). */
function runLap(
  rng: RandomStream,
  order: Car[],
  lap: number,
  baseLapMs: number,
): Array<{ at: number; car: Car }> {
  const retired: Array<{ at: number; car: Car }> = []
  for (const car of order) {
    const lapMs = lapTime(rng, car, lap, baseLapMs)
    if (rng.next() < RETIREMENT_PER_LAP * (1.6 - car.pace) * (lap === 1 ? 8 : 1)) {
      car.out = true
      retired.push({ at: car.time - lapMs * rng.next(), car })
    } else car.lastLapMs = lapMs
  }
  return retired.sort((a, b) => a.at - b.at)
}

/** One or two stops in the middle of the race. */
function pitLaps(rng: RandomStream, laps: number): number[] {
  if (rng.bool(0.6)) return [rng.int(Math.round(laps * 0.3), Math.round(laps * 0.6))]
  return [
    rng.int(Math.round(laps * 0.22), Math.round(laps * 0.42)),
    rng.int(Math.round(laps * 0.55), Math.round(laps * 0.8)),
  ]
}

/** Pace, noise, tyre wear, a lighter car as fuel burns, the chaos of lap one, the time lost in the pits. */
function lapTime(rng: RandomStream, car: Car, lap: number, baseLapMs: number): number {
  car.lapsOnTyres++
  let ms = baseLapMs + (1 - car.pace) * PACE_SPREAD_MS + car.form + normal(rng) * 300
  ms += car.lapsOnTyres * 45 - lap * 30
  if (lap === 1) ms += 2500 + Math.abs(normal(rng)) * 1200
  if (car.stops.includes(lap)) {
    ms += rng.int(PIT_LOSS_MS[0], PIT_LOSS_MS[1])
    car.lapsOnTyres = 0
  }
  car.time += ms
  return ms
}

/**
 * Running order after a lap. A car that would pass the one ahead of it only gets by if it is
 * clearly quicker; otherwise it crosses the line just behind.
 */
function overtaking(rng: RandomStream, previous: Car[]): Car[] {
  for (let k = 1; k < previous.length; k++) {
    const car = previous[k] as Car
    const ahead = previous[k - 1] as Car
    const margin = ahead.time - car.time
    if (margin <= 0) continue
    if (margin > 800 || rng.next() < 0.15 + margin / 1000) continue
    const held = ahead.time + rng.int(150, 700)
    car.lastLapMs += held - car.time
    car.time = held
  }
  return [...previous].sort((a, b) => a.time - b.time)
}

/** The safety car comes in: everyone is a few tenths behind the car ahead. */
function bunch(order: Car[]): void {
  const leader = order[0]?.time ?? 0
  order.forEach((car, i) => {
    const bunched = leader + i * 600
    car.lastLapMs += bunched - car.time
    car.time = bunched
  })
}
