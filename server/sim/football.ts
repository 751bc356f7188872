import type { RandomStream } from '../domain/rng'
import { MINUTE, requireTeams, SECOND, Timeline, weighted } from './common'
import type { FootballGame, LiveSide } from './football-game'
import { LEAGUE_STYLE } from './football-leagues'
import { buildFootballSide, type Footballer, type FootballSide } from './football-lineup'
import { playMinute } from './football-play'
import { footballLeague } from './profiles'
import type { SimInput, TimedEvent } from './types'

const HALF_TIME_MS = 15 * MINUTE

/**
 * A football match minute by minute: lineups, a `minute` tick as each minute of play starts
 * (first-half stoppage time shows as 45 and gets no new tick; the second half runs on to
 * 90 + stoppage), the minute's actions, substitutions, `full_time` and the player of the match.
 * The league (`input.profile`, server/sim/profiles.ts) sets the scoring, home advantage and bookings.
 */
export function simulateFootball(input: SimInput): TimedEvent[] {
  requireTeams('football', 2, input.teams.length)
  const { rng, startMs } = input
  const built = input.teams.map((t) => buildFootballSide(rng, t)) as [FootballSide, FootballSide]
  const timeline = new Timeline()
  for (const s of built)
    timeline.add(startMs, {
      type: 'lineup',
      team_id: s.teamId,
      player_ids: s.starters.map((p) => p.id),
      substitute_ids: s.bench.map((p) => p.id),
    })
  const style = LEAGUE_STYLE[footballLeague(input.profile)]
  // The first team is at home.
  const sides = built.map((s, i) => live(rng, s, i === 0 ? style.home : 0)) as [LiveSide, LiveSide]
  const game: FootballGame = { rng, timeline, sides, impact: new Map(), style }
  const firstStoppage = rng.int(1, 4)
  const secondStoppage = rng.int(2, 7)
  for (let k = 0; k < 45 + firstStoppage; k++) {
    const at = startMs + k * MINUTE
    if (k < 45) timeline.add(at, { type: 'minute', minute: k + 1 })
    playMinute(game, Math.min(45, k + 1), at)
  }
  const secondHalf = startMs + (45 + firstStoppage) * MINUTE + HALF_TIME_MS
  for (let k = 0; k < 45 + secondStoppage; k++) {
    const at = secondHalf + k * MINUTE
    timeline.add(at, { type: 'minute', minute: 46 + k })
    for (const s of sides) substitute(game, s, 46 + k, at)
    playMinute(game, 46 + k, at)
  }
  const end = secondHalf + (45 + secondStoppage) * MINUTE
  timeline.add(end, { type: 'full_time', minute: 90 + secondStoppage })
  timeline.add(end + 30 * SECOND, { type: 'player_of_the_match', player_id: playerOfTheMatch(game) })
  return timeline.events
}

function live(rng: RandomStream, side: FootballSide, home: number): LiveSide {
  const count = weighted(rng, [3, 4, 5], (n) => [2, 3, 5][n - 3] as number)
  const subMinutes: number[] = []
  // Some changes at half time, the rest in two or three windows after the hour mark.
  if (rng.bool(0.25)) subMinutes.push(46)
  while (subMinutes.length < count) {
    const window = rng.int(55, 88)
    const n = Math.min(count - subMinutes.length, rng.int(1, 2))
    for (let i = 0; i < n; i++) subMinutes.push(window)
  }
  return {
    teamId: side.teamId,
    onPitch: [...side.starters],
    bench: [...side.bench],
    appeared: [...side.starters],
    subMinutes: subMinutes.sort((a, b) => a - b),
    booked: new Set(),
    goals: 0,
    home,
  }
}

/** Planned changes at this minute: a tired or booked outfield player off, the same position on if the bench has one. */
function substitute(game: FootballGame, side: LiveSide, minute: number, at: number): void {
  const { rng } = game
  while (side.subMinutes[0] === minute) {
    side.subMinutes.shift()
    const outfield = side.onPitch.filter((p) => p.pos !== 'GK')
    const benchOutfield = side.bench.filter((p) => p.pos !== 'GK')
    if (outfield.length === 0 || benchOutfield.length === 0) continue
    const off = weighted(
      rng,
      outfield,
      (p) => (1.3 - p.q) * (p.pos === 'DEF' ? 1 : 1.4) * (side.booked.has(p.id) ? 1.8 : 1),
    )
    const like = benchOutfield.filter((p) => p.pos === off.pos)
    const on = weighted(rng, like.length > 0 ? like : benchOutfield, (p) => 0.3 + p.q)
    side.onPitch = side.onPitch.map((p) => (p === off ? on : p))
    side.bench = side.bench.filter((p) => p !== on)
    side.appeared.push(on)
    game.timeline.add(at, {
      type: 'substitution',
      minute,
      team_id: side.teamId,
      player_in_id: on.id,
      player_out_id: off.id,
    })
  }
}

/** The best performer on the winning side (either side after a draw). */
function playerOfTheMatch(game: FootballGame): number {
  const [a, b] = game.sides
  const winners = a.goals > b.goals ? [a] : b.goals > a.goals ? [b] : [a, b]
  const pool = winners.flatMap((s) => s.appeared)
  const impact = (p: Footballer) => game.impact.get(p.id) ?? 0
  return pool.reduce((best, p) => (impact(p) > impact(best) ? p : best)).id
}
