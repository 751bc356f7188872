import type { Deps } from '../../core/deps'
import type { Executor } from '../../db/tx'
import { type MatchEvent, type ScoringFamily, scoringFamily } from '../../domain/events/schema'
import { createScorer } from '../../domain/scoring'
import type { Scorer } from '../../domain/scoring/types'
import { findMatch, matchSquad, type SquadPlayer } from '../matches'
import type { Scoreboard } from './board'
import { loadBoard } from './load'

/**
 * One match being scored: the scorer (player points from the events) and the scoreboard
 * (every team's total and every entry's rank). Held in memory per server; rebuilt from the
 * stored events after a restart or a failed write, so the database stays the source of truth.
 *
 * Several server processes on one PostgreSQL database each hold their own copy, kept current
 * through `match_score_marks`: every scoring write moves the match's `revision` (and a
 * correction its `reset_revision`) in its transaction. A copy older than the stored revision
 * catches up before it is read (`currentLive`): it applies the events stored after its last
 * seq, or rebuilds after a correction. SQLite has one process: its copy is always current and
 * nothing is read or written for this.
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
  /** The `match_score_marks.revision` this copy reflects (PostgreSQL; 0 on SQLite). */
  revision: number
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

/** Drops every kept live state (the database under them was replaced: docs/snapshots.md). */
export function forgetLiveMatches(deps: Deps): void {
  registries.delete(deps)
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

/**
 * The live state if it is already in memory (never builds it), caught up with what other
 * server processes stored (PostgreSQL).
 */
export async function peekLive(deps: Deps, matchId: number): Promise<LiveMatch | undefined> {
  if (!registry(deps).has(matchId)) return undefined
  return sharedScoring(deps) ? currentLive(deps, matchId) : registry(deps).get(matchId)
}

/** Whether other processes may score this database's matches (PostgreSQL). */
export const sharedScoring = (deps: Deps) => deps.dbHandle.kind === 'postgres'

/** The live state, built if needed and caught up with the database. Takes the match lock. */
export function currentLive(deps: Deps, matchId: number): Promise<LiveMatch> {
  if (!sharedScoring(deps)) return loadLive(deps, matchId)
  return withMatchLock(deps, matchId, () => currentLiveLocked(deps, matchId))
}

/** `currentLive` for a caller already holding the match lock. */
export async function currentLiveLocked(deps: Deps, matchId: number): Promise<LiveMatch> {
  const live = await loadLive(deps, matchId)
  if (!sharedScoring(deps) || (await catchUp(deps, live))) return live
  evictLive(deps, matchId)
  return loadLive(deps, matchId)
}

export async function readScoreMark(db: Executor, matchId: number) {
  return db
    .selectFrom('match_score_marks')
    .select(['revision', 'reset_revision'])
    .where('match_id', '=', matchId)
    .executeTakeFirst()
}

/**
 * Brings a copy up to the stored revision by applying the events stored after its last seq.
 * False when only a rebuild will do (a correction rewrote events this copy has applied).
 * The mark is read before the events: a write landing in between leaves the copy ahead of its
 * recorded revision, which the next read notices and finds nothing more to apply.
 */
async function catchUp(deps: Deps, live: LiveMatch): Promise<boolean> {
  const mark = await readScoreMark(deps.db, live.matchId)
  // Behind or level: this process's own write may still be uncommitted (it set the revision).
  if (!mark || mark.revision <= live.revision) return true
  if (mark.reset_revision > live.revision) return false
  const newer = await deps.db
    .selectFrom('match_events')
    .select(['seq', 'payload'])
    .where('match_id', '=', live.matchId)
    .where('seq', '>', live.lastSeq)
    .orderBy('seq')
    .execute()
  const touched = new Set<number>()
  for (const row of newer) {
    const event = JSON.parse(row.payload) as MatchEvent
    for (const id of live.scorer.apply(event)) touched.add(id)
    live.events.push({ seq: row.seq, event })
    live.lastSeq = row.seq
  }
  if (touched.size > 0) live.board.setPoints([...touched].map((id) => [id, live.scorer.points(id)] as const))
  live.board.rankAll()
  live.revision = mark.revision
  // One numbering of leaderboard versions on every node: the stored revision.
  live.board.version = Math.max(live.board.version, mark.revision)
  return true
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
  // Read before the events (see catchUp): never newer than what is built from them.
  const mark = sharedScoring(deps) ? await readScoreMark(deps.db, matchId) : undefined
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
  if (mark) board.version = Math.max(board.version, mark.revision)
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
    revision: mark?.revision ?? 0,
    sentRanks: new Map(),
  }
}
