import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { visibleAuctions } from '../../../server/areas/auctions/visible'
import { TEST_DIALECT } from '../../helpers/db'
import type { client } from '../../helpers/http'
import { upcomingMatch } from '../../helpers/league'
import { planOf } from '../../helpers/plans'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true })

type Player = Awaited<ReturnType<ReturnType<typeof client>['player']>>

async function create(
  owner: Player,
  name: string,
  isPrivate: boolean,
): Promise<{ id: number; code: string }> {
  const match = await upcomingMatch(ctx.world.deps)
  const res = await ctx.api.post(
    '/api/auctions',
    { name, match_id: match.id, squad_min: 2, squad_max: 4, balanced: false, private: isPrivate },
    owner.token,
  )
  expect(res.status).toBe(201)
  return res.body.new_auction
}

/** What the viewer may list, by the rule itself: owned, managed, or public and waiting. */
async function expectedIds(userId: number): Promise<number[]> {
  const rows = await ctx.world.deps.db
    .selectFrom('auctions as a')
    .select('a.id')
    .where((eb) =>
      eb.or([
        eb('a.owner_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('auction_managers as m')
            .select('m.id')
            .whereRef('m.auction_id', '=', 'a.id')
            .where('m.user_id', '=', userId),
        ),
        eb.and([eb('a.is_private', '=', 0), eb('a.status', '=', 'waiting')]),
      ]),
    )
    .orderBy('a.id', 'desc')
    .execute()
  return rows.map((r) => r.id)
}

describe('GET /api/auctions (paged)', () => {
  it('pages through owned, managed and open public auctions, newest first, with the total', async () => {
    const me = await ctx.api.player()
    const other = await ctx.api.player()
    const mine = [await create(me, 'Mine open', false), await create(me, 'Mine private', true)]
    const theirs = []
    for (let i = 0; i < 5; i++) theirs.push(await create(other, `Theirs ${i}`, i % 2 === 1))
    // Asked to manage a private one of theirs; another public one of theirs no longer waits.
    const joined = await ctx.api.post(
      `/api/auctions/${theirs[1]?.id}/join`,
      { code: theirs[1]?.code, franchise_name: 'Guests', color: 'blue' },
      me.token,
    )
    expect(joined.status).toBeLessThan(300)
    await sql`update auctions set status = ${'completed'} where id = ${theirs[2]?.id}`.execute(
      ctx.world.deps.db,
    )
    // And one of mine is done: still mine.
    await sql`update auctions set status = ${'completed'} where id = ${mine[0]?.id}`.execute(
      ctx.world.deps.db,
    )

    const expected = await expectedIds(me.id)
    expect(expected).toContain(theirs[1]?.id)
    expect(expected).not.toContain(theirs[2]?.id)
    expect(expected).not.toContain(theirs[3]?.id)
    const seen: number[] = []
    for (let page = 1; page <= Math.ceil(expected.length / 2) + 1; page++) {
      const res = await ctx.api.get(`/api/auctions?page=${page}&per_page=2`, me.token)
      expect(res.status).toBe(200)
      expect(res.body.meta).toMatchObject({ page, per_page: 2, total: expected.length })
      seen.push(...res.body.new_auctions.map((a: { id: number }) => a.id))
    }
    expect(seen).toEqual(expected)
    // The default page holds them all here (30 a page).
    const all = await ctx.api.get('/api/auctions', me.token)
    expect(all.body.new_auctions.map((a: { id: number }) => a.id)).toEqual(expected)
    expect((await ctx.api.get('/api/auctions?per_page=101', me.token)).status).toBe(422)
    // The web client's page groups the same auctions.
    const groups = (await ctx.api.get('/api/auctions/by_group', me.token)).body.groups
    const grouped = [...groups.waiting, ...groups.live, ...groups.completed, ...groups.open_to_join]
    expect(grouped.map((a: { id: number }) => a.id).sort()).toEqual([...expected].sort())
  })

  it('reads each way in from its index, never the whole table', async () => {
    const me = await ctx.api.player()
    await create(me, 'One', false)
    await visibleAuctions(ctx.world.deps.db, me.id, { offset: 0, per_page: 10 })
    const text = await planOf(ctx.world.deps, await unionStatement(me.id))
    expect(text).toMatch(/auctions_open_newest/)
    expect(text).toMatch(/auction_managers_by_user/)
    if (TEST_DIALECT === 'sqlite') expect(text).not.toMatch(/SCAN (auctions|auction_managers)\b/)
    else expect(text).not.toMatch(/Seq Scan/)
  })
})

/** The id query of visibleAuctions, compiled (the same builder calls as visible.ts). */
async function unionStatement(userId: number) {
  const { visibleIdsQuery } = await import('../../../server/areas/auctions/visible')
  return visibleIdsQuery(ctx.world.deps.db, userId, { offset: 0, per_page: 10 }).compile()
}
