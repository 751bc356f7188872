import type { Deps } from '../../server/core/deps'

/** A classic team of `userId` in `phaseId` with a phase total of `scoreX2` / 2 (no players: only its score matters). */
export async function classicTeamWithScore(deps: Deps, userId: number, phaseId: number, scoreX2: number) {
  await deps.db
    .insertInto('classic_teams')
    .values({
      user_id: userId,
      phase_id: phaseId,
      player_ids: '[]',
      captain_id: 1,
      vice_captain_id: 2,
      budget_used_tenths: 1000,
      score_x2: scoreX2,
      rank: null,
      first_locked_match_id: null,
      created_at_ms: 0,
      updated_at_ms: 0,
    })
    .execute()
}
