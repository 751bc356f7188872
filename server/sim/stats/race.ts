import type { TimedEvent } from '../types'
import type { FigureSample, FigureTarget } from './figures'

/**
 * Headline figures of simulated Grands Prix, read from the race events alone (grid, lap,
 * dnf, fastest_lap, finish), one value per race. The event format has no safety-car event:
 * a neutralised lap shows as a lap the leader takes far longer over than the race's typical
 * lap (see `safetyCarLaps`); a safety car and a virtual one look alike there.
 */
export function raceFigures(matches: TimedEvent[][]): FigureSample[] {
  const races = matches.map(readRace).filter((r): r is Race => r !== null)
  const sample = (
    key: string,
    label: string,
    kind: FigureSample['kind'],
    value: (r: Race) => number | null,
  ) => ({
    key,
    label,
    kind,
    values: races.map(value).filter((v): v is number => v !== null),
  })
  return [
    sample('retirements', 'retirements per race', 'mean', (r) => r.dnf),
    sample('pole_win', 'pole sitter wins', 'share', (r) =>
      r.finish.length > 0 ? +(r.finish[0] === r.grid[0]) : null,
    ),
    sample('front_row_win', 'winner started on the front row', 'share', (r) =>
      r.finish.length > 0 ? +r.grid.slice(0, 2).includes(r.finish[0] as number) : null,
    ),
    sample(
      'safety_car',
      'races with a safety car or virtual safety car',
      'share',
      (r) => +(safetyCarLaps(r.lapMs) > 0),
    ),
    sample('classified', 'classified finishers per race', 'mean', (r) => r.finish.length),
    sample('grid_finish_rank', 'grid → finish rank correlation (classified)', 'mean', (r) =>
      rankCorrelation(r.grid, r.finish),
    ),
    sample('laps', 'laps per race', 'mean', (r) => r.lapMs.length),
    sample('fastest_lap_podium', 'fastest lap by a podium finisher', 'share', (r) =>
      r.fastest === null ? null : +r.finish.slice(0, 3).includes(r.fastest),
    ),
  ]
}

interface Race {
  grid: number[]
  finish: number[]
  dnf: number
  fastest: number | null
  /** The leader's time over each lap (ms); NaN for lap one, whose start the events do not give. */
  lapMs: number[]
}

function readRace(events: TimedEvent[]): Race | null {
  let grid: number[] | null = null
  let finish: number[] = []
  let dnf = 0
  let fastest: number | null = null
  const crossings: number[] = []
  for (const { atMs, event } of events) {
    if (event.type === 'grid') grid = event.order
    else if (event.type === 'finish') finish = event.order
    else if (event.type === 'dnf') dnf++
    else if (event.type === 'fastest_lap') fastest = event.driver_id
    else if (event.type === 'lap') crossings.push(atMs)
  }
  if (grid === null) return null
  const lapMs = crossings.slice(1).map((t, i) => t - (crossings[i] as number))
  return { grid, finish, dnf, fastest, lapMs: crossings.length > 0 ? [Number.NaN, ...lapMs] : [] }
}

/**
 * Laps run behind a safety car: runs of two or more laps on which the leader takes at least
 * 15% over the race's median lap. One slow lap alone is not one: a leader who pits hands the
 * lead to a car that may be far behind, which makes a single long gap between crossings;
 * lap one (a standing start) has no predecessor and is not counted.
 */
export function safetyCarLaps(lapMs: readonly number[]): number {
  const racing = lapMs.filter((ms) => Number.isFinite(ms)).sort((a, b) => a - b)
  if (racing.length < 3) return 0
  const median = racing[Math.floor(racing.length / 2)] as number
  const slow = lapMs.map((ms) => ms > median * 1.15)
  return slow.filter((s, i) => s && (slow[i - 1] === true || slow[i + 1] === true)).length
}

/** Spearman's rank correlation between grid and finishing order over the classified finishers. */
export function rankCorrelation(grid: readonly number[], finish: readonly number[]): number | null {
  const gridPos = new Map(grid.map((id, i) => [id, i]))
  const classified = finish.filter((id) => gridPos.has(id))
  const n = classified.length
  if (n < 3) return null
  const byGrid = [...classified].sort((a, b) => (gridPos.get(a) as number) - (gridPos.get(b) as number))
  const gridRank = new Map(byGrid.map((id, i) => [id, i]))
  const d2 = classified.reduce((s, id, i) => s + ((gridRank.get(id) as number) - i) ** 2, 0)
  return 1 - (6 * d2) / (n * (n * n - 1))
}

const ERGAST = 'Ergast F1 results (results.csv, status other than Finished or +n Laps), 2015–2023'

/**
 * Targets for a Grand Prix, each from the public source named beside it (read from the
 * stored pages named; not recomputed here, as the test has no network). Pole and front-row
 * shares vary by era (pole 35% in 1994–99, 51% in 2003–21): the 40% is the target.
 */
export const RACE_TARGETS: FigureTarget[] = [
  {
    key: 'retirements',
    value: 2.5,
    tolerance: { relative: 0.1 },
    source: `issue 30 ("about 2.5"), from ${ERGAST}: about one car in eight of a 20-car field`,
  },
  {
    key: 'pole_win',
    value: 0.4,
    tolerance: { relative: 0.1 },
    source:
      'issue 30 ("about 40%"); D. Wright, "Where did the winners start from", Atlas F1 (2000-02-23): 34 of 98 races 1994–99 (35%)',
  },
  {
    key: 'front_row_win',
    value: 0.68,
    tolerance: { relative: 0.1 },
    source:
      'D. Wright, Atlas F1 (2000-02-23): 67 of 98 races 1994–99 won from the front row (68%); 2003–21 about 75%',
  },
  {
    key: 'safety_car',
    value: 0.63,
    tolerance: { relative: 0.1 },
    source:
      'F1_charts via autosport.pt, "F1: cada vez mais Safety Cars em pista" (2022): races with a safety car or VSC since 2014 average 13 a season of 19–22, never under 10',
  },
  {
    key: 'classified',
    value: 19.5,
    tolerance: { relative: 0.1 },
    source: 'the seeded 22-car field less the 2.5 retirements above (real 20-car fields classify about 17.5)',
  },
  {
    key: 'grid_finish_rank',
    value: 0.79,
    tolerance: { relative: 0.1 },
    source:
      'martj42.github.io, "F1 Track Starting Grid and Final Result Correlations" (2022-04-29): 398 races 2008–2022, average grid–result correlation 0.786',
  },
  {
    key: 'laps',
    value: 57,
    tolerance: { relative: 0.1 },
    source:
      'FIA calendars 2015–2023: a Grand Prix is the fewest laps over 305 km (44 at Spa to 78 at Monaco), about 57 on average',
  },
]
