import { matchSquad } from '../../server/areas/matches/queries'
import type { Tx } from '../../server/db/tx'
import type { pickTeam } from '../../server/domain/team-picker'

export type PickedTeam = NonNullable<ReturnType<typeof pickTeam>>

/** A match's squad as the team picker takes it. */
export async function seedPool(tx: Tx, matchId: number) {
  return (await matchSquad(tx, matchId)).map((p) => ({
    id: p.id,
    style: p.style,
    value_tenths: p.value_tenths,
    real_team_id: p.real_team_id,
  }))
}

/** Writes a picked team as the user's team 1 for the match; returns its id. */
export async function insertPickedTeam(
  tx: Tx,
  o: {
    userId: number
    matchId: number
    team: PickedTeam
    pool: Array<{ id: number; value_tenths: number }>
    nowMs: number
  },
): Promise<number> {
  const { team, pool, nowMs } = o
  const row = await tx
    .insertInto('user_teams')
    .values({
      user_id: o.userId,
      match_id: o.matchId,
      team_no: 1,
      player_ids: [...team.player_ids].sort((a, b) => a - b).join(','),
      captain_id: team.captain_id,
      vice_captain_id: team.vice_captain_id,
      budget_used_tenths: team.player_ids.reduce(
        (sum, id) => sum + (pool.find((p) => p.id === id)?.value_tenths ?? 0),
        0,
      ),
      created_at_ms: nowMs,
      updated_at_ms: nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
