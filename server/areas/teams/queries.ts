import type { Executor } from '../../db/tx'

export function findTeam(db: Executor, id: number) {
  return db.selectFrom('user_teams').selectAll().where('id', '=', id).executeTakeFirst()
}

export type UserTeamRow = NonNullable<Awaited<ReturnType<typeof findTeam>>>

export function teamsOf(db: Executor, userId: number, matchId: number) {
  return db
    .selectFrom('user_teams')
    .selectAll()
    .where('user_id', '=', userId)
    .where('match_id', '=', matchId)
    .orderBy('team_no')
    .execute()
}

export function parsePlayerIds(text: string): number[] {
  return text === '' ? [] : text.split(',').map(Number)
}

/** The ids of a player's teams that joined a contest. */
export async function teamIdsInContest(
  db: Executor,
  contestId: number,
  userId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('contest_members')
    .select('user_team_id')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .execute()
  return new Set(rows.map((r) => r.user_team_id))
}
