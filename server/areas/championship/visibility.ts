import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { findClassicTeam } from './queries'

/**
 * Who sees a championship (classic) team (docs/visibility.md, docs/championship.md): its owner
 * always; anyone else once it has locked for a match (as a contest's teams are public after the
 * start). Before that it is 404 to others, as if it did not exist — the team, its score and its
 * history. The same rule as a match's teams (`server/areas/teams/visibility.ts`).
 */
export async function visibleClassicTeam(deps: Deps, viewerId: number, teamId: number) {
  const team = await findClassicTeam(deps.db, teamId)
  if (!team) throw notFound('Classic team')
  if (team.user_id !== viewerId && team.first_locked_match_id === null) throw notFound('Classic team')
  return team
}
