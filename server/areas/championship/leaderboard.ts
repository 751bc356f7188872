import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { type Page, pageMeta } from '../../http/paging'
import { scoreRowsJson } from './history'
import { classicTeamIdOf, findPhase, subsUsed } from './queries'
import { phaseStandings } from './scoring'
import { userCard } from './serialize'

export async function requirePhase(deps: Deps, id: number) {
  const phase = await findPhase(deps.db, id)
  if (!phase) throw notFound('Phase')
  return phase
}

/** A page of a phase's leaderboard, and the viewer's own team wherever it stands. */
export async function phaseLeaderboard(deps: Deps, phaseId: number, viewerId: number | null, page: Page) {
  const phase = await requirePhase(deps, phaseId)
  const board = await phaseStandings(deps.db, phase.id)
  const slice = board.slice(page.offset, page.offset + page.per_page)
  const mine = viewerId === null ? undefined : board.find((s) => s.userId === viewerId)
  const shown = mine ? [...slice, mine] : slice
  const [sums, users] = await Promise.all([
    subsUsed(
      deps.db,
      shown.map((s) => s.teamId),
    ),
    userCard(
      deps.db,
      shown.map((s) => s.userId),
    ),
  ])
  const row = (s: (typeof board)[number]) => {
    const u = users.get(s.userId)
    return {
      id: s.teamId,
      score: s.scoreX2 / 2,
      rank: s.rank,
      sum_free_sub_used: sums.get(s.teamId)?.free ?? 0,
      sum_paid_sub_used: sums.get(s.teamId)?.paid ?? 0,
      series_phase_id: phase.id,
      user: { id: s.userId, team_name: u?.team_name ?? null, image: u?.image ?? null },
    }
  }
  return {
    classic_teams: slice.map(row),
    current_user_classic_team: mine ? row(mine) : null,
    meta: pageMeta(page, board.length),
  }
}

/** The viewer's team's match rows in a phase (none without a team). */
export async function myPhaseResults(deps: Deps, phaseId: number, viewerId: number) {
  const phase = await requirePhase(deps, phaseId)
  const mine = await classicTeamIdOf(deps.db, viewerId, phase.id)
  return mine === null ? [] : scoreRowsJson(deps.db, { classicTeamId: mine })
}
