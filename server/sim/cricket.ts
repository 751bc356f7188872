import type { RandomStream } from '../domain/rng'
import { clamp, normal, requireTeams, Timeline } from './common'
import type { CricketFormat } from './cricket-delivery'
import { type EraModel, eraModel } from './cricket-eras'
import { type InningsSpec, type InningsState, playInnings } from './cricket-innings'
import { limitedOversIntent } from './cricket-intent'
import { buildSide, type Cricketer, type CricketSide } from './cricket-lineup'
import { type CricketPace, limitedOversPace, testPace } from './cricket-pace'
import { type Impact, playerOfTheMatch } from './cricket-wicket'
import { cricketEra } from './profiles'
import type { SimFormat, SimInput, TimedEvent } from './types'

export const cricketFormat = (format: SimFormat): CricketFormat =>
  format === 'ODI' || format === 'Test' ? format : 'T20'

interface Game {
  rng: RandomStream
  format: CricketFormat
  pace: CricketPace
  timeline: Timeline
  impact: Impact
  model: EraModel
  pitch: number
}

/** A whole cricket match: lineups, the toss, every ball, innings ends, the player of the match. */
export function simulateCricket(input: SimInput): TimedEvent[] {
  requireTeams('cricket', 2, input.teams.length)
  const { rng, startMs } = input
  const format = cricketFormat(input.format)
  const sides = input.teams.map((t) => buildSide(rng, t))
  const timeline = new Timeline()
  for (const s of sides)
    timeline.add(startMs, { type: 'lineup', team_id: s.teamId, player_ids: s.xi.map((c) => c.id) })
  const [a, b] = sides as [CricketSide, CricketSide]
  const [first, second] = rng.bool() ? [a, b] : [b, a]
  const pace = format === 'Test' ? testPace(rng, startMs) : limitedOversPace(rng, startMs, format)
  const model = eraModel(cricketEra(format, input.profile))
  // The pitch and the ground, for the whole match: some days every team scores 200, some days nobody does.
  const pitch = model.pitchSpread > 0 ? Math.exp(model.pitchSpread * normal(rng)) : 1
  const game: Game = { rng, format, pace, timeline, impact: new Map(), model, pitch }
  const winner = format === 'Test' ? testMatch(game, first, second) : limitedOvers(game, first, second)
  timeline.add(pace.now(), {
    type: 'player_of_the_match',
    player_id: playerOfTheMatch(game.impact, sides, winner),
  })
  return timeline.events
}

type Spec = Omit<InningsSpec, 'format' | 'overs' | 'quota' | 'model' | 'pitch'>

function play(game: Game, spec: Spec) {
  // A break between innings; a super over follows the tie after a few minutes.
  if (spec.superOver) game.pace.superOverBreak()
  else if (spec.number > 1) game.pace.inningsBreak()
  const overs = spec.superOver ? 1 : game.format === 'T20' ? 20 : game.format === 'ODI' ? 50 : null
  const quota = spec.superOver ? 1 : overs == null ? null : overs / 5
  const full: InningsSpec = {
    ...spec,
    format: game.format,
    overs,
    quota,
    model: game.model,
    pitch: game.pitch,
  }
  const result = playInnings(game.rng, full, game.pace, game.timeline, game.impact)
  game.timeline.add(game.pace.now(), { type: 'innings_end', innings: spec.number })
  return result
}

/** T20 or ODI: one innings each, the side batting second chasing the first total plus one; a tie goes to super overs. */
function limitedOvers(game: Game, first: CricketSide, second: CricketSide): CricketSide | null {
  const format = game.format === 'ODI' ? 'ODI' : 'T20'
  const overs = format === 'T20' ? 20 : 50
  const intent = limitedOversIntent(format, overs, null)
  const inn1 = play(game, { number: 1, batting: first, fielding: second, target: null, intent })
  const target = inn1.runs + 1
  const chase = limitedOversIntent(format, overs, target)
  const inn2 = play(game, { number: 2, batting: second, fielding: first, target, intent: chase })
  if (inn2.runs >= target) return second
  if (inn2.runs < inn1.runs) return first
  return superOvers(game, [first, second])
}

/**
 * A tie: super overs until one side wins (the current rule), five at most. The side that
 * batted second bats first; each side sends in its three best batters and its best bowler
 * who has not bowled a super over yet. Innings 3 and 4, then 5 and 6, and so on.
 */
function superOvers(game: Game, sides: [CricketSide, CricketSide]): CricketSide | null {
  const bowled = new Set<number>()
  let [batFirst, batSecond] = [sides[1], sides[0]]
  for (let k = 0; k < 5; k++) {
    const number = 3 + 2 * k
    const spec = (batting: CricketSide, fielding: CricketSide, target: number | null, n: number) => {
      const batters = [...batting.xi].sort((a, b) => b.bat - a.bat).slice(0, 3)
      const bowler = fielding.attack.find((b) => !bowled.has(b.id)) ?? (fielding.attack[0] as Cricketer)
      bowled.add(bowler.id)
      const intent = (s: InningsState) =>
        target == null ? 1 : clamp((target - s.runs) / (6 - s.balls) - 1, 0, 1)
      return { number: n, batting, fielding, target, intent, superOver: { batters, bowler } }
    }
    const a = play(game, spec(batFirst, batSecond, null, number))
    const b = play(game, spec(batSecond, batFirst, a.runs + 1, number + 1))
    if (b.runs > a.runs) return batSecond
    if (b.runs < a.runs) return batFirst
    ;[batFirst, batSecond] = [batSecond, batFirst]
  }
  return null
}

/** A Test: up to four innings in five days; declarations, an innings win, a chase or a draw. */
function testMatch(game: Game, first: CricketSide, second: CricketSide): CricketSide | null {
  const { rng, pace } = game
  const big = (limit: number) => (s: InningsState) => s.runs >= limit || (s.balls >= 900 && s.runs >= 450)
  // Each side's first innings: no target, steady batting, a declaration at a big total.
  const firstInnings = (number: 1 | 2, batting: CricketSide, fielding: CricketSide) =>
    play(game, { number, batting, fielding, target: null, intent: () => 0, declare: big(rng.int(500, 650)) })
  const a1 = firstInnings(1, first, second)
  if (a1.end === 'time') return null
  const b2 = firstInnings(2, second, first)
  if (b2.end === 'time') return null
  const lead = (s: InningsState) => a1.runs + s.runs - b2.runs
  // Set a target that leaves enough time to bowl the opponents out.
  const declare = (s: InningsState) => lead(s) >= clamp(3.2 * (pace.oversLeft() ?? 0), 200, 450)
  const pushOn = (s: InningsState) => (lead(s) > 150 ? 0.4 : 0)
  const a3 = play(game, {
    number: 3,
    batting: first,
    fielding: second,
    target: null,
    intent: pushOn,
    declare,
  })
  const target = lead(a3) + 1
  if (target <= 0 && a3.end === 'all out') return second
  if (a3.end === 'time') return null
  const chase = (s: InningsState) => {
    const rate = (target - s.runs) / Math.max(1, pace.oversLeft() ?? 1)
    if (rate <= 3.5) return 0
    return rate <= 5 && s.wickets < 5 ? 0.3 : -0.6
  }
  const b4 = play(game, {
    number: 4,
    batting: second,
    fielding: first,
    target: Math.max(1, target),
    intent: chase,
  })
  if (b4.runs >= target) return second
  if (b4.end === 'all out') return b4.runs === target - 1 ? null : first
  return null
}
