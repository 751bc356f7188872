import { rowWhere } from '../../db/query'
import type { Executor } from '../../db/tx'

/** Where a gang lives: a series (daily mode) or a series phase (championship). */
export type GangScope = { kind: 'series'; seriesId: number } | { kind: 'phase'; phaseId: number }

/** A gang with its series, phase and manager, as the views need them. */
export function gangBase(db: Executor) {
  return db
    .selectFrom('gangs as g')
    .innerJoin('series as se', 'se.id', 'g.series_id')
    .leftJoin('series_phases as ph', 'ph.id', 'g.phase_id')
    .innerJoin('users as u', 'u.id', 'g.created_by_id')
    .select([
      'g.id',
      'g.series_id',
      'g.phase_id',
      'g.name',
      'g.league_motto',
      'g.is_public',
      'g.league_code',
      'g.created_by_id',
      'g.members_count',
      'g.created_at_ms',
      'se.name as series_name',
      'se.short_name as series_short_name',
      'ph.name as phase_name',
      'u.username as manager_username',
      'u.full_name as manager_full_name',
      'u.team_name as manager_team_name',
    ])
}

export type GangRow = Awaited<ReturnType<ReturnType<typeof gangBase>['execute']>>[number]

/** True when the gang belongs to the scope (a daily gang of the series, or a gang of the phase). */
export function inScope(gang: { series_id: number; phase_id: number | null }, scope: GangScope): boolean {
  return scope.kind === 'series'
    ? gang.series_id === scope.seriesId && gang.phase_id === null
    : gang.phase_id === scope.phaseId
}

/** The gangs of a scope that a user is in (member or pending), newest first. */
export function gangsOfUser(db: Executor, scope: GangScope, userId: number) {
  const base = gangBase(db)
    .innerJoin('gang_members as me', (j) => j.onRef('me.gang_id', '=', 'g.id').on('me.user_id', '=', userId))
    .select(['me.status as my_status'])
  const scoped =
    scope.kind === 'series'
      ? base.where('g.series_id', '=', scope.seriesId).where('g.phase_id', 'is', null)
      : base.where('g.phase_id', '=', scope.phaseId)
  return scoped.orderBy('g.id', 'desc').execute()
}

export function findGang(db: Executor, id: number) {
  return gangBase(db).where('g.id', '=', id).executeTakeFirst()
}

export function findGangByCode(db: Executor, code: string) {
  return gangBase(db).where('g.league_code', '=', code).executeTakeFirst()
}

/** Gang membership rows with who they are, as the member and request lists show people. */
function withPeople(db: Executor) {
  return db
    .selectFrom('gang_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .leftJoin('avatars as a', 'a.id', 'u.avatar_id')
    .select(['gm.user_id', 'u.username', 'u.full_name', 'u.team_name', 'u.image_url', 'a.url as avatar_url'])
}

/** Members (status 'member') of gangs, with what the member lists show. */
export function membersOf(db: Executor, gangIds: number[]) {
  return withPeople(db)
    .select(['gm.gang_id', 'gm.joined_at_ms'])
    .where('gm.gang_id', 'in', gangIds)
    .where('gm.status', '=', 'member')
    .execute()
}

export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number]

/** Pending join requests of a gang, oldest first. */
export function requestsOf(db: Executor, gangId: number) {
  return withPeople(db)
    .select(['gm.id', 'gm.requested_at_ms'])
    .where('gm.gang_id', '=', gangId)
    .where('gm.status', '=', 'pending')
    .orderBy('gm.requested_at_ms')
    .orderBy('gm.id')
    .execute()
}

export function membershipOf(db: Executor, gangId: number, userId: number) {
  return rowWhere(db, 'gang_members', { gang_id: gangId, user_id: userId })
}
