import { z } from '@hono/zod-openapi'
import type { Selectable } from 'kysely'
import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { newestRows, rowWhere } from '../../db/query'
import type { PrizeStructuresTable } from '../../db/schema'
import { type Executor, withTx } from '../../db/tx'
import { bpsToPercent, MEMBERS_LIMIT_MAX, type PercentRange, winnersOf } from '../../domain/contest-creation'
import { AppError, invalid, notFound } from '../../http/errors'
import { percentTable } from './tables'

/**
 * Saved prizes (docs/contest-creation.md, "Saved prizes"): a player's named prize tables in
 * percent of the pool, usable for any contest with at least as many members as the table has
 * winners. Writes lock the owner's user row, so the name check and the cap hold against a
 * second request at the same moment; the unique (user_id, lower(name)) index backs the name.
 */

/** Saved tables a player may keep. */
export const SAVED_PRIZES_MAX = 50

export interface SavedPrize {
  id: number
  user_id: number
  name: string
  ranges: PercentRange[]
  winners: number
  created_at_ms: number
  updated_at_ms: number
}

export const SavedPrizeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    winners: z.number().int(),
    ranges: z.array(
      z.object({
        from: z.number().int(),
        to: z.number().int(),
        percent: z.number().openapi({ description: 'Percent of the pool per rank, 2 decimals' }),
      }),
    ),
    created_at_in_millis: z.number().int(),
  })
  .openapi('SavedPrize')

export function savedPrizeJson(p: SavedPrize): z.infer<typeof SavedPrizeSchema> {
  return {
    id: p.id,
    name: p.name,
    winners: p.winners,
    ranges: p.ranges.map((r) => ({ from: r.from, to: r.to, percent: bpsToPercent(r.percent_bps) })),
    created_at_in_millis: Number(p.created_at_ms),
  }
}

type Row = Selectable<PrizeStructuresTable>

function fromRow(row: Row): SavedPrize {
  return {
    ...row,
    id: Number(row.id),
    created_at_ms: Number(row.created_at_ms),
    updated_at_ms: Number(row.updated_at_ms),
    ranges: JSON.parse(row.ranges) as PercentRange[],
  }
}

export async function savedPrizesOf(db: Executor, userId: number): Promise<SavedPrize[]> {
  const rows = await newestRows(db, 'prize_structures', { user_id: userId })
  return rows.map(fromRow)
}

/** The player's own saved table; someone else's is as missing as one that never was (404). */
export async function requireOwnPrizeStructure(
  db: Executor,
  userId: number,
  id: number,
): Promise<SavedPrize> {
  const row = await rowWhere(db, 'prize_structures', { id, user_id: userId })
  if (!row) throw notFound('Saved prize')
  return fromRow(row)
}

export interface SavedPrizeInput {
  name?: string
  ranges?: { from: number; to: number; percent: number }[]
}

async function nameTaken(db: Executor, userId: number, name: string, exceptId?: number) {
  let q = db
    .selectFrom('prize_structures')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  return (await q.executeTakeFirst()) !== undefined
}

const NAME_TAKEN = { name: ['is already the name of another of your saved prizes'] }

export async function createSavedPrize(
  deps: Deps,
  userId: number,
  input: Required<SavedPrizeInput>,
): Promise<SavedPrize> {
  const ranges = percentTable(input.ranges, MEMBERS_LIMIT_MAX, 'ranges')
  return withTx(deps, async (tx) => {
    await lockRows(tx, 'users', userId)
    if (await nameTaken(tx, userId, input.name)) throw invalid(NAME_TAKEN)
    const count = await tx
      .selectFrom('prize_structures')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    if (Number(count.n) >= SAVED_PRIZES_MAX)
      throw new AppError('CONFLICT', `You already have ${SAVED_PRIZES_MAX} saved prizes; delete one first`)
    const now = deps.clock.now()
    const row = await tx
      .insertInto('prize_structures')
      .values({
        user_id: userId,
        name: input.name,
        ranges: JSON.stringify(ranges),
        winners: winnersOf(ranges),
        created_at_ms: now,
        updated_at_ms: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return fromRow(row)
  })
}

export async function updateSavedPrize(
  deps: Deps,
  userId: number,
  id: number,
  input: SavedPrizeInput,
): Promise<SavedPrize> {
  const ranges = input.ranges ? percentTable(input.ranges, MEMBERS_LIMIT_MAX, 'ranges') : undefined
  return withTx(deps, async (tx) => {
    await lockRows(tx, 'users', userId)
    await requireOwnPrizeStructure(tx, userId, id)
    if (input.name !== undefined && (await nameTaken(tx, userId, input.name, id))) throw invalid(NAME_TAKEN)
    await tx
      .updateTable('prize_structures')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(ranges ? { ranges: JSON.stringify(ranges), winners: winnersOf(ranges) } : {}),
        updated_at_ms: deps.clock.now(),
      })
      .where('id', '=', id)
      .execute()
    return requireOwnPrizeStructure(tx, userId, id)
  })
}

/** Contests already made with a saved table keep their own copy of it: deleting it changes none. */
export async function deleteSavedPrize(deps: Deps, userId: number, id: number): Promise<SavedPrize> {
  return withTx(deps, async (tx) => {
    await lockRows(tx, 'users', userId)
    const saved = await requireOwnPrizeStructure(tx, userId, id)
    await tx.deleteFrom('prize_structures').where('id', '=', id).execute()
    return saved
  })
}
