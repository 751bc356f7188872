import { describe, expect, it } from 'vitest'
import { type Param, prepared } from '../../../server/db/prepared'
import { apiWorld } from '../../helpers/world'

// List placeholders of compiled-once queries (server/db/prepared.ts): one statement per size
// class, spare places repeating the last value, on SQLite and PostgreSQL.

const ctx = apiWorld({ per: 'file' })

const usersIn = prepared((db, $: Param<{ ids: number[]; role: 'player' | 'admin' }>) =>
  db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', $.list('ids'))
    .where('role', '=', $('role'))
    .orderBy('id'),
)

describe('prepared() list placeholders', () => {
  it('match exactly the ids given, whatever their number, in one statement per size class', async () => {
    const ids: number[] = []
    for (let i = 0; i < 9; i++) ids.push((await ctx.api.player()).id)
    const found = async (list: number[]) =>
      (await usersIn(ctx.deps.db, { ids: list, role: 'player' })).map((r) => Number(r.id))
    expect(await found([])).toEqual([])
    expect(await found([ids[3]!])).toEqual([ids[3]])
    // 3 and 4 share the statement made for 4; 5 runs the one for 8 with three spare places.
    expect(await found(ids.slice(0, 3))).toEqual(ids.slice(0, 3))
    expect(await found(ids.slice(0, 4))).toEqual(ids.slice(0, 4))
    expect(await found(ids.slice(2, 7))).toEqual(ids.slice(2, 7))
    expect(await found(ids)).toEqual(ids)
    expect(await found([ids[8]!, ids[0]!, ids[8]!])).toEqual([ids[0], ids[8]])
    // The scalar placeholder beside the list still counts.
    expect(await usersIn(ctx.deps.db, { ids, role: 'admin' })).toEqual([])
  })
})
