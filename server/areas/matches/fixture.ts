import { sql } from 'kysely'
import type { Deps } from '../../core/deps'
import { withTx } from '../../db/tx'
import { contestRow, contestSpecs, inviteCode } from '../../domain/contest-templates'
import { AppError } from '../../http/errors'
import { deadlineJobs, LOCK_JOB, lockJobKey } from './keys'

export interface FixtureRequest {
  sport_slug: string
  /** The match whose sides, series and squad the fixture copies; default the newest such. */
  like_match_id?: number
  format?: string
  starts_in_minutes: number
  title?: string
  contests: boolean
}

export interface FixtureResult {
  matchId: number
  contests: Array<{ id: number; name: string; kind: string }>
}

/**
 * An admin fixture (docs/scenarios.md, `create_match`): a fresh upcoming match with the same
 * two sides, series and squad as an existing match of the sport, and the standard contest
 * spread, so that a scenario (or a class) never uses up the league's own upcoming matches.
 * It is outside every championship phase (phase_id null): a phase's fixtures are its own.
 * Its lock job is scheduled like any upcoming match's, so it starts on the clock as they do.
 */
// Long: one transaction copying the match, its sides, squad and contests, in that order.
export async function createFixture(deps: Deps, request: FixtureRequest): Promise<FixtureResult> {
  const nowMs = deps.clock.now()
  const eventTime = nowMs + request.starts_in_minutes * 60_000
  // Long: the whole fixture is one transaction, written in the order its rows refer to each other.
  const result = await withTx(deps, async (tx) => {
    let q = tx
      .selectFrom('matches as m')
      .innerJoin('sports as s', 's.id', 'm.sport_id')
      .selectAll('m')
      .where('s.slug', '=', request.sport_slug)
      .where('m.team1_id', 'is not', null)
      .where('m.team2_id', 'is not', null)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('match_players as mp').select('mp.match_id').whereRef('mp.match_id', '=', 'm.id')),
      )
    if (request.like_match_id !== undefined) q = q.where('m.id', '=', request.like_match_id)
    if (request.format !== undefined)
      q = q.where(sql<string>`lower(m.format)`, '=', request.format.toLowerCase())
    const template = await q.orderBy('m.event_time_ms', 'desc').orderBy('m.id', 'desc').executeTakeFirst()
    if (!template) {
      const what = request.like_match_id !== undefined ? `match ${request.like_match_id}` : 'match'
      throw new AppError(
        'NOT_FOUND',
        `No ${request.sport_slug} ${what}${request.format ? ` (${request.format})` : ''} with two sides and a squad to copy`,
      )
    }
    const matchNo = await tx
      .selectFrom('matches')
      .select(sql<number>`coalesce(max(match_no), 0)`.as('n'))
      .where('series_id', '=', template.series_id)
      .executeTakeFirstOrThrow()
    const inserted = await tx
      .insertInto('matches')
      .values({
        sport_id: template.sport_id,
        series_id: template.series_id,
        phase_id: null,
        match_no: Number(matchNo.n) + 1,
        match_stage: 'Fixture',
        title: request.title ?? template.title,
        format: template.format,
        venue_name: template.venue_name,
        venue_location: template.venue_location,
        venue_country: template.venue_country,
        team1_id: template.team1_id,
        team2_id: template.team2_id,
        event_time_ms: eventTime,
        status: 'upcoming',
        result_text: null,
        created_at_ms: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const matchId = Number(inserted.id)
    const sides = await tx.selectFrom('match_teams').selectAll().where('match_id', '=', template.id).execute()
    await tx
      .insertInto('match_teams')
      .values(sides.map((s) => ({ match_id: matchId, real_team_id: s.real_team_id, slot: s.slot })))
      .execute()
    const squad = await tx
      .selectFrom('match_players')
      .selectAll()
      .where('match_id', '=', template.id)
      .execute()
    // The whole squad, lineups unknown: as every upcoming match is before its toss.
    for (let i = 0; i < squad.length; i += 400)
      await tx
        .insertInto('match_players')
        .values(
          squad.slice(i, i + 400).map((p) => ({
            match_id: matchId,
            player_id: p.player_id,
            real_team_id: p.real_team_id,
            value_tenths: p.value_tenths,
            in_lineup: null,
          })),
        )
        .execute()
    const contests: FixtureResult['contests'] = []
    if (request.contests) {
      const specs = contestSpecs()
      const rows = await tx
        .insertInto('contests')
        .values(
          specs.map((spec) =>
            contestRow(spec, matchId, inviteCode(`${deps.config.seed}:${matchId}:${spec.sort}`), nowMs),
          ),
        )
        .returning(['id', 'sort'])
        .execute()
      const idBySort = new Map(rows.map((r) => [r.sort, Number(r.id)]))
      for (const spec of specs)
        contests.push({ id: idBySort.get(spec.sort) as number, name: spec.name, kind: spec.kind })
    }
    await deps.scheduler.schedule(tx, {
      kind: LOCK_JOB,
      runAtMs: eventTime,
      payload: { match_id: matchId },
      uniqueKey: lockJobKey(matchId),
    })
    for (const job of deadlineJobs(matchId, eventTime, nowMs)) await deps.scheduler.schedule(tx, job)
    return { matchId, contests }
  })
  // The new lock job may be due before whatever the scheduler is waiting for.
  deps.scheduler.kick()
  return result
}
