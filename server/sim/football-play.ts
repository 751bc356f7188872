import { SECOND, weighted } from './common'
import type { FootballGame, LiveSide } from './football-game'
import type { Footballer, Position } from './football-lineup'

/** Shots on target per side per match (~4.3 over ~97 minutes of play); ~30% of them go in. */
const SHOT_ON_TARGET = 4.3 / 97
const CONVERSION = 0.3
const PENALTY = 0.0016
const TACKLE_WON = 0.17
const STRAIGHT_RED = 0.0003
/** About one goal in thirty is an own goal. */
const OWN_GOAL_CHANCE = 0.04 / 97

const SCORING: Record<Position, number> = { GK: 0.02, DEF: 0.6, MID: 2.2, FWD: 5 }
const CREATING: Record<Position, number> = { GK: 0.1, DEF: 1.2, MID: 3, FWD: 2 }
const TACKLING: Record<Position, number> = { GK: 0, DEF: 3, MID: 2, FWD: 0.5 }
const FOULING: Record<Position, number> = { GK: 0.15, DEF: 1.3, MID: 1.2, FWD: 0.8 }
const OWN_GOAL: Record<Position, number> = { GK: 0.5, DEF: 3, MID: 1, FWD: 0.3 }
const ATTACKING: Record<Position, number> = { GK: 0, DEF: 0.2, MID: 0.7, FWD: 1 }

type Action = { offset: number; run: (atMs: number) => void }

/** One minute of play: each side may shoot, win a penalty, win tackles and pick up cards, in time order. */
export function playMinute(game: FootballGame, minute: number, at: number): void {
  const { rng } = game
  const actions: Action[] = []
  const later = (run: Action['run']) => actions.push({ offset: rng.int(1, 59), run })
  game.sides.forEach((side, i) => {
    const other = game.sides[1 - i] as LiveSide
    if (rng.next() < shotChance(side, other, minute) * game.style.attack)
      later((t) => shot(game, side, other, minute, t))
    if (rng.next() < PENALTY) later((t) => penalty(game, side, other, minute, t))
    if (rng.next() < OWN_GOAL_CHANCE) later((t) => ownGoal(game, side, other, minute, t))
    if (rng.next() < TACKLE_WON) later((t) => tackle(game, side, minute, t))
    if (rng.next() < (minute <= 45 ? 0.011 : 0.022) * game.style.cards)
      later((t) => card(game, side, minute, t, false))
    if (rng.next() < STRAIGHT_RED) later((t) => card(game, side, minute, t, true))
  })
  actions.sort((a, b) => a.offset - b.offset)
  for (const a of actions) a.run(at + a.offset * SECOND)
}

const add = (game: FootballGame, id: number, x: number) => game.impact.set(id, (game.impact.get(id) ?? 0) + x)
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)

function shotChance(side: LiveSide, other: LiveSide, minute: number): number {
  const attack =
    mean(side.onPitch.map((p) => p.q * ATTACKING[p.pos])) /
    Math.max(0.1, mean(side.onPitch.map((p) => ATTACKING[p.pos])))
  const defence = mean(other.onPitch.filter((p) => p.pos === 'GK' || p.pos === 'DEF').map((p) => p.q))
  // A man down costs about a fifth of the threat; sides three up ease off, sides behind late
  // push, sides level late (but not goalless) settle for the point.
  const numbers = (side.onPitch.length / 11) ** 2 / (other.onPitch.length / 11)
  const margin = side.goals - other.goals
  const state =
    margin >= 3
      ? 0.6
      : margin < 0 && minute > 75
        ? 1.25
        : margin === 0 && side.goals > 0 && minute > 70
          ? 0.8
          : 1
  return SHOT_ON_TARGET * Math.exp(4 * (attack - defence)) * (1 + side.home) * numbers * state
}

const keeper = (side: LiveSide) => side.onPitch.find((p) => p.pos === 'GK')
const outfield = (side: LiveSide) => side.onPitch.filter((p) => p.pos !== 'GK')

function shot(game: FootballGame, side: LiveSide, other: LiveSide, minute: number, t: number): void {
  const { rng, timeline } = game
  const players = outfield(side)
  if (players.length === 0) return
  const shooter = weighted(rng, players, (p) => SCORING[p.pos] * (0.5 + p.q))
  const gk = keeper(other)
  const chance = gk ? CONVERSION * Math.exp(shooter.q - gk.q) : 0.6
  if (rng.next() < chance) {
    const mates = side.onPitch.filter((p) => p !== shooter)
    const assist = mates.length > 0 && rng.bool(0.75) ? weighted(rng, mates, (p) => CREATING[p.pos]) : null
    goal(game, side, minute, t, shooter, assist, false)
    return
  }
  timeline.add(t, { type: 'shot_on_target', minute, player_id: shooter.id })
  add(game, shooter.id, 0.4)
  if (!gk) return
  timeline.add(t, { type: 'save', minute, player_id: gk.id })
  add(game, gk.id, 0.6)
}

function goal(
  game: FootballGame,
  side: LiveSide,
  minute: number,
  t: number,
  scorer: Footballer,
  assist: Footballer | null,
  penalty: boolean,
): void {
  side.goals++
  const base = {
    type: 'goal',
    minute,
    team_id: side.teamId,
    player_id: scorer.id,
    own_goal: false,
    penalty,
  } as const
  game.timeline.add(t, assist ? { ...base, assist_id: assist.id } : base)
  add(game, scorer.id, 3)
  if (assist) add(game, assist.id, 2)
}

/** The side's best attacker takes it: about three in four go in, most of the rest are saved. */
function penalty(game: FootballGame, side: LiveSide, other: LiveSide, minute: number, t: number): void {
  const takers = outfield(side)
  if (takers.length === 0) return
  const taker = takers.reduce((best, p) => (SCORING[p.pos] * p.q > SCORING[best.pos] * best.q ? p : best))
  const gk = keeper(other)
  const r = game.rng.next()
  if (r < 0.76 || !gk) {
    goal(game, side, minute, t, taker, null, true)
    return
  }
  if (r < 0.93) {
    game.timeline.add(t, { type: 'penalty_save', minute, player_id: gk.id })
    add(game, gk.id, 2.5)
    return
  }
  game.timeline.add(t, { type: 'penalty_miss', minute, player_id: taker.id })
  add(game, taker.id, -1)
}

function tackle(game: FootballGame, side: LiveSide, minute: number, t: number): void {
  const players = outfield(side)
  if (players.length === 0) return
  const p = weighted(game.rng, players, (x) => TACKLING[x.pos] * (0.5 + x.q))
  game.timeline.add(t, { type: 'tackle_won', minute, player_id: p.id })
  add(game, p.id, 0.3)
}

/** A booking, or a straight red; a second yellow or a red leaves the side a man short. */
function card(game: FootballGame, side: LiveSide, minute: number, t: number, straightRed: boolean): void {
  const players = straightRed ? outfield(side) : side.onPitch
  if (players.length === 0) return
  const p = weighted(game.rng, players, (x) => FOULING[x.pos])
  game.timeline.add(t, { type: 'card', minute, player_id: p.id, color: straightRed ? 'red' : 'yellow' })
  const sentOff = straightRed || side.booked.has(p.id)
  side.booked.add(p.id)
  add(game, p.id, sentOff ? -3 : -1)
  // A second yellow is itself the sending-off (no separate red card event follows it).
  if (sentOff) side.onPitch = side.onPitch.filter((x) => x !== p)
}

/** A defender's touch into his own net: the goal counts for the other side and nobody assists. */
function ownGoal(game: FootballGame, side: LiveSide, other: LiveSide, minute: number, t: number): void {
  const culprits = other.onPitch
  if (culprits.length === 0) return
  const p = weighted(game.rng, culprits, (x) => OWN_GOAL[x.pos])
  side.goals++
  game.timeline.add(t, {
    type: 'goal',
    minute,
    team_id: side.teamId,
    player_id: p.id,
    own_goal: true,
    penalty: false,
  })
  add(game, p.id, -2)
}
