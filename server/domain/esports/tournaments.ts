/**
 * PUBG (and Free Fire / Call of Duty) tournaments of rounds and lobbies, pure (docs/esports.md,
 * "Tournaments, rounds and slots"): the definition's checks, how many lobbies a round needs,
 * round 1's seeded shuffle, later rounds' snake seeding, a round's standings and who qualifies.
 */

import { randomStream } from '../rng'
import type { FieldErrors } from './results'
import { type EsportsGame, type EsportsKind, type EsportsMode, maxSlots, squadPoints } from './rules'

export type QualifyRule = 'top_per_lobby' | 'top_overall'

export const TOURNAMENT_ROUNDS_MAX = 5
/** Lobbies one round may have (each is one custom room the host runs). */
export const TOURNAMENT_LOBBIES_MAX = 16
export const TOURNAMENT_NAME_MAX = 80
export const TOURNAMENT_SQUAD_NAME_MAX = 40

export interface RoundDefinition {
  name?: string
  lobby_size: number
  qualify_rule: QualifyRule
  qualify_count: number
  starts_at_ms: number
}

export interface TournamentDefinition {
  name: string
  kind: EsportsKind
  game: EsportsGame
  mode: EsportsMode
  squads_limit: number
  registration_closes_at_ms: number
  rounds: RoundDefinition[]
}

/** Lobby sizes for `n` squads in lobbies of at most `lobbySize`: as few lobbies as fit, sizes differ by ≤ 1, larger first. */
export function lobbiesFor(n: number, lobbySize: number): number[] {
  if (n <= 0 || lobbySize <= 0) return []
  const count = Math.ceil(n / lobbySize)
  const base = Math.floor(n / count)
  const extra = n % count
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0))
}

/** How many of `n` squads in a round go on under its rule (each lobby's top `count`, or the top `count` overall). */
export function goingOn(
  n: number,
  round: Pick<RoundDefinition, 'lobby_size' | 'qualify_rule' | 'qualify_count'>,
) {
  if (round.qualify_rule === 'top_overall') return Math.min(round.qualify_count, n)
  return lobbiesFor(n, round.lobby_size).reduce((sum, size) => sum + Math.min(size, round.qualify_count), 0)
}

/**
 * Field errors of a definition (empty: fine). `rounds.i.*` name the round (0-based). The
 * numbers must fit for a full tournament (`squads_limit` squads): each round but the last sends
 * on at least 2 squads and fewer than it seats, and what goes on fits the next round's lobbies.
 */
export function checkDefinition(def: TournamentDefinition, nowMs: number): FieldErrors {
  const errors: FieldErrors = {}
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message]
  }
  const max = maxSlots(def.game, def.mode)
  if (def.registration_closes_at_ms <= nowMs) add('registration_closes_at', 'must be in the future')
  if (def.rounds.length < 1 || def.rounds.length > TOURNAMENT_ROUNDS_MAX)
    add('rounds', `must have 1 to ${TOURNAMENT_ROUNDS_MAX} rounds`)
  const firstSize = def.rounds[0]?.lobby_size ?? max
  const seatable = Math.min(max, firstSize) * TOURNAMENT_LOBBIES_MAX
  if (def.squads_limit < 2 || def.squads_limit > seatable)
    add('squads_limit', `must be 2 to ${seatable} (${TOURNAMENT_LOBBIES_MAX} lobbies of round 1)`)
  let previousStart = def.registration_closes_at_ms
  let squads = def.squads_limit
  def.rounds.forEach((round, i) => {
    const at = (field: string, message: string) => add(`rounds.${i}.${field}`, message)
    const last = i === def.rounds.length - 1
    if (round.lobby_size < 2 || round.lobby_size > max)
      at('lobby_size', `must be 2 to ${max} (a ${def.mode} room of this game)`)
    if (round.starts_at_ms <= previousStart)
      at(
        'starts_at',
        i === 0 ? 'must be after registration closes' : 'must be after the previous round’s start',
      )
    previousStart = Math.max(previousStart, round.starts_at_ms)
    if (last) {
      if (round.qualify_count !== 0) at('qualify_count', 'must be 0 on the last round')
    } else if (round.qualify_count < 1) at('qualify_count', 'must be at least 1 before the last round')
    if (round.lobby_size < 2 || round.lobby_size > max) return
    if (Math.ceil(squads / round.lobby_size) > TOURNAMENT_LOBBIES_MAX)
      at('lobby_size', `seats ${squads} squads in more than ${TOURNAMENT_LOBBIES_MAX} lobbies`)
    if (last || round.qualify_count < 1) return
    const next = goingOn(squads, round)
    if (next < 2) at('qualify_count', `sends on ${next} squad(s): at least 2 must go on`)
    else if (next >= squads) at('qualify_count', `sends on all ${squads} squads: a round must eliminate some`)
    const nextRound = def.rounds[i + 1]
    if (
      nextRound &&
      nextRound.lobby_size >= 2 &&
      next > Math.min(nextRound.lobby_size, max) * TOURNAMENT_LOBBIES_MAX
    )
      at('qualify_count', `sends on ${next} squads: more than round ${i + 2} can seat`)
    squads = Math.max(next, 2)
  })
  return errors
}

export interface Seeded {
  tournament_squad_id: number
  seed_no: number
  lobby_no: number
  slot_no: number
}

/**
 * Deals squads (listed in seed order, seed 1 first) into lobbies by snake: seed 1 → lobby 1,
 * seed 2 → lobby 2 … seed L → lobby L, then L → 1, and so on, skipping a lobby once it is full
 * (lobbies sized by `lobbiesFor`). Slot numbers inside a lobby follow seed order from 1.
 */
export function snakeSeed(squadIds: readonly number[], lobbySize: number): Seeded[] {
  const sizes = lobbiesFor(squadIds.length, lobbySize)
  const lobbies: number[][] = sizes.map(() => [])
  const order: number[] = []
  // The lobby visiting order, one pass forward then one back, until everyone is placed.
  for (let pass = 0; order.length < 2 * squadIds.length + sizes.length; pass++) {
    const lanes = sizes.map((_, i) => i)
    order.push(...(pass % 2 === 0 ? lanes : lanes.reverse()))
  }
  let pointer = 0
  squadIds.forEach((_id, seed) => {
    // Next lobby in the snake that still has room.
    let lobby = order[pointer++] as number
    while ((lobbies[lobby] as number[]).length >= (sizes[lobby] as number)) lobby = order[pointer++] as number
    ;(lobbies[lobby] as number[]).push(seed)
  })
  const out: Seeded[] = []
  lobbies.forEach((seeds, l) => {
    seeds.forEach((seed, s) => {
      out.push({
        tournament_squad_id: squadIds[seed] as number,
        seed_no: seed + 1,
        lobby_no: l + 1,
        slot_no: s + 1,
      })
    })
  })
  return out.sort((a, b) => a.lobby_no - b.lobby_no || a.slot_no - b.slot_no)
}

/**
 * Round 1: the registered squads (any order; sorted by id first) shuffled by the tournament's
 * seed — a stream of its own, so the same seed and squads give the same slots — then dealt by
 * snake. Seed numbers are the shuffle's order.
 */
export function firstRoundSeeding(squadIds: readonly number[], lobbySize: number, seed: number): Seeded[] {
  const sorted = [...squadIds].sort((a, b) => a - b)
  const shuffled = randomStream(seed).shuffle(sorted)
  return snakeSeed(shuffled, lobbySize)
}

export interface SlotResult {
  tournament_squad_id: number
  lobby_no: number
  seed_no: number
  /** null while the lobby has no results. */
  placement: number | null
  kills: number | null
}

export interface Standing extends SlotResult {
  points: number
  rank: number
}

/**
 * A round's overall standing, a full order: points (placement + kills, the game's table) high
 * first, then kills high first, then placement low first (best finish), then seed low first.
 * Squads without results count 0 points and 0 kills and rank after any placement. Ranks are
 * 1..n without ties (the seed settles the last tie).
 */
export function roundStandings(game: EsportsGame, rows: readonly SlotResult[]): Standing[] {
  const scored = rows.map((r) => ({
    ...r,
    points: r.placement === null ? 0 : squadPoints(game, r.placement, r.kills ?? 0),
  }))
  scored.sort(
    (a, b) =>
      b.points - a.points ||
      (b.kills ?? 0) - (a.kills ?? 0) ||
      (a.placement ?? Number.MAX_SAFE_INTEGER) - (b.placement ?? Number.MAX_SAFE_INTEGER) ||
      a.seed_no - b.seed_no,
  )
  return scored.map((r, i) => ({ ...r, rank: i + 1 }))
}

/** The squads that go on: each lobby's best `count` (in the overall order), or the overall top `count`. */
export function qualifiers(rule: QualifyRule, count: number, standings: readonly Standing[]): Set<number> {
  if (count <= 0) return new Set()
  if (rule === 'top_overall') return new Set(standings.slice(0, count).map((s) => s.tournament_squad_id))
  const taken = new Map<number, number>()
  const out = new Set<number>()
  for (const s of standings) {
    const n = taken.get(s.lobby_no) ?? 0
    if (n < count) {
      out.add(s.tournament_squad_id)
      taken.set(s.lobby_no, n + 1)
    }
  }
  return out
}
