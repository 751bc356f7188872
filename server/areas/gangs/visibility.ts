import { rowWhere } from '../../db/query'
import type { Executor } from '../../db/tx'
import { notFound } from '../../http/errors'
import { findGang, type GangScope, inScope } from './queries'

/**
 * Who sees a gang (docs/visibility.md, docs/gangs.md): a public one, anyone; a private one, its
 * members only — the one who asked to join included no more than a stranger. Everyone else, and
 * a gang named under another series or phase than its own, gets the 404 a missing gang gets:
 * reads, the manager's actions, leaving, and a group's `gang_card`. Its code is the other way
 * in (`GET /api/leagues/code/{code}`, joining and asking with it).
 */
export type ViewerStatus = 'member' | 'pending' | null

/** The rule itself, for a gang already read and the viewer's standing in it. */
export const canSeeGang = (gang: { is_public: number }, status: ViewerStatus) =>
  gang.is_public === 1 || status === 'member'

/** The viewer's membership of one gang. */
export async function viewerStatus(
  db: Executor,
  gangId: number,
  viewerId: number | null,
): Promise<ViewerStatus> {
  if (viewerId === null) return null
  const row = await rowWhere(db, 'gang_members', { gang_id: gangId, user_id: viewerId })
  return row?.status ?? null
}

/** The gang (of `scope`, when given) if the viewer may see it, with their status; 404 otherwise. */
export async function visibleGang(db: Executor, gangId: number, viewerId: number | null, scope?: GangScope) {
  const gang = await findGang(db, gangId)
  if (!gang || (scope && !inScope(gang, scope))) throw notFound('Gang')
  const status = await viewerStatus(db, gang.id, viewerId)
  if (!canSeeGang(gang, status)) throw notFound('Gang')
  return { gang, status }
}
