import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { findMatch } from '../matches'
import { findTeam } from './queries'
import { isMatchLocked } from './service'

/**
 * Who sees a fantasy team of a match (docs/visibility.md, docs/decisions.md): its owner
 * always; anyone else once the match has started (teams lock then, and a contest's teams are
 * public from the lock on). Before that it is 404 to others, as if it did not exist — the
 * team's page, the match's team view and a contest's compare. Championship teams follow the
 * same rule in their own area (`server/areas/championship/visibility.ts`).
 */
export async function visibleTeam(deps: Deps, viewerId: number, matchId: number, teamId: number) {
  const team = await findTeam(deps.db, teamId)
  const match = await findMatch(deps.db, matchId)
  if (!team || !match || team.match_id !== matchId) throw notFound('Team')
  if (team.user_id !== viewerId && !isMatchLocked(match, deps.clock.now())) throw notFound('Team')
  return { team, match }
}
