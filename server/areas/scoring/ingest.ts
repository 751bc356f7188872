import type { Deps } from '../../core/deps'
import { type Tx, withTx } from '../../db/tx'
import { EVENT_SCHEMA, type MatchEvent } from '../../domain/events/schema'
import { validateEvents } from '../../domain/events/validate'
import { AppError } from '../../http/errors'
import { fieldErrors } from '../../http/validation'
import { matchStream, requireMatch } from '../matches'
import { currentLiveLocked, evictLive, type LiveMatch, newScorer, sharedScoring, withMatchLock } from './live'
import { publishStandings } from './publish'

/** Runs in a correction's scoring transaction (match-day passes the championship's re-scoring). */
export type CorrectionHook = (tx: Tx, matchId: number) => Promise<void>

export interface IngestResult {
  ingested: number
  replaced: number
  last_seq: number
}

/**
 * Takes match events (from the simulator, a scenario or a tester), stores them and scores
 * them: player points, every team's total and every contest's ranks, then the live pushes.
 * `atMs` is the game instant of the events: one for all, or one per event (the simulator
 * catching up after a clock jump hands over every ball it passed, each at its own instant,
 * and they are written in one transaction instead of one per ball).
 *
 * An event with the `seq` of a stored one replaces it (a correction): the whole match is
 * re-scored from its events. Anything invalid answers 422 naming the index of the bad event,
 * and nothing is stored. `onCorrection` runs in the scoring transaction of a correction, for
 * what areas above scoring keep from a match's points (the championship's rows).
 */
export function ingestEvents(
  deps: Deps,
  matchId: number,
  raw: unknown[],
  atMs?: number | number[],
  onCorrection?: CorrectionHook,
): Promise<IngestResult> {
  return withMatchLock(deps, matchId, async () => {
    // Another server process may store a batch between our catching up and our write (the
    // mark says so): catch up again and renumber. Bounded: each retry means another batch
    // got in, which only a steady stream of them from elsewhere could repeat.
    for (let attempt = 1; ; attempt++) {
      try {
        return await ingestLocked(deps, matchId, raw, atMs, onCorrection)
      } catch (error) {
        if (!(error instanceof StaleLive)) throw error
        if (attempt >= 5) throw new AppError('MATCH_STATE', 'The match moved on meanwhile; try again')
      }
    }
  })
}

/** Our copy of the match was behind the stored events when we came to write (PostgreSQL). */
class StaleLive extends Error {}

/**
 * Moves the match's score mark in the scoring transaction (PostgreSQL) and checks that no
 * other process wrote since our copy caught up. The upsert locks the mark row until commit,
 * so batches of one match from several processes are written one after the other.
 */
async function claimRevision(tx: Tx, live: LiveMatch, correction: boolean): Promise<void> {
  const row = await tx
    .insertInto('match_score_marks')
    .values({ match_id: live.matchId, revision: 1, reset_revision: correction ? 1 : 0 })
    .onConflict((oc) =>
      oc.column('match_id').doUpdateSet((eb) => ({
        revision: eb('match_score_marks.revision', '+', 1),
        reset_revision: correction
          ? eb('match_score_marks.revision', '+', 1)
          : eb.ref('match_score_marks.reset_revision'),
      })),
    )
    .returning('revision')
    .executeTakeFirstOrThrow()
  if (Number(row.revision) !== live.revision + 1) throw new StaleLive(`match ${live.matchId} moved on`)
  live.revision = Number(row.revision)
}

// Long: one batch of events under the match lock, its steps in the order the commit needs them.
async function ingestLocked(
  deps: Deps,
  matchId: number,
  raw: unknown[],
  atMs: number | number[] | undefined,
  onCorrection: CorrectionHook | undefined,
): Promise<IngestResult> {
  const match = await requireMatch(deps.db, matchId)
  if (match.status !== 'live')
    throw new AppError(
      'MATCH_STATE',
      match.status === 'upcoming'
        ? 'The match has not started: start it before posting events'
        : `The match is ${match.status}`,
    )
  const live = await currentLiveLocked(deps, matchId)
  const events = parseEvents(live, raw)
  const semantic = validateEvents(
    live.family,
    {
      players: live.squad.map((p) => ({ id: p.id, style: p.style, real_team_id: p.real_team_id })),
      team_ids: teamIdsOf(live),
      format: match.format,
      lineup_size: match.team_size === 5 ? 5 : 11,
    },
    events.map((e) => ({ seq: e.seq, event: e.event })),
    live.events,
  )
  if (!semantic.ok) throw new AppError('VALIDATION_FAILED', summary(semantic.errors), semantic.errors)

  // Number the events: a known seq replaces, no seq appends; anything else is refused.
  let next = live.lastSeq
  const numbered = events.map((e, i) => {
    if (e.seq === undefined) return { seq: ++next, event: e.event, replaces: false }
    if (e.seq <= live.lastSeq) return { seq: e.seq, event: e.event, replaces: true }
    if (e.seq === next + 1) {
      next = e.seq
      return { seq: e.seq, event: e.event, replaces: false }
    }
    throw new AppError('VALIDATION_FAILED', `Event ${i} has seq ${e.seq}; the next is ${next + 1}`, {
      [`events.${i}.seq`]: [`must be an existing seq (a correction) or ${next + 1}`],
    })
  })
  const correction = numbered.some((e) => e.replaces)
  const shared = sharedScoring(deps)
  const now = deps.clock.now()
  const atOf = (i: number) => (Array.isArray(atMs) ? (atMs[i] ?? now) : (atMs ?? now))

  try {
    await withTx(deps, async (tx, after) => {
      if (shared) await claimRevision(tx, live, correction)
      await storeEvents(
        tx,
        matchId,
        numbered.map((e, i) => ({ ...e, atMs: atOf(i) })),
        now,
      )
      const touched = new Set<number>()
      if (correction) {
        const merged = new Map(live.events.map((e) => [e.seq, e.event]))
        for (const e of numbered) merged.set(e.seq, e.event)
        live.events = [...merged].sort((a, b) => a[0] - b[0]).map(([seq, event]) => ({ seq, event }))
        live.scorer = newScorer(live)
        for (const e of live.events) live.scorer.apply(e.event)
        for (const p of live.squad) touched.add(p.id)
      } else {
        for (const e of numbered) {
          for (const id of live.scorer.apply(e.event)) touched.add(id)
          live.events.push({ seq: e.seq, event: e.event })
        }
      }
      live.lastSeq = Math.max(live.lastSeq, next)
      await persistScores(
        tx,
        live,
        matchId,
        touched,
        numbered.map((e) => e.event),
        deps.clock.now(),
      )
      // A correction re-scores the match's championship rows (and the phase totals) with it.
      if (correction && onCorrection) await onCorrection(tx, matchId)
      after.run(() => {
        const changes = [...touched].map((id) => [id, live.scorer.points(id)] as const)
        if (correction)
          live.board.resetPoints(live.squad.map((p) => [p.id, live.scorer.points(p.id)] as const))
        else live.board.setPoints(changes)
        if (shared) live.board.version = Math.max(live.board.version, live.revision)
        live.board.rankAll()
      })
      const summaryNow = live.scorer.summary()
      for (const e of numbered)
        after.publish(matchStream(matchId), {
          type: 'event',
          event: { ...e.event, seq: e.seq },
          correction,
          summary: summaryNow,
        })
      after.publish(matchStream(matchId), {
        type: 'player_points',
        players: [...touched].map((id) => ({ player_id: id, total_score: live.scorer.points(id) })),
      })
      // Shared scoring: every process (this one too) publishes to its own watchers when the
      // match's player_points message reaches it (standings-relay.ts).
      if (!shared) after.run(() => publishStandings(deps, live))
    })
  } catch (error) {
    // Memory may be ahead of the rolled-back database: rebuild from the stored events next time.
    evictLive(deps, matchId)
    throw error
  }
  return {
    ingested: numbered.length,
    replaced: numbered.filter((e) => e.replaces).length,
    last_seq: live.lastSeq,
  }
}

function parseEvents(live: LiveMatch, raw: unknown[]): Array<{ seq?: number; event: MatchEvent }> {
  const schema = EVENT_SCHEMA[live.family]
  const errors: Record<string, string[]> = {}
  const out: Array<{ seq?: number; event: MatchEvent }> = []
  raw.forEach((item, i) => {
    const result = schema.safeParse(item)
    if (!result.success) {
      for (const [field, messages] of Object.entries(fieldErrors(result.error)))
        errors[field === 'base' ? `events.${i}` : `events.${i}.${field}`] = messages
      return
    }
    const { seq, ...event } = result.data as MatchEvent & { seq?: number }
    out.push({ seq, event: event as MatchEvent })
  })
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', summary(errors), errors)
  return out
}

function summary(errors: Record<string, string[]>): string {
  const [first] = Object.entries(errors)
  const more = Object.keys(errors).length - 1
  return first ? `${first[0]} ${first[1][0]}${more > 0 ? ` (and ${more} more)` : ''}` : 'Invalid events'
}

function teamIdsOf(live: LiveMatch): number[] {
  return [...new Set(live.squad.map((p) => p.real_team_id))]
}

/** Rows per multi-row statement: well inside both engines' limits on bound parameters. */
const ROWS_PER_STATEMENT = 500

/** The events in as few statements as fit; a stored seq is replaced (a correction). */
async function storeEvents(
  tx: Tx,
  matchId: number,
  events: Array<{ seq: number; event: MatchEvent; atMs: number }>,
  nowMs: number,
) {
  // The last word on a seq wins, as if written one after the other (PostgreSQL refuses a
  // statement that would update one row twice).
  const bySeq = new Map(events.map((e) => [e.seq, e]))
  const rows = [...bySeq.values()].map((e) => ({
    match_id: matchId,
    seq: e.seq,
    type: e.event.type,
    payload: JSON.stringify(e.event),
    at_ms: e.atMs,
    created_at_ms: nowMs,
  }))
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await tx
      .insertInto('match_events')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.columns(['match_id', 'seq']).doUpdateSet((eb) => ({
          type: eb.ref('excluded.type'),
          payload: eb.ref('excluded.payload'),
          created_at_ms: eb.ref('excluded.created_at_ms'),
        })),
      )
      .execute()
}

/** Derived rows: the touched players' scores, the match's live summary, lineups, player of the match. */
async function persistScores(
  tx: Tx,
  live: LiveMatch,
  matchId: number,
  touched: Set<number>,
  events: MatchEvent[],
  nowMs: number,
) {
  const scores = [...touched].flatMap((id) => {
    const score = live.scorer.playerScore(id)
    if (!score) return []
    return [
      {
        match_id: matchId,
        player_id: id,
        total_score: score.total_score,
        stats: JSON.stringify(score.stats),
        breakdown: JSON.stringify(score.breakdown),
        updated_at_ms: nowMs,
      },
    ]
  })
  // One statement for every touched player, not one per player.
  for (let i = 0; i < scores.length; i += ROWS_PER_STATEMENT)
    await tx
      .insertInto('player_match_scores')
      .values(scores.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.columns(['match_id', 'player_id']).doUpdateSet((eb) => ({
          total_score: eb.ref('excluded.total_score'),
          stats: eb.ref('excluded.stats'),
          breakdown: eb.ref('excluded.breakdown'),
          updated_at_ms: eb.ref('excluded.updated_at_ms'),
        })),
      )
      .execute()
  const summary = live.scorer.summary()
  const potm = 'player_of_the_match' in summary ? (summary.player_of_the_match ?? null) : null
  await tx
    .updateTable('matches')
    .set({ score_summary: JSON.stringify(summary), player_of_the_match_id: potm })
    .where('id', '=', matchId)
    .execute()
  // A side's last lineup of the batch is the one that stands (a catch-up batch carries every
  // substitution of a match): write only that.
  const lineups = new Map<number, Extract<MatchEvent, { type: 'lineup' }>>()
  for (const e of events) if (e.type === 'lineup') lineups.set(e.team_id, e)
  for (const e of lineups.values()) {
    await tx
      .updateTable('match_players')
      .set({ in_lineup: 0 })
      .where('match_id', '=', matchId)
      .where('real_team_id', '=', e.team_id)
      .execute()
    const ids = [...e.player_ids, ...('substitute_ids' in e ? e.substitute_ids : [])]
    if (ids.length > 0)
      await tx
        .updateTable('match_players')
        .set({ in_lineup: 1 })
        .where('match_id', '=', matchId)
        .where('player_id', 'in', ids)
        .execute()
  }
}
