import { asPool, phasePlayers } from '../../server/areas/championship/queries'
import type { Deps } from '../../server/core/deps'
import { createRng } from '../../server/domain/rng'
import { pickTeam } from '../../server/domain/team-picker'
import type { TeamPlayer } from '../../server/domain/team-rules'
import { squadOf } from './league'

/**
 * A fresh three-match cricket phase for championship tests: three upcoming seeded matches
 * (at least an hour away) moved into a new phase of their series, with prizes.
 */
export async function threeMatchPhase(
  deps: Deps,
  prizes = [
    { rank_from: 1, rank_to: 1, prize_paise: 50_000 },
    { rank_from: 2, rank_to: 3, prize_paise: 10_000 },
  ],
) {
  const matches = await deps.db
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .select(['m.id', 'm.series_id', 'm.event_time_ms'])
    .where('s.slug', '=', 'cricket')
    .where('m.status', '=', 'upcoming')
    .where('m.event_time_ms', '>', deps.clock.now() + 3_600_000)
    .orderBy('m.event_time_ms')
    .limit(3)
    .execute()
  const first = matches[0] as (typeof matches)[number]
  const phase = await deps.db
    .insertInto('series_phases')
    .values({
      series_id: first.series_id,
      name: 'Test Phase',
      phase_no: 99,
      starts_at_ms: Number(first.event_time_ms),
      ends_at_ms: Number(matches.at(-1)?.event_time_ms),
      prizes: JSON.stringify(prizes),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await deps.db
    .updateTable('matches')
    .set({ phase_id: phase.id, series_id: first.series_id })
    .where(
      'id',
      'in',
      matches.map((m) => m.id),
    )
    .execute()
  return { id: phase.id, matchIds: matches.map((m) => m.id) }
}

export async function phasePool(deps: Deps, phaseId: number): Promise<TeamPlayer[]> {
  return asPool(await phasePlayers(deps.db, phaseId))
}

/** A valid team of the phase as the API wants it (an array of ids). */
export async function classicBody(deps: Deps, phaseId: number, salt = 'a') {
  const team = pickTeam(
    'cricket',
    await phasePool(deps, phaseId),
    createRng(7).stream(`classic:${phaseId}:${salt}`),
  )
  if (!team) throw new Error(`no valid team for phase ${phaseId}`)
  return { player_ids: team.player_ids, captain: team.captain_id, vice_captain: team.vice_captain_id }
}

/**
 * `n` transfers: players (not captain or vice) swapped for unpicked players of the same style
 * costing no more, so the team stays valid. `avoid` are ids not to bring in.
 */
export async function withTransfers(
  deps: Deps,
  phaseId: number,
  body: { player_ids: number[]; captain: number; vice_captain: number },
  n: number,
  avoid: number[] = [],
) {
  const pool = await phasePool(deps, phaseId)
  const byId = new Map(pool.map((p) => [p.id, p]))
  const ids = [...body.player_ids]
  const used = new Set([...ids, ...avoid])
  let done = 0
  for (let i = 0; i < ids.length && done < n; i++) {
    const out = byId.get(ids[i] as number) as TeamPlayer
    if (out.id === body.captain || out.id === body.vice_captain) continue
    const sub = pool.find(
      (p) => !used.has(p.id) && p.style === out.style && p.value_tenths <= out.value_tenths,
    )
    if (!sub) continue
    used.add(sub.id)
    ids[i] = sub.id
    done++
  }
  if (done < n) throw new Error(`only ${done} of ${n} transfers found`)
  return { ...body, player_ids: ids }
}

/**
 * A match's first events as the admin posts them: both line-ups, then a six off the first ball
 * by a player of team A who is not in team B (so only team A scores it). Line-ups of at most 11,
 * the hitter first on his side.
 */
export async function sixForTeamA(deps: Deps, matchId: number, teamA: number[], teamB: number[]) {
  const squad = await squadOf(deps, matchId)
  const hitter = teamA.find((pid) => squad.some((p) => p.id === pid) && !teamB.includes(pid)) as number
  const side = squad.find((p) => p.id === hitter)!.real_team_id
  const otherSide = squad.find((p) => p.real_team_id !== side)!.real_team_id
  const xi = [side, otherSide].map((t) => {
    const rest = squad.filter((p) => p.real_team_id === t && p.id !== hitter).map((p) => p.id)
    return t === side ? [hitter, ...rest].slice(0, 11) : rest.slice(0, 11)
  })
  return [
    { type: 'lineup', team_id: side, player_ids: xi[0] },
    { type: 'lineup', team_id: otherSide, player_ids: xi[1] },
    {
      type: 'ball',
      innings: 1,
      over: 0,
      ball: 1,
      batter_id: hitter,
      non_striker_id: xi[0]![1],
      bowler_id: xi[1]![0],
      runs: 6,
      boundary: true,
    },
  ]
}

export { squadOf }
