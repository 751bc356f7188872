import type { Deps } from '../../core/deps'
import type { Executor } from '../../db/tx'
import { type GangRow, type GangScope, type MemberRow, membersOf } from './queries'
import { gangScoreX2, phaseScoresX2, type Ranked, rankUsers, seriesScoresX2 } from './scores'
import { canSeeGang, type ViewerStatus, viewerStatus, visibleGang } from './visibility'

/** Scores by user for the members of gangs that share one scope (a series, or a phase). */
async function scoresFor(db: Executor, gang: GangRow, userIds: number[]) {
  return gang.phase_id === null
    ? seriesScoresX2(db, gang.series_id, userIds)
    : phaseScoresX2(db, gang.phase_id, userIds)
}

export interface Standing {
  ranked: Ranked[]
  members: MemberRow[]
}

/**
 * Each gang's members ranked by their series (daily) or phase (championship) score. Gangs are
 * grouped by scope so one score query serves every gang of the same series or phase.
 */
export async function standingsOf(db: Executor, gangs: GangRow[]): Promise<Map<number, Standing>> {
  const out = new Map<number, Standing>()
  if (gangs.length === 0) return out
  const members = await membersOf(
    db,
    gangs.map((g) => g.id),
  )
  const groups = new Map<string, GangRow[]>()
  for (const g of gangs) {
    const key = g.phase_id === null ? `s${g.series_id}` : `p${g.phase_id}`
    groups.set(key, [...(groups.get(key) ?? []), g])
  }
  for (const group of groups.values()) {
    const ids = group.map((g) => g.id)
    const userIds = [...new Set(members.filter((m) => ids.includes(m.gang_id)).map((m) => m.user_id))]
    const scores = await scoresFor(db, group[0] as GangRow, userIds)
    for (const g of group) {
      const own = members.filter((m) => m.gang_id === g.id)
      out.set(g.id, {
        members: own,
        ranked: rankUsers(
          own.map((m) => m.user_id),
          scores,
        ),
      })
    }
  }
  return out
}

/** A gang as the API shows it to `viewerId` (null: signed out). */
export function gangJson(
  g: GangRow,
  standing: Standing | undefined,
  viewerId: number | null,
  status: ViewerStatus,
) {
  const ranked = standing?.ranked ?? []
  const mine = viewerId === null ? undefined : ranked.find((r) => r.userId === viewerId)
  const canSeeCode = canSeeGang(g, status)
  return {
    id: g.id,
    name: g.name,
    league_motto: g.league_motto,
    is_public: g.is_public === 1,
    mode: g.phase_id === null ? ('daily' as const) : ('championship' as const),
    league_code: canSeeCode ? g.league_code : null,
    league_members_count: g.members_count,
    score: gangScoreX2(ranked) / 2,
    series: { id: g.series_id, name: g.series_name, short_name: g.series_short_name },
    series_phase: g.phase_id === null ? null : { id: g.phase_id, name: g.phase_name ?? '' },
    user: {
      id: g.created_by_id,
      display_name: g.manager_full_name || g.manager_username,
      team_name: g.manager_team_name,
    },
    current_user_data:
      viewerId === null
        ? null
        : {
            status,
            is_manager: g.created_by_id === viewerId,
            rank: mine?.rank ?? null,
            score: mine ? mine.scoreX2 / 2 : null,
          },
    created_at_in_millis: Number(g.created_at_ms),
  }
}

export type GangJson = ReturnType<typeof gangJson>

export function memberJson(m: MemberRow, r: Ranked, managerId: number, viewerId: number | null) {
  return {
    user: {
      id: m.user_id,
      team_name: m.team_name,
      display_name: m.full_name || m.username,
      image: m.image_url ?? m.avatar_url,
    },
    score: r.scoreX2 / 2,
    rank: r.rank,
    is_manager: m.user_id === managerId,
    is_current_user: m.user_id === viewerId,
  }
}

/** One gang with its ranked members. */
export async function gangPage(deps: Deps, scope: GangScope, gangId: number, viewerId: number | null) {
  const { gang, status } = await visibleGang(deps.db, gangId, viewerId, scope)
  const standing = (await standingsOf(deps.db, [gang])).get(gang.id) as Standing
  const byUser = new Map(standing.members.map((m) => [m.user_id, m]))
  return {
    gang: gangJson(gang, standing, viewerId, status),
    members: standing.ranked.map((r) =>
      memberJson(byUser.get(r.userId) as MemberRow, r, gang.created_by_id, viewerId),
    ),
  }
}

/** Gangs as JSON for one viewer whose status in each is known. */
export async function gangsJson(
  db: Executor,
  rows: Array<GangRow & { my_status?: string }>,
  viewerId: number | null,
) {
  const standings = await standingsOf(db, rows)
  const statuses = new Map<number, ViewerStatus>()
  for (const r of rows)
    statuses.set(
      r.id,
      r.my_status !== undefined ? (r.my_status as ViewerStatus) : await viewerStatus(db, r.id, viewerId),
    )
  return rows.map((r) => gangJson(r, standings.get(r.id), viewerId, statuses.get(r.id) ?? null))
}
