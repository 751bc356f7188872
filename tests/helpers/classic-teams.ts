import { sql } from 'kysely'
import type { Deps } from '../../server/deps'

/**
 * Until the championship migration (2026-11-26-001, the core helper's) is merged, a stand-in
 * `classic_teams` with the columns of the shared contract, so that championship gangs, which
 * read phase totals from it, can be tested. A no-op once the real table exists.
 */
export async function ensureClassicTeams(deps: Deps): Promise<void> {
  const id = deps.dbHandle.kind === 'postgres' ? 'bigserial' : 'integer'
  await sql`create table if not exists classic_teams (
    id ${sql.raw(id)} primary key, user_id integer not null, phase_id integer not null,
    player_ids text not null, captain_id integer not null, vice_captain_id integer not null,
    budget_used_tenths integer not null, score_x2 integer not null default 0, rank integer,
    first_locked_match_id integer, created_at_ms bigint not null, updated_at_ms bigint not null)`.execute(
    deps.db,
  )
}

/** A classic team of `userId` in `phaseId` with a phase total of `scoreX2` / 2. */
export async function classicTeamWithScore(deps: Deps, userId: number, phaseId: number, scoreX2: number) {
  await sql`insert into classic_teams (user_id, phase_id, player_ids, captain_id, vice_captain_id,
    budget_used_tenths, score_x2, created_at_ms, updated_at_ms)
    values (${userId}, ${phaseId}, '[]', 1, 2, 1000, ${scoreX2}, 0, 0)`.execute(deps.db)
}
