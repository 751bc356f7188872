import type { Deps } from '../../core/deps'
import { withTx } from '../../db/tx'
import { AppError } from '../../http/errors'
import type { Job } from '../../lib/scheduler'
import { matchStream, requireMatch } from '../matches'
import { completeMatch } from './complete'
import { ingestMatchEvents } from './ingest'

export const REPLAY_JOB = 'match.replay'
export const MAX_REPLAY_SPEED = 1000

const replayJobKey = (matchId: number) => `match:${matchId}:replay`

interface ReplayPlan {
  /** The completed match whose stored events are played again. */
  source_id: number
  /** Game instant the copy started at, and the source's first event's. */
  start_ms: number
  first_at_ms: number
  speed: number
}

/**
 * A completed match played again, live, for a lecture (`fanspole match replay`): a fresh copy
 * of the match (same sides, squads and players; no contests, no phase, lineups unset) goes live now, and
 * the source's stored events are ingested into it each at its own moment — the source's
 * spacing divided by `speed`, on the game clock — through the same scoring as any match, so
 * the scoreboard, the match channel and the points move as they did. The copy completes after
 * its last event. The source is not touched.
 */
// Long: the copy of the match (row, sides, squad) and its replay plan made in one transaction.
export async function startReplay(deps: Deps, sourceId: number, speed: number) {
  const source = await deps.db.selectFrom('matches').selectAll().where('id', '=', sourceId).executeTakeFirst()
  if (!source) throw new AppError('NOT_FOUND', 'Match not found')
  if (source.status !== 'completed')
    throw new AppError('MATCH_STATE', `Only a completed match can be replayed; this one is ${source.status}`)
  const events = await sourceTimes(deps, sourceId)
  const first = events[0]
  const last = events.at(-1)
  if (!first || !last) throw new AppError('MATCH_STATE', 'The match has no stored events to replay')
  const now = deps.clock.now()
  const plan: ReplayPlan = { source_id: sourceId, start_ms: now, first_at_ms: first.at_ms, speed }
  const copyId = await withTx(deps, async (tx, after) => {
    const row = await tx
      .insertInto('matches')
      .values({
        sport_id: source.sport_id,
        series_id: source.series_id,
        // Outside any championship phase: a replay must not score phase teams a second time.
        phase_id: null,
        match_no: source.match_no,
        match_stage: source.match_stage,
        title: `${source.title} (replay)`,
        format: source.format,
        venue_name: source.venue_name,
        venue_location: source.venue_location,
        venue_country: source.venue_country,
        team1_id: source.team1_id,
        team2_id: source.team2_id,
        event_time_ms: now,
        status: 'live',
        created_at_ms: now,
        locked_at_ms: now,
        sim_mode: 'replay',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const id = Number(row.id)
    const teams = await tx.selectFrom('match_teams').selectAll().where('match_id', '=', sourceId).execute()
    if (teams.length > 0)
      await tx
        .insertInto('match_teams')
        .values(teams.map((t) => ({ ...t, match_id: id })))
        .execute()
    const players = await tx
      .selectFrom('match_players')
      .selectAll()
      .where('match_id', '=', sourceId)
      .execute()
    // Lineups unset, as before a toss: the replayed lineup events set them.
    if (players.length > 0)
      await tx
        .insertInto('match_players')
        .values(players.map((p) => ({ ...p, match_id: id, in_lineup: null })))
        .execute()
    await deps.scheduler.schedule(tx, {
      kind: REPLAY_JOB,
      runAtMs: now,
      payload: { match_id: id, ...plan },
      uniqueKey: replayJobKey(id),
    })
    after.publish(matchStream(id), { type: 'status', match_status: 'live' })
    return id
  })
  deps.scheduler.kick()
  return {
    match_id: copyId,
    source_id: sourceId,
    events: events.length,
    speed,
    ends_at_in_millis: dueAt(plan, last.at_ms),
  }
}

const dueAt = (plan: ReplayPlan, atMs: number) =>
  plan.start_ms + Math.ceil((atMs - plan.first_at_ms) / plan.speed)

function sourceTimes(deps: Deps, sourceId: number) {
  return deps.db
    .selectFrom('match_events')
    .select(['seq', 'at_ms'])
    .where('match_id', '=', sourceId)
    .orderBy('seq')
    .execute()
}

export function registerReplayJobs(deps: Deps): void {
  deps.scheduler.register(REPLAY_JOB, (job) => runReplayStep(deps, job))
}

/**
 * Ingests every source event now due into the copy, each stamped with its replay instant, then
 * re-arms at the next one (or completes the copy). Where to go on is read from the copy's own
 * stored events (the same seqs as the source's), so a step run twice after a crash stores
 * nothing twice: an event with a stored seq is a correction that changes nothing.
 */
async function runReplayStep(deps: Deps, job: Job): Promise<void> {
  const matchId = Number(job.payload.match_id)
  const plan: ReplayPlan = {
    source_id: Number(job.payload.source_id),
    start_ms: Number(job.payload.start_ms),
    first_at_ms: Number(job.payload.first_at_ms),
    speed: Number(job.payload.speed),
  }
  const copy = await requireMatch(deps.db, matchId)
  if (copy.status !== 'live') return
  const done = await deps.db
    .selectFrom('match_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('match_id', '=', matchId)
    .executeTakeFirst()
  const after = Number(done?.seq ?? -Infinity)
  const rows = await deps.db
    .selectFrom('match_events')
    .select(['seq', 'payload', 'at_ms'])
    .where('match_id', '=', plan.source_id)
    .where('seq', '>', Number.isFinite(after) ? after : -1)
    .orderBy('seq')
    .execute()
  const now = deps.clock.now()
  const due = rows.filter((r) => dueAt(plan, Number(r.at_ms)) <= now)
  if (due.length > 0)
    await ingestMatchEvents(
      deps,
      matchId,
      due.map((r) => ({ ...(JSON.parse(r.payload) as object), seq: Number(r.seq) })),
      due.map((r) => dueAt(plan, Number(r.at_ms))),
    )
  const next = rows[due.length]
  if (!next) {
    await completeMatch(deps, matchId)
    return
  }
  await withTx(deps, (tx) =>
    deps.scheduler.schedule(tx, {
      kind: REPLAY_JOB,
      runAtMs: dueAt(plan, Number(next.at_ms)),
      payload: { match_id: matchId, ...plan },
      uniqueKey: replayJobKey(matchId),
    }),
  )
  deps.scheduler.kick()
}
