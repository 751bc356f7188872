import { sql } from 'kysely'
import type { Executor } from '../../db/tx'

export interface PlayerSelection {
  /** Share of the match's teams that picked the player, 0–100 with one decimal. */
  selected_by: number
  /** Share of the match's teams that made the player captain. */
  captain_by: number
  vice_captain_by: number
}

const share = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : 0)

/**
 * How often each squad player was picked, made captain and vice-captain across every team of
 * the match: one grouped query. A team's players are stored comma-joined, so a team holds a
 * player when `,<ids>,` contains `,<id>,` — plain `||`, `cast` and `like`, the same on SQLite
 * and PostgreSQL. Callers show it only once the match has locked (before, it would tell
 * other players' picks).
 */
export async function matchSelection(
  db: Executor,
  matchId: number,
): Promise<{ teams: number; players: Map<number, PlayerSelection> }> {
  const total = await db
    .selectFrom('user_teams')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('match_id', '=', matchId)
    .executeTakeFirstOrThrow()
  const teams = Number(total.n)
  const rows = await db
    .selectFrom('match_players as mp')
    .innerJoin('user_teams as ut', (join) =>
      join
        .onRef('ut.match_id', '=', 'mp.match_id')
        .on(sql<boolean>`(',' || ut.player_ids || ',') like ('%,' || cast(mp.player_id as text) || ',%')`),
    )
    .select((eb) => [
      'mp.player_id',
      eb.fn.countAll<number | string>().as('picked'),
      eb.fn
        .sum<number | string>(
          eb.case().when('ut.captain_id', '=', eb.ref('mp.player_id')).then(1).else(0).end(),
        )
        .as('captains'),
      eb.fn
        .sum<number | string>(
          eb.case().when('ut.vice_captain_id', '=', eb.ref('mp.player_id')).then(1).else(0).end(),
        )
        .as('vice_captains'),
    ])
    .where('mp.match_id', '=', matchId)
    .groupBy('mp.player_id')
    .execute()
  const players = new Map<number, PlayerSelection>()
  for (const r of rows)
    players.set(r.player_id, {
      selected_by: share(Number(r.picked), teams),
      captain_by: share(Number(r.captains), teams),
      vice_captain_by: share(Number(r.vice_captains), teams),
    })
  return { teams, players }
}
