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
