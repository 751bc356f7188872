import type { RandomStream } from '../domain/rng'
import { byForm, clamp, MINUTE, normal, quality, SECOND, Timeline } from './common'
import type { SimInput, TimedEvent } from './types'

interface Car {
  id: number
  /** 0..1 from the driver's value: car and driver together. */
  pace: number
  /** Race-day luck with set-up and conditions, per lap (ms): qualifying shows it too. */
  form: number
  /** Long-run pace qualifying does not show (tyre wear, fuel load, set-up), per lap (ms). */
  longRun: number
  /** The driver's quickest lap so far. */
  best: { ms: number; lap: number }
  /** Total race time so far (ms since lights out). */
  time: number
  lastLapMs: number
  stops: number[]
  /** Time a lap on these tyres loses per lap they have done (ms): the circuit's wear. */
  wearMs: number
  lapsOnTyres: number
  out: boolean
}

/** The grid forms up and the formation lap runs before lights out. */
export const LIGHTS_OUT_AFTER_MS = 3 * MINUTE
/** The slowest car loses this much per lap to the fastest, before noise. */
const PACE_SPREAD_MS = 1500
/**
 * A car stopped on track brings out the safety car (three to five laps, the field bunched up
 * behind it when it comes in) or a virtual safety car (two or three laps at a set delta, the
 * gaps kept); debris or rain sometimes do too. Either way a neutralised lap is this much slower.
 */
const SAFETY_CAR_LAPS = [3, 5] as const
const VIRTUAL_SAFETY_CAR_LAPS = [2, 3] as const
const NEUTRALISED_SLOWER_MS = 25 * SECOND
const SAFETY_CAR_AFTER_RETIREMENT = 0.23
const VIRTUAL_AFTER_RETIREMENT = 0.12
const NEUTRALISED_OTHERWISE = 0.15
const PIT_LOSS_MS = [20 * SECOND, 24 * SECOND] as const
/** Tyre wear per lap on the tyres, by circuit: low wear makes one stop the faster race, high wear two. */
const TYRE_WEAR_MS = [60, 110] as const
/** Most cars run the faster strategy; the rest gamble on the other (or get it wrong). */
const STRATEGY_RIGHT = 0.75
/** One stop in twenty goes wrong (a stuck wheel nut, an unsafe release held back). */
const SLOW_STOP = 0.05
const SLOW_STOP_MS = [3 * SECOND, 12 * SECOND] as const
const RETIREMENT_PER_LAP = 0.0019
/** Lap one's pile-ups: a car is this many times likelier to retire on it. */
const LAP_ONE_RETIREMENT = 8
/** A spin, a lock-up into the run-off, a broken front wing: the car loses seconds but runs on. */
const INCIDENT_PER_LAP = 0.0025
const INCIDENT_MS = [3 * SECOND, 20 * SECOND] as const
/** Spread of race-day form (qualifying shows it) and of long-run pace (it does not), per lap. */
const FORM_MS = 40
const LONG_RUN_MS = 120
/** One-lap luck in qualifying, in units of pace. */
const QUALIFYING_NOISE = 0.06

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
  const wearMs = rng.int(TYRE_WEAR_MS[0], TYRE_WEAR_MS[1])
  // n stints of laps/n lose wear·laps²/2n: a second stop pays off when wear·laps²/12 beats the pit loss.
  const twoStopFaster = (wearMs * laps * laps) / 12 > (PIT_LOSS_MS[0] + PIT_LOSS_MS[1]) / 2
  const cars = entrants.map(
    (p): Car => ({
      id: p.id,
      pace: quality('race', p.value_tenths),
      form: normal(rng) * FORM_MS,
      longRun: normal(rng) * LONG_RUN_MS,
      best: { ms: Number.POSITIVE_INFINITY, lap: 0 },
      time: 0,
      lastLapMs: 0,
      stops: pitLaps(rng, laps, rng.bool(STRATEGY_RIGHT) === twoStopFaster),
      wearMs,
      lapsOnTyres: 0,
      out: false,
    }),
  )
  // Qualifying shows the same race-day form, plus a little one-lap luck.
  let order = byForm(rng, cars, (c) => c.pace - c.form / PACE_SPREAD_MS, QUALIFYING_NOISE)
  const timeline = new Timeline()
  timeline.add(startMs, { type: 'grid', order: order.map((c) => c.id) })
  order.forEach((c, i) => {
    c.time = i * 250
  })
  const lightsOut = startMs + LIGHTS_OUT_AFTER_MS
  const safetyCar = new SafetyCar(rng, laps)
  for (let lap = 1; lap <= laps && order.length > 0; lap++) {
    const neutralised = safetyCar.out(lap)
    const leaderBefore = order[0]?.time ?? 0
    const retired = runLap(rng, order, lap, baseLapMs + (neutralised ? NEUTRALISED_SLOWER_MS : 0))
    order = overtaking(
      rng,
      order.filter((c) => !c.out),
    )
    if (safetyCar.comesIn(lap)) bunch(order)
    safetyCar.afterLap(lap, retired.length)
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

/**
 * When the race is neutralised. A retirement may bring out the safety car or a virtual safety
 * car on the next lap; a race may also see one for debris or rain at a random lap. One period
 * at a time, none in the last three laps (the race would finish behind it).
 */
class SafetyCar {
  private from = Number.POSITIVE_INFINITY
  private until = Number.NEGATIVE_INFINITY
  private virtual = false
  private readonly spontaneous: number | null

  constructor(
    private readonly rng: RandomStream,
    private readonly laps: number,
  ) {
    this.spontaneous = rng.bool(NEUTRALISED_OTHERWISE) ? rng.int(2, laps - 8) : null
  }

  out(lap: number): boolean {
    return lap >= this.from && lap <= this.until
  }

  /** The safety car's last lap: the field crosses the line bunched behind it (a virtual one keeps the gaps). */
  comesIn(lap: number): boolean {
    return lap === this.until && !this.virtual
  }

  afterLap(lap: number, retirements: number): void {
    if (this.out(lap) || lap + 1 > this.laps - 3) return
    let kind: 'full' | 'virtual' | null = null
    for (let i = 0; i < retirements && kind === null; i++) {
      const r = this.rng.next()
      if (r < SAFETY_CAR_AFTER_RETIREMENT) kind = 'full'
      else if (r < SAFETY_CAR_AFTER_RETIREMENT + VIRTUAL_AFTER_RETIREMENT) kind = 'virtual'
    }
    if (kind === null && lap + 1 === this.spontaneous) kind = this.rng.bool(0.5) ? 'full' : 'virtual'
    if (kind === null) return
    this.virtual = kind === 'virtual'
    const [min, max] = this.virtual ? VIRTUAL_SAFETY_CAR_LAPS : SAFETY_CAR_LAPS
    this.from = lap + 1
    this.until = Math.min(this.laps - 1, lap + this.rng.int(min, max))
  }
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
    if (rng.next() < RETIREMENT_PER_LAP * (1.6 - car.pace) * (lap === 1 ? LAP_ONE_RETIREMENT : 1)) {
      car.out = true
      retired.push({ at: car.time - lapMs * rng.next(), car })
    } else car.lastLapMs = lapMs
  }
  return retired.sort((a, b) => a.at - b.at)
}

/** One stop near half distance, or two near the thirds: stints of about equal length lose least to wear. */
function pitLaps(rng: RandomStream, laps: number, twoStops: boolean): number[] {
  const near = (at: number) => rng.int(Math.round(laps * (at - 0.08)), Math.round(laps * (at + 0.08)))
  return twoStops ? [near(1 / 3), near(2 / 3)] : [near(0.5)]
}

/** Pace, noise, tyre wear, the odd incident, a lighter car as fuel burns, the chaos of lap one, the time lost in the pits. */
function lapTime(rng: RandomStream, car: Car, lap: number, baseLapMs: number): number {
  car.lapsOnTyres++
  let ms = baseLapMs + (1 - car.pace) * PACE_SPREAD_MS + car.form + car.longRun + normal(rng) * 300
  ms += car.lapsOnTyres * car.wearMs - lap * 30
  if (lap === 1) ms += 2500 + Math.abs(normal(rng)) * 3000
  if (rng.next() < INCIDENT_PER_LAP) ms += rng.int(INCIDENT_MS[0], INCIDENT_MS[1])
  if (car.stops.includes(lap)) {
    ms += rng.int(PIT_LOSS_MS[0], PIT_LOSS_MS[1])
    if (rng.next() < SLOW_STOP) ms += rng.int(SLOW_STOP_MS[0], SLOW_STOP_MS[1])
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
    if (margin > 1500 || rng.next() < 0.05 + margin / 2000) continue
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
