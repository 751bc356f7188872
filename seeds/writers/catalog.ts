import type { Tx } from '../../server/db/tx'
import type { RosterPlan, SeriesPlan } from '../generators/types'

/** Rows per INSERT: well inside SQLite's and Postgres's bound-parameter limits. */
const CHUNK = 400

/** Database ids of the plan's keys, filled in as rows are written. */
export interface KeyIds {
  sports: Map<string, number>
  teams: Map<string, number>
  players: Map<string, number>
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK))
  return out
}

/**
 * Ids of a multi-row insert, in the order the rows were given: ids are assigned in VALUES
 * order, while RETURNING promises no order, hence the sort.
 */
const inOrder = (rows: Array<{ id: number }>) => rows.map((r) => Number(r.id)).sort((x, y) => x - y)

const id = (map: Map<string, number>, key: string) => {
  const value = map.get(key)
  if (value === undefined) throw new Error(`seed plan refers to unknown ${key}`)
  return value
}

export async function writeRoster(tx: Tx, roster: RosterPlan, ids: KeyIds): Promise<void> {
  const sportId = id(ids.sports, roster.sport)
  const teamIds = inOrder(
    await tx
      .insertInto('real_teams')
      .values(
        roster.teams.map((t) => ({
          sport_id: sportId,
          name: t.name,
          name_attr: t.nameAttr,
          team_color: t.color,
          country: t.country,
        })),
      )
      .returning('id')
      .execute(),
  )
  for (const [i, t] of roster.teams.entries()) ids.teams.set(t.key, teamIds[i] as number)
  for (const part of chunks(roster.players)) {
    const playerIds = inOrder(
      await tx
        .insertInto('players')
        .values(
          part.map((p) => ({
            sport_id: sportId,
            real_team_id: id(ids.teams, p.teamKey),
            name: p.name,
            display_name: p.displayName,
            style: p.style,
            value_tenths: p.value,
            country: p.country,
            is_star: p.isStar ? 1 : 0,
            last_series_score: p.lastSeriesScore,
          })),
        )
        .returning('id')
        .execute(),
    )
    for (const [i, p] of part.entries()) ids.players.set(p.key, playerIds[i] as number)
  }
}

/** A series is live while some of its fixtures are played and others are still to come. */
function seriesStatus(plan: SeriesPlan): 'upcoming' | 'live' | 'completed' {
  if (plan.matches.every((m) => m.status === 'completed')) return 'completed'
  if (plan.matches.every((m) => m.status === 'upcoming')) return 'upcoming'
  return 'live'
}

export async function writeSeries(tx: Tx, plan: SeriesPlan, ids: KeyIds, nowMs: number): Promise<number> {
  const sportId = id(ids.sports, plan.sport)
  const times = plan.matches.map((m) => m.eventTime)
  const series = await tx
    .insertInto('series')
    .values({
      sport_id: sportId,
      name: plan.name,
      short_name: plan.shortName,
      format: plan.format,
      sim_profile: plan.simProfile ?? null,
      status: seriesStatus(plan),
      starts_at_ms: Math.min(...times, ...plan.phases.map((p) => p.startsAt)),
      ends_at_ms: Math.max(...times, ...plan.phases.map((p) => p.endsAt)),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const phaseIds = inOrder(
    await tx
      .insertInto('series_phases')
      .values(
        plan.phases.map((p, i) => ({
          series_id: series.id,
          name: p.name,
          phase_no: i + 1,
          starts_at_ms: p.startsAt,
          ends_at_ms: p.endsAt,
        })),
      )
      .returning('id')
      .execute(),
  )
  const matchIds = await insertMatches(tx, plan, ids, { sportId, seriesId: series.id, phaseIds, nowMs })
  return insertLineups(tx, plan, ids, matchIds)
}

/** The series' fixtures; returns their ids in plan order. */
async function insertMatches(
  tx: Tx,
  plan: SeriesPlan,
  ids: KeyIds,
  o: { sportId: number; seriesId: number; phaseIds: number[]; nowMs: number },
): Promise<number[]> {
  return inOrder(
    await tx
      .insertInto('matches')
      .values(
        plan.matches.map((m) => ({
          sport_id: o.sportId,
          series_id: o.seriesId,
          phase_id: o.phaseIds[m.phase] ?? null,
          match_no: m.matchNo,
          match_stage: m.stage,
          title: m.title,
          format: m.format,
          venue_name: m.venue.name,
          venue_location: m.venue.location,
          venue_country: m.venue.country,
          // Racing and battle-royale events have no "team 1 v team 2": all sides are in match_teams.
          team1_id: m.twoSided ? id(ids.teams, m.teamKeys[0] as string) : null,
          team2_id: m.twoSided ? id(ids.teams, m.teamKeys[1] as string) : null,
          event_time_ms: m.eventTime,
          status: m.status,
          result_text: m.resultText,
          // Fixtures are announced a week ahead (or were there before the league was built).
          created_at_ms: Math.min(o.nowMs, m.eventTime - 7 * 24 * 3_600_000),
        })),
      )
      .returning('id')
      .execute(),
  )
}

/** Each fixture's sides and players (with their values and lineups); returns the players written. */
async function insertLineups(tx: Tx, plan: SeriesPlan, ids: KeyIds, matchIds: number[]): Promise<number> {
  const matchTeams = plan.matches.flatMap((m, i) =>
    m.teamKeys.map((key, slot) => ({
      match_id: matchIds[i] as number,
      real_team_id: id(ids.teams, key),
      slot: slot + 1,
    })),
  )
  for (const part of chunks(matchTeams)) await tx.insertInto('match_teams').values(part).execute()
  const matchPlayers = plan.matches.flatMap((m, i) =>
    m.players.map((p) => ({
      match_id: matchIds[i] as number,
      player_id: id(ids.players, p.playerKey),
      real_team_id: id(ids.teams, p.teamKey),
      value_tenths: p.value,
      in_lineup: p.inLineup,
    })),
  )
  for (const part of chunks(matchPlayers)) await tx.insertInto('match_players').values(part).execute()
  return matchPlayers.length
}
