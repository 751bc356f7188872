import type { MatchEvent } from './schema'

/** What the validator knows about a match: its players (with their sides) and its teams. */
export interface EventContext {
  players: ReadonlyArray<{ id: number; real_team_id: number; style?: number }>
  team_ids: readonly number[]
  /** Cricket: T20 | ODI | Test, for the overs per innings; null or unknown: no limit. */
  format?: string | null
  /** Most players a lineup may name (cricket and football starters 11, battle-royale squads 5). */
  lineup_size?: number
}

/** Problems of one event as [field relative to the event, message]. */
export class Problems {
  readonly list: Array<[string, string]> = []
  add(field: string, message: string): void {
    this.list.push([field, message])
  }
  /**
   * What a match has once (player of the match): a second one is refused, naming the seq of
   * the first (a correction posts with that seq). Returns the seq of the one that stands.
   */
  once(what: string, givenSeq: number | null, seq: number): number {
    if (givenSeq === null) return seq
    this.add('type', `${what} was already given (seq ${givenSeq}): post with that seq to correct it`)
    return givenSeq
  }
}

/** A family's semantic checker: fed the merged log in seq order, it checks each event against the state so far. */
export type Walker = (event: MatchEvent, seq: number) => Array<[string, string]>

export class Roster {
  readonly teamOf = new Map<number, number>()
  readonly teams: Set<number>
  readonly lineupSize: number

  constructor(ctx: EventContext, defaultLineupSize: number) {
    for (const p of ctx.players) this.teamOf.set(p.id, p.real_team_id)
    this.teams = new Set(ctx.team_ids)
    this.lineupSize = ctx.lineup_size ?? defaultLineupSize
  }

  /** The player's side, or a problem on `field` when the id is not a player of this match. */
  player(p: Problems, field: string, id: number): number | undefined {
    const team = this.teamOf.get(id)
    if (team === undefined) p.add(field, 'is not a player of this match')
    return team
  }

  team(p: Problems, field: string, id: number): boolean {
    if (this.teams.has(id)) return true
    p.add(field, 'is not a team of this match')
    return false
  }
}

export interface Lineup {
  seq: number
  players: Set<number>
}

/** Ids that must be players of `team`, each listed once (`seen` is shared across the lists of one event). */
export function checkMembers(
  p: Problems,
  roster: Roster,
  team: number,
  ids: readonly number[],
  field: string,
  seen: Set<number>,
): void {
  ids.forEach((id, k) => {
    if (seen.has(id)) p.add(`${field}.${k}`, 'is listed twice')
    seen.add(id)
    const side = roster.player(p, `${field}.${k}`, id)
    if (side !== undefined && side !== team)
      p.add(`${field}.${k}`, `plays for team ${side}, not team ${team}`)
  })
}

/**
 * A lineup: a team of the match, its first lineup (a correction replaces it by seq), at most
 * `lineupSize` of its own players. Returns the lineup to record, or null if the team already has one.
 */
export function checkLineup(
  p: Problems,
  roster: Roster,
  lineups: Map<number, Lineup>,
  e: { team_id: number; player_ids: readonly number[] },
  seq: number,
  seen = new Set<number>(),
): Lineup | null {
  roster.team(p, 'team_id', e.team_id)
  const previous = lineups.get(e.team_id)
  if (previous)
    p.add('team_id', `already has a lineup (seq ${previous.seq}): post with that seq to correct it`)
  if (e.player_ids.length > roster.lineupSize)
    p.add('player_ids', `must have at most ${roster.lineupSize} players`)
  checkMembers(p, roster, e.team_id, e.player_ids, 'player_ids', seen)
  if (previous) return null
  const lineup = { seq, players: new Set(e.player_ids) }
  lineups.set(e.team_id, lineup)
  return lineup
}
