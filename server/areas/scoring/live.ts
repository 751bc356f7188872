import type { Executor } from '../../db/tx'
import type { Deps } from '../../deps'
import { type MatchEvent, type ScoringFamily, scoringFamily } from '../../domain/events/schema'
import { createScorer } from '../../domain/scoring'
import type { Scorer } from '../../domain/scoring/types'
import { findMatch, matchSquad, type SquadPlayer } from '../matches/queries'
import type { Scoreboard } from './board'
import { loadBoard } from './load'

/**
 * One match being scored: the scorer (player points from the events) and the scoreboard
 * (every team's total and every entry's rank). Held in memory per server; rebuilt from the
 * stored events after a restart or a failed write, so the database stays the source of truth.
 */
export interface LiveMatch {
  matchId: number
  sportSlug: string
  family: ScoringFamily
  format: string | null
  squad: SquadPlayer[]
  scorer: Scorer
  board: Scoreboard
  events: Array<{ seq: number; event: MatchEvent }>
  lastSeq: number
  /** Own-rank messages last sent per `contest:user`, so only changes go out. */
  sentRanks: Map<string, string>
}

const registries = new WeakMap<Deps, Map<number, Promise<LiveMatch>>>()

function registry(deps: Deps): Map<number, Promise<LiveMatch>> {
  let r = registries.get(deps)
  if (!r) {
    r = new Map()
    registries.set(deps, r)
  }
  return r
}

/** The live state of a match, built on first use. */
export function loadLive(deps: Deps, matchId: number): Promise<LiveMatch> {
  const r = registry(deps)
  let live = r.get(matchId)
  if (!live) {
    live = buildLive(deps, matchId)
    r.set(matchId, live)
    live.catch(() => r.delete(matchId))
  }
  return live
}

/** The live state if it is already in memory (never builds it). */
export async function peekLive(deps: Deps, matchId: number): Promise<LiveMatch | undefined> {
  return registry(deps).get(matchId)
}

export function evictLive(deps: Deps, matchId: number): void {
  registry(deps).delete(matchId)
}

const locks = new WeakMap<Deps, Map<number, Promise<unknown>>>()

/**
 * Runs `fn` after every earlier call for the same match has finished: events are numbered
 * and applied one batch at a time, whoever sends them (the simulator, an admin, a script).
 */
export function withMatchLock<T>(deps: Deps, matchId: number, fn: () => Promise<T>): Promise<T> {
  let byMatch = locks.get(deps)
  if (!byMatch) {
    byMatch = new Map()
    locks.set(deps, byMatch)
  }
  const previous = byMatch.get(matchId) ?? Promise.resolve()
  const run = previous.then(fn, fn)
  const settled = run.catch(() => undefined)
  byMatch.set(matchId, settled)
  void settled.then(() => {
    if (byMatch?.get(matchId) === settled) byMatch.delete(matchId)
  })
  return run
}

export function newScorer(live: Pick<LiveMatch, 'family' | 'format' | 'squad'>): Scorer {
  return createScorer({
    family: live.family,
    format: live.format,
    players: live.squad.map((p) => ({ id: p.id, style: p.style, real_team_id: p.real_team_id })),
  })
}

export async function storedEvents(db: Executor, matchId: number) {
  const rows = await db
    .selectFrom('match_events')
    .select(['seq', 'payload'])
    .where('match_id', '=', matchId)
    .orderBy('seq')
    .execute()
  return rows.map((r) => ({ seq: r.seq, event: JSON.parse(r.payload) as MatchEvent }))
}

async function buildLive(deps: Deps, matchId: number): Promise<LiveMatch> {
  const match = await findMatch(deps.db, matchId)
  if (!match) throw new Error(`match ${matchId} does not exist`)
  const squad = await matchSquad(deps.db, matchId)
  const base = { family: scoringFamily(match.sport_slug), format: match.format, squad }
  const scorer = newScorer(base)
  const events = await storedEvents(deps.db, matchId)
  for (const e of events) scorer.apply(e.event)

  const board = await loadBoard(deps, matchId, squad, match.team_size)
  board.resetPoints(squad.map((p) => [p.id, scorer.points(p.id)] as const))
  board.rankAll()
  return {
    matchId,
    sportSlug: match.sport_slug,
    family: base.family,
    format: match.format,
    squad,
    scorer,
    board,
    events,
    lastSeq: events.at(-1)?.seq ?? 0,
    sentRanks: new Map(),
  }
}
