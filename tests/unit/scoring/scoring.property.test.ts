import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MatchEvent, ScoringFamily } from '../../../server/domain/events/schema'
import { type EventContext, validateEvents } from '../../../server/domain/events/validate'
import {
  createScorer,
  mergeEvents,
  type Scorer,
  type ScorerOptions,
  scoreEvents,
} from '../../../server/domain/scoring'
import {
  cricketCtx,
  cricketPlayers,
  footballCtx,
  footballPlayers,
  raceCtx,
  racePlayers,
} from './scoring-fixtures'
import { cricketStream, footballStream, raceStream, royalePlayers, royaleStream } from './scoring-generators'

interface Case {
  name: string
  options: ScorerOptions
  ctx: EventContext
  stream: fc.Arbitrary<MatchEvent[]>
  runs: number
}

const royaleCtx = { players: royalePlayers, team_ids: [71, 72, 73, 74, 75, 76, 77, 78] }
const CASES: Case[] = [
  ...(['T20', 'ODI', 'Test'] as const).map((format) => ({
    name: `cricket ${format}`,
    options: { family: 'cricket' as ScoringFamily, format, players: cricketPlayers },
    ctx: cricketCtx(format),
    stream: cricketStream(format),
    runs: 20,
  })),
  {
    name: 'football',
    options: { family: 'football', players: footballPlayers },
    ctx: footballCtx,
    stream: footballStream,
    runs: 60,
  },
  {
    name: 'race',
    options: { family: 'race', players: racePlayers },
    ctx: raceCtx,
    stream: raceStream,
    runs: 100,
  },
  {
    name: 'battle royale',
    options: { family: 'battle_royale', players: royalePlayers },
    ctx: royaleCtx,
    stream: royaleStream,
    runs: 100,
  },
]

const breakdownSum = (s: Scorer, id: number) =>
  (s.playerScore(id)?.breakdown ?? []).reduce((total, line) => total + line.points, 0)

/** Everything observable about a scorer, for equality between two of them. */
const observe = (s: Scorer) => ({ all: s.all(), summary: s.summary() })

/** A correction: the same ball with other runs, or else another event of the match in its place. */
function correction(events: MatchEvent[], k: number, j: number): MatchEvent {
  const e = events[k]!
  if (e.type === 'ball' && e.extras.wides === 0) return { ...e, runs: (e.runs + 1) % 4, boundary: false }
  return events[j % events.length]!
}

describe.each(CASES)('$name scorer properties', ({ options, ctx, stream, runs }) => {
  const ids = options.players.map((p) => p.id)

  it('accepts every generated stream and keeps incremental points equal to a rebuild', () => {
    fc.assert(
      fc.property(stream, (events) => {
        expect(validateEvents(options.family, ctx, events)).toEqual({ ok: true })
        const live = createScorer(options)
        for (const event of events) {
          live.apply(event)
          // Cached points (only touched players recomputed) equal a fresh sum over the rules.
          for (const id of ids) expect(live.points(id)).toBe(breakdownSum(live, id))
        }
        for (const id of ids) expect(Number.isInteger(live.points(id))).toBe(true)
        expect(live.all().map((p) => p.player_id)).toEqual(ids)
        expect(observe(scoreEvents(options, events))).toEqual(observe(live))
        expect(observe(live.clone())).toEqual(observe(live))
      }),
      { numRuns: runs },
    )
  })

  it('rescores a correction by seq exactly as the corrected list', () => {
    fc.assert(
      fc.property(stream, fc.nat(), fc.nat(), (events, a, b) => {
        const k = a % events.length
        const fixed = correction(events, k, b)
        const stored = events.map((event, i) => ({ seq: i + 1, event }))
        const merged = mergeEvents(stored, [{ ...fixed, seq: k + 1 }])
        expect(merged.replaced).toEqual([k + 1])
        expect(merged.appendOnly).toBe(false)
        const corrected = events.map((e, i) => (i === k ? fixed : e))
        expect(observe(scoreEvents(options, merged.events))).toEqual(observe(scoreEvents(options, corrected)))
      }),
      { numRuns: Math.ceil(runs / 2) },
    )
  })
})

describe('mergeEvents', () => {
  it('appends events without seq after the stored ones', () => {
    const stored = [{ seq: 1, event: { type: 'zone', zone: 1 } as MatchEvent }]
    const merged = mergeEvents(stored, [
      { type: 'zone', zone: 2 },
      { type: 'zone', zone: 3, seq: 3 },
    ])
    expect(merged.appendOnly).toBe(true)
    expect(merged.posted.map((p) => p.seq)).toEqual([2, 3])
    expect(merged.events.map((e) => e.event)).toEqual([
      { type: 'zone', zone: 1 },
      { type: 'zone', zone: 2, seq: 2 },
      { type: 'zone', zone: 3, seq: 3 },
    ])
  })
})

/**
 * An independent T20 reference, written from the DESIGN §5 table alone: totals per player
 * from the raw events, then the table's numbers typed in here.
 */
function referenceT20(events: MatchEvent[]): Map<number, number> {
  const lineup = new Set<number>()
  const st = new Map<number, Record<string, number>>()
  const get = (id: number) => {
    let s = st.get(id)
    if (!s) {
      s = {
        runs: 0,
        balls: 0,
        fours: 0,
        sixes: 0,
        duck: 0,
        legal: 0,
        conceded: 0,
        wkts: 0,
        dots: 0,
        c: 0,
        so: 0,
        potm: 0,
      }
      st.set(id, s)
    }
    return s
  }
  const overs = new Map<string, { bowler: number; legal: number; conceded: number; mixed: boolean }>()
  for (const e of events) {
    if (e.type === 'lineup') for (const id of e.player_ids) lineup.add(id)
    if (e.type === 'player_of_the_match') get(e.player_id).potm = 1
    if (e.type !== 'ball') continue
    const x = e.extras
    const bat = get(e.batter_id)
    if (x.wides === 0) bat.balls! += 1
    bat.runs! += e.runs
    if (e.boundary && e.runs === 4) bat.fours! += 1
    if (e.boundary && e.runs === 6) bat.sixes! += 1
    const bowl = get(e.bowler_id)
    const legal = x.wides === 0 && x.noballs === 0
    const conceded = e.runs + x.wides + x.noballs
    bowl.conceded! += conceded
    if (legal) bowl.legal! += 1
    if (legal && conceded === 0) bowl.dots! += 1
    const key = `${e.innings}.${e.over}`
    const o = overs.get(key) ?? { bowler: e.bowler_id, legal: 0, conceded: 0, mixed: false }
    if (o.bowler !== e.bowler_id) o.mixed = true
    o.legal += legal ? 1 : 0
    o.conceded += conceded
    overs.set(key, o)
    const w = e.wicket
    if (!w || w.kind === 'retired hurt') continue
    if (get(w.player_out_id).runs === 0) get(w.player_out_id).duck = 1
    if (!['run out', 'obstructing the field'].includes(w.kind)) bowl.wkts! += 1
    if (w.kind === 'caught and bowled') bowl.c! += 1
    else for (const f of w.fielder_ids) get(f)[w.kind === 'caught' ? 'c' : 'so']! += 1
  }
  const maidens = new Map<number, number>()
  for (const o of overs.values())
    if (!o.mixed && o.legal >= 6 && o.conceded === 0) maidens.set(o.bowler, (maidens.get(o.bowler) ?? 0) + 1)
  const out = new Map<number, number>()
  for (const [id, s] of st) {
    if (!lineup.has(id)) continue
    const w = s.wkts!
    const points =
      s.runs! +
      2 * s.fours! +
      3 * s.sixes! +
      10 * Math.floor(s.runs! / 25) +
      (s.balls! > 0 ? s.runs! - s.balls! : 0) -
      10 * s.duck! +
      25 * w +
      15 * (maidens.get(id) ?? 0) +
      (s.legal! > 0 ? 2 * s.legal! - s.conceded! : 0) +
      s.dots! +
      (w >= 7 ? 100 : w >= 5 ? 50 : w >= 3 ? 25 : 0) +
      15 * s.c! +
      10 * s.so! +
      25 * s.potm!
    out.set(id, points)
  }
  return out
}

describe('cricket scorer against an independent T20 reference', () => {
  it('agrees on every player of random matches', () => {
    fc.assert(
      fc.property(cricketStream('T20'), (events) => {
        const scorer = scoreEvents({ family: 'cricket', format: 'T20', players: cricketPlayers }, events)
        const expected = referenceT20(events)
        for (const p of cricketPlayers)
          expect([p.id, scorer.points(p.id)]).toEqual([p.id, expected.get(p.id) ?? 0])
      }),
      { numRuns: 40 },
    )
  })
})
