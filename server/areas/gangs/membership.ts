import { sql } from 'kysely'
import type { Deps } from '../../core/deps'
import { isUniqueViolation } from '../../db/errors'
import { forUpdate } from '../../db/lock'
import { rowWhere } from '../../db/query'
import { type Tx, withTx } from '../../db/tx'
import { AppError, forbidden, notFound } from '../../http/errors'
import { type GangScope, inScope } from './queries'
import { canSeeGang } from './visibility'

/**
 * Every change to a gang's membership (docs/gangs.md). Each runs in one transaction that
 * first locks the gang's row (FOR NO KEY UPDATE on PostgreSQL; SQLite's BEGIN IMMEDIATE
 * already serialises writers), then checks and writes: two joins at once cannot both take
 * the last place, and a join racing a leave counts right. The unique (gang_id, user_id)
 * constraint backs the "already in it" check.
 */

/** Members (not requests) a gang may hold. */
export const MAX_GANG_MEMBERS = 500
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 8

/** A code as typed: spaces around it ignored, any case. */
export const normaliseCode = (code: string) => code.trim().toUpperCase()

export interface NewGang {
  name: string
  league_motto: string
  is_public: boolean
}

/** The series and phase a scope names (404 when it does not exist). */
async function resolveScope(deps: Deps, scope: GangScope) {
  if (scope.kind === 'series') {
    const s = await deps.db
      .selectFrom('series')
      .select('id')
      .where('id', '=', scope.seriesId)
      .executeTakeFirst()
    if (!s) throw notFound('Series')
    return { seriesId: s.id, phaseId: null }
  }
  const p = await deps.db
    .selectFrom('series_phases')
    .select(['id', 'series_id'])
    .where('id', '=', scope.phaseId)
    .executeTakeFirst()
  if (!p) throw notFound('Phase')
  return { seriesId: p.series_id, phaseId: p.id }
}

/** Creates a gang with its creator as its first member and manager; returns its id. */
export async function createGang(
  deps: Deps,
  userId: number,
  scope: GangScope,
  input: NewGang,
): Promise<number> {
  const where = await resolveScope(deps, scope)
  const codes = deps.rng.stream('gang-codes')
  // A code drawn by another process at the same moment is the only way to collide: draw again.
  for (let attempt = 0; ; attempt++) {
    let code = ''
    for (let i = 0; i < CODE_LENGTH; i++) code += codes.pick([...CODE_ALPHABET])
    try {
      return await withTx(deps, async (tx) => {
        const taken = await tx
          .selectFrom('gangs')
          .select('id')
          .where('league_code', '=', code)
          .executeTakeFirst()
        if (taken) throw new CodeTaken()
        const now = deps.clock.now()
        const gang = await tx
          .insertInto('gangs')
          .values({
            series_id: where.seriesId,
            phase_id: where.phaseId,
            name: input.name,
            league_motto: input.league_motto,
            is_public: input.is_public ? 1 : 0,
            league_code: code,
            created_by_id: userId,
            members_count: 1,
            created_at_ms: now,
            updated_at_ms: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await insertMember(tx, gang.id, userId, now)
        return gang.id
      })
    } catch (error) {
      if (attempt < 20 && (error instanceof CodeTaken || isUniqueViolation(error, 'league_code'))) continue
      throw error
    }
  }
}

class CodeTaken extends Error {}

/** The gang's row, locked until the transaction ends. */
async function lockGang(tx: Tx, where: { id: number } | { code: string }) {
  const q = tx
    .selectFrom('gangs')
    .select(['id', 'series_id', 'phase_id', 'is_public', 'created_by_id', 'members_count'])
  const row = await ('id' in where ? q.where('id', '=', where.id) : q.where('league_code', '=', where.code))
    .$call(forUpdate(tx))
    .executeTakeFirst()
  if (!row) throw notFound('Gang')
  return row
}

type LockedGang = Awaited<ReturnType<typeof lockGang>>

function membership(tx: Tx, gangId: number, userId: number) {
  return rowWhere(tx, 'gang_members', { gang_id: gangId, user_id: userId })
}

/** A member who joined at once (no request to approve). */
async function insertMember(tx: Tx, gangId: number, userId: number, nowMs: number) {
  await tx
    .insertInto('gang_members')
    .values({
      gang_id: gangId,
      user_id: userId,
      status: 'member',
      requested_at_ms: nowMs,
      joined_at_ms: nowMs,
    })
    .execute()
}

async function addMember(tx: Tx, gang: LockedGang, userId: number, nowMs: number, pendingId?: number) {
  // Conditional as well as checked under the lock: the count never passes the limit.
  const seat = await tx
    .updateTable('gangs')
    .set({ members_count: sql<number>`members_count + 1`, updated_at_ms: nowMs })
    .where('id', '=', gang.id)
    .where('members_count', '<', MAX_GANG_MEMBERS)
    .executeTakeFirst()
  if (Number(seat.numUpdatedRows) === 0)
    throw new AppError('CONFLICT', `This gang is full (${MAX_GANG_MEMBERS} members)`)
  if (pendingId !== undefined)
    await tx
      .updateTable('gang_members')
      .set({ status: 'member', joined_at_ms: nowMs })
      .where('id', '=', pendingId)
      .execute()
  else await insertMember(tx, gang.id, userId, nowMs)
}

function leftGang(tx: Tx, gangId: number, nowMs: number) {
  return tx
    .updateTable('gangs')
    .set({ members_count: sql<number>`members_count - 1`, updated_at_ms: nowMs })
    .where('id', '=', gangId)
    .execute()
}

/**
 * Joins the gang a code names. A public gang takes the caller at once; a private one answers
 * 403 (the caller must ask, and the manager approve) unless `ask` is set, when the caller's
 * request is recorded instead. Already a member (or already asked): 409 ALREADY_JOINED.
 */
export async function joinByCode(deps: Deps, userId: number, rawCode: string, ask: boolean): Promise<number> {
  const code = normaliseCode(rawCode)
  return withTx(deps, async (tx) => {
    const gang = await lockGang(tx, { code })
    const mine = await membership(tx, gang.id, userId)
    if (mine?.status === 'member') throw new AppError('ALREADY_JOINED', 'You are already in this gang')
    const now = deps.clock.now()
    if (gang.is_public === 1) {
      await addMember(tx, gang, userId, now)
      return gang.id
    }
    if (!ask)
      throw forbidden(
        mine
          ? 'Your request to join this private gang is waiting for its manager'
          : 'This gang is private: ask to join, and its manager approves',
      )
    if (mine) throw new AppError('ALREADY_JOINED', 'Your request to join is already waiting for the manager')
    await tx
      .insertInto('gang_members')
      .values({
        gang_id: gang.id,
        user_id: userId,
        status: 'pending',
        requested_at_ms: now,
        joined_at_ms: null,
      })
      .execute()
    return gang.id
  })
}

/** The gang locked for a manager's action: 404 outside the scope or when hidden, 403 for anyone but its manager. */
async function managedGang(tx: Tx, scope: GangScope, gangId: number, userId: number) {
  const gang = await lockGang(tx, { id: gangId })
  if (!inScope(gang, scope)) throw notFound('Gang')
  if (gang.created_by_id !== userId) {
    const mine = await membership(tx, gang.id, userId)
    if (!canSeeGang(gang, mine?.status ?? null)) throw notFound('Gang')
    throw forbidden('Only the gang’s manager can do that')
  }
  return gang
}

/** The manager approves (`approve`) or declines a pending request. */
export async function answerRequest(
  deps: Deps,
  scope: GangScope,
  gangId: number,
  managerId: number,
  userId: number,
  approve: boolean,
): Promise<void> {
  await withTx(deps, async (tx) => {
    const gang = await managedGang(tx, scope, gangId, managerId)
    const row = await membership(tx, gang.id, userId)
    if (row?.status !== 'pending') throw notFound('Join request')
    if (approve) await addMember(tx, gang, userId, deps.clock.now(), row.id)
    // A declined request is forgotten: the player may ask again.
    else await tx.deleteFrom('gang_members').where('id', '=', row.id).execute()
  })
}

/** A member leaves, or a player withdraws their request. The manager cannot leave (409). */
export async function leaveGang(deps: Deps, scope: GangScope, gangId: number, userId: number): Promise<void> {
  await withTx(deps, async (tx) => {
    const gang = await lockGang(tx, { id: gangId })
    if (!inScope(gang, scope)) throw notFound('Gang')
    const row = await membership(tx, gang.id, userId)
    // Someone who asked may withdraw; a stranger to a private gang learns nothing of it.
    if (!row) throw notFound(canSeeGang(gang, null) ? 'Gang membership' : 'Gang')
    if (gang.created_by_id === userId)
      throw new AppError('CONFLICT', 'The manager cannot leave the gang they run')
    await tx.deleteFrom('gang_members').where('id', '=', row.id).execute()
    if (row.status === 'member') await leftGang(tx, gang.id, deps.clock.now())
  })
}

/** The manager removes a member (not themself: 409). */
export async function removeMember(
  deps: Deps,
  scope: GangScope,
  gangId: number,
  managerId: number,
  userId: number,
): Promise<void> {
  await withTx(deps, async (tx) => {
    const gang = await managedGang(tx, scope, gangId, managerId)
    if (userId === managerId) throw new AppError('CONFLICT', 'The manager cannot remove themself')
    const row = await membership(tx, gang.id, userId)
    if (row?.status !== 'member') throw notFound('Gang member')
    await tx.deleteFrom('gang_members').where('id', '=', row.id).execute()
    await leftGang(tx, gang.id, deps.clock.now())
  })
}
