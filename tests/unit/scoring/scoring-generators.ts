import fc from 'fast-check'
import type { MatchEvent } from '../../../server/domain/events/schema'
import { STYLE } from '../../../server/domain/styles'
import { battleRoyale, cricket, cricketLineups, cricketPlayers, football, race } from './scoring-fixtures'

/**
 * Random but valid event streams for the property tests: fast-check draws plain decisions
 * and a small builder per family turns them into events that respect the laws the validator
 * checks (so validateEvents must accept every stream too).
 */

const KINDS = [
  'bowled',
  'caught',
  'lbw',
  'stumped',
  'run out',
  'caught and bowled',
  'retired hurt',
  'obstructing the field',
] as const

const anyBall = fc.record({
  runs: fc.constantFrom(0, 0, 0, 0, 1, 1, 2, 3, 4, 6),
  boundary: fc.boolean(),
  extra: fc.constantFrom(...Array<string>(16).fill('none'), 'wide', 'noball', 'bye', 'legbye'),
  extraRuns: fc.integer({ min: 1, max: 4 }),
  // About one ball in 25 takes a wicket.
  wicket: fc.oneof(
    { weight: 24, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...KINDS) },
  ),
  fielder: fc.nat(11),
})
type BallChoice = typeof anyBall extends fc.Arbitrary<infer T> ? T : never
const dot: BallChoice = { runs: 0, boundary: false, extra: 'none', extraRuns: 1, wicket: null, fielder: 0 }
// Extra dot balls so that maidens (six in a row by one bowler) come up in most matches.
const ballChoice = fc.oneof({ weight: 3, arbitrary: anyBall }, { weight: 1, arbitrary: fc.constant(dot) })

export const cricketStream = (format: 'T20' | 'ODI' | 'Test') =>
  fc
    .record({ balls: fc.array(ballChoice, { maxLength: 320, size: 'max' }), potm: fc.option(fc.nat(21)) })
    .map(({ balls, potm }) => buildCricket(format, balls, potm))

function buildCricket(format: string, balls: BallChoice[], potm: number | null): MatchEvent[] {
  const events: MatchEvent[] = [...cricketLineups()]
  const maxInnings = format === 'Test' ? 4 : 2
  // Shorter than the law allows in ODIs and Tests, so that the streams reach every innings.
  const overCap = format === 'T20' ? 20 : format === 'ODI' ? 25 : 12
  let k = 0
  for (let innings = 1; innings <= maxInnings && k < balls.length; innings++) {
    const bat = innings % 2 === 1 ? 101 : 201
    const bowl = innings % 2 === 1 ? 201 : 101
    const order = Array.from({ length: 11 }, (_, i) => bat + i)
    let striker = order.shift()!
    let other = order.shift()!
    let over = 0
    let delivery = 0
    let legal = 0
    let done = false
    while (!done && k < balls.length && over < overCap) {
      const c = balls[k++]!
      const bowler = bowl + 6 + (over % 5)
      delivery++
      // From the 15th delivery of an over every ball is legal, so no over needs a 21st (the schema's limit).
      const extra = delivery >= 15 ? 'none' : c.extra
      const wides = extra === 'wide' ? c.extraRuns : 0
      const noballs = extra === 'noball' ? 1 : 0
      const byes = extra === 'bye' ? c.extraRuns : 0
      const legbyes = extra === 'legbye' ? c.extraRuns : 0
      const runs = extra === 'none' || extra === 'noball' ? c.runs : 0
      let kind = c.wicket
      if (kind && wides > 0 && ['bowled', 'caught', 'lbw', 'caught and bowled'].includes(kind)) kind = null
      if (kind && noballs > 0 && !['run out', 'retired hurt', 'obstructing the field'].includes(kind))
        kind = null
      const eitherEnd = kind === 'run out' || kind === 'retired hurt' || kind === 'obstructing the field'
      const out = kind ? (!eitherEnd || c.fielder % 2 === 0 ? striker : other) : null
      const fielder = c.fielder === 11 ? bowl + 11 : bowl + c.fielder
      const fielders =
        kind === 'caught'
          ? [fielder]
          : kind === 'stumped'
            ? [bowl]
            : kind === 'run out'
              ? c.fielder % 3 === 0
                ? [fielder, fielder === bowl ? bowl + 1 : bowl]
                : [fielder]
              : kind === 'caught and bowled' && c.fielder % 2 === 0
                ? [bowler]
                : []
      events.push(
        cricket({
          type: 'ball',
          innings,
          over,
          ball: delivery,
          batter_id: striker,
          non_striker_id: other,
          bowler_id: bowler,
          runs,
          boundary: (runs === 4 || runs === 6) && c.boundary,
          extras: { wides, noballs, byes, legbyes },
          ...(kind && out ? { wicket: { kind, player_out_id: out, fielder_ids: fielders } } : {}),
        }),
      )
      if (out !== null) {
        const next = order.shift()
        if (next === undefined) done = true
        else if (out === striker) striker = next
        else other = next
      }
      if ((runs + byes + legbyes) % 2 === 1) [striker, other] = [other, striker]
      if (wides === 0 && noballs === 0 && ++legal === 6) {
        over++
        delivery = 0
        legal = 0
        ;[striker, other] = [other, striker]
      }
    }
    events.push(cricket({ type: 'innings_end', innings }))
  }
  const lineupIds = cricketPlayers.filter((p) => p.id % 100 !== 12).map((p) => p.id)
  if (potm !== null) events.push(cricket({ type: 'player_of_the_match', player_id: lineupIds[potm]! }))
  return events
}

const footballChoice = fc.record({
  kind: fc.integer({ min: 0, max: 10 }),
  home: fc.boolean(),
  who: fc.nat(20),
  step: fc.integer({ min: 0, max: 6 }),
})

/** Football from the fixtures' squads (team 10: 1001–1007, team 20: 2001–2005). */
export const footballStream = fc.array(footballChoice, { maxLength: 120, size: 'max' }).map((choices) => {
  const home = { on: [1001, 1002, 1003, 1004, 1005], bench: [1006, 1007] }
  const away = { on: [2001, 2002, 2003, 2004], bench: [2005] }
  const events: MatchEvent[] = [
    football({ type: 'lineup', team_id: 10, player_ids: [...home.on], substitute_ids: [...home.bench] }),
    football({ type: 'lineup', team_id: 20, player_ids: [...away.on], substitute_ids: [...away.bench] }),
  ]
  const played = new Set([...home.on, ...away.on])
  const yellows = new Map<number, number>()
  let minute = 0
  for (const c of choices) {
    minute = Math.min(120, minute + c.step)
    const team = c.home ? 10 : 20
    const side = c.home ? home : away
    const rival = c.home ? away : home
    const pick = (list: number[]) => list[c.who % list.length]
    const player = pick(side.on)
    if (player === undefined) continue
    const off = (id: number) => side.on.splice(side.on.indexOf(id), 1)
    if (c.kind === 0) events.push(football({ type: 'minute', minute }))
    else if (c.kind === 1) {
      const mate = side.on.find((id) => id !== player)
      const assist = c.who % 2 === 0 && mate !== undefined ? { assist_id: mate } : {}
      events.push(football({ type: 'goal', minute, team_id: team, player_id: player, ...assist }))
    } else if (c.kind === 2) {
      const scorer = pick(rival.on)
      if (scorer !== undefined)
        events.push(football({ type: 'goal', minute, team_id: team, player_id: scorer, own_goal: true }))
    } else if (c.kind <= 7) {
      const type = ['shot_on_target', 'save', 'penalty_save', 'penalty_miss', 'tackle_won'][c.kind - 3]
      events.push(football({ type, minute, player_id: player }))
    } else if (c.kind <= 9) {
      const color = c.kind === 8 ? 'yellow' : 'red'
      events.push(football({ type: 'card', minute, player_id: player, color }))
      const count = (yellows.get(player) ?? 0) + (color === 'yellow' ? 1 : 0)
      yellows.set(player, count)
      if (color === 'red' || count >= 2) off(player)
    } else {
      const incoming = side.bench.shift()
      if (incoming === undefined) continue
      events.push(
        football({
          type: 'substitution',
          minute,
          team_id: team,
          player_in_id: incoming,
          player_out_id: player,
        }),
      )
      off(player)
      side.on.push(incoming)
      played.add(incoming)
    }
  }
  events.push(football({ type: 'full_time', minute: Math.max(90, minute) }))
  events.push(
    football({ type: 'player_of_the_match', player_id: [...played][choices.length % played.size]! }),
  )
  return events
})

/** F1 with drivers 301–306 on the grid (307 never starts). */
export const raceStream = fc
  .record({
    grid: fc.shuffledSubarray([301, 302, 303, 304, 305, 306], { minLength: 2, maxLength: 6 }),
    steps: fc.array(fc.record({ kind: fc.integer({ min: 0, max: 5 }), a: fc.nat(10), b: fc.nat(10) }), {
      maxLength: 60,
      size: 'max',
    }),
    fastestAtEnd: fc.option(fc.nat(10)),
  })
  .map(({ grid, steps, fastestAtEnd }) => {
    const events: MatchEvent[] = [race({ type: 'grid', order: grid })]
    const running = [...grid]
    let lap = 0
    for (const s of steps) {
      if (s.kind <= 2) {
        const i = s.a % running.length
        const j = s.b % running.length
        ;[running[i], running[j]] = [running[j]!, running[i]!]
        events.push(race({ type: 'lap', lap: ++lap, order: [...running] }))
      } else if (s.kind === 3 && running.length > 1) {
        const [gone] = running.splice(s.a % running.length, 1)
        events.push(race({ type: 'dnf', driver_id: gone, lap }))
      } else if (s.kind === 4 && lap > 0) {
        events.push(race({ type: 'fastest_lap', driver_id: grid[s.a % grid.length], lap: 1 + (s.b % lap) }))
      }
    }
    events.push(race({ type: 'finish', order: running }))
    if (fastestAtEnd !== null)
      events.push(
        race({ type: 'fastest_lap', driver_id: grid[fastestAtEnd % grid.length], lap: Math.max(1, lap) }),
      )
    return events
  })

/** Battle royale: 2–8 squads (team 71…) of up to 4 lined-up players out of 5. */
export const royalePlayers = Array.from({ length: 8 }, (_, t) =>
  Array.from({ length: 5 }, (_, k) => ({
    id: (71 + t) * 10 + k,
    style: STYLE.BATTLE_ROYALE,
    real_team_id: 71 + t,
  })),
).flat()

export const royaleStream = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 8 }),
    steps: fc.array(fc.record({ kind: fc.integer({ min: 0, max: 4 }), a: fc.nat(40), b: fc.nat(40) }), {
      maxLength: 80,
      size: 'max',
    }),
  })
  .map(({ sizes, steps }) => {
    const squads = sizes.map((n, t) => ({
      team: 71 + t,
      members: Array.from({ length: n }, (_, k) => (71 + t) * 10 + k),
    }))
    const events: MatchEvent[] = squads.map((s) =>
      battleRoyale({ type: 'lineup', team_id: s.team, player_ids: s.members }),
    )
    const alive = [...squads]
    let zone = 0
    for (const s of steps) {
      if (alive.length < 2) break
      if (s.kind === 0) events.push(battleRoyale({ type: 'zone', zone: ++zone }))
      else if (s.kind <= 2) {
        const killer = alive[s.a % alive.length]!
        const others = alive.filter((x) => x !== killer)
        const victimSquad = others[s.b % others.length]!
        const victim =
          s.kind === 2 ? { victim_id: victimSquad.members[s.b % victimSquad.members.length] } : {}
        events.push(
          battleRoyale({ type: 'kill', player_id: killer.members[s.a % killer.members.length], ...victim }),
        )
      } else {
        const placement = alive.length
        const [gone] = alive.splice(s.a % alive.length, 1)
        events.push(battleRoyale({ type: 'eliminated', team_id: gone!.team, placement }))
      }
    }
    while (alive.length > 1) {
      const placement = alive.length
      const gone = alive.pop()!
      events.push(battleRoyale({ type: 'eliminated', team_id: gone.team, placement }))
    }
    events.push(battleRoyale({ type: 'winner', team_id: alive[0]!.team }))
    return events
  })
