import { describe, expect, it } from 'vitest'
import { contestRow, memberRow } from '../../helpers/contest-rows'
import { upcomingMatch } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

// Auctions created from a group (docs/groups.md "Group auctions"): the members are
// invited with an `auction_invite` message, see the private auction and its code, and
// GET /api/auctions/by_group?group_uuid_id= lists the group's auctions (members only).

const ctx = apiWorld({ league: true, per: 'file' })

type Player = Awaited<ReturnType<typeof ctx.api.player>>

async function groupOf(owner: Player, members: Player[]) {
  const res = await ctx.api.post(
    '/api/groups',
    { name: 'Auction club', member_slugs: members.map((m) => m.slug) },
    owner.token,
  )
  expect(res.status).toBe(201)
  return res.body.group.group_uuid_id as string
}

async function createAuction(owner: Player, extra: Record<string, unknown>) {
  const match = await upcomingMatch(ctx.world.deps)
  return ctx.api.post(
    '/api/auctions',
    {
      name: 'Group auction',
      match_id: match.id,
      squad_min: 2,
      squad_max: 4,
      balanced: false,
      private: true,
      ...extra,
    },
    owner.token,
  )
}

describe('auctions by group', () => {
  it('an auction created from a group invites its members, who see it and its code', async () => {
    const owner = await ctx.api.player()
    const member = await ctx.api.player()
    const outsider = await ctx.api.player()
    const uuid = await groupOf(owner, [member])
    const created = await createAuction(owner, { group_uuid_id: uuid })
    expect(created.status).toBe(201)
    const auction = created.body.new_auction
    expect(auction.group_uuid_id).toBe(uuid)

    const messages = await ctx.api.get(`/api/groups/${uuid}/messages`, member.token)
    expect(messages.body.messages).toHaveLength(1)
    expect(messages.body.messages[0]).toMatchObject({
      message_type: 'auction_invite',
      card_id: auction.id,
      user: { slug: owner.slug },
    })
    // The member sees the private auction and its code, and can join with it.
    const seen = await ctx.api.get(`/api/auctions/${auction.id}`, member.token)
    expect(seen.status).toBe(200)
    expect(seen.body.new_auction.code).toBe(auction.code)
    const joined = await ctx.api.post(
      `/api/auctions/${auction.id}/join`,
      { code: auction.code, franchise_name: 'Member XI', color: 'red' },
      member.token,
    )
    expect(joined.status).toBe(201)
    // Someone outside the group does not.
    expect((await ctx.api.get(`/api/auctions/${auction.id}`, outsider.token)).status).toBe(404)

    const byGroup = await ctx.api.get(`/api/auctions/by_group?group_uuid_id=${uuid}`, member.token)
    expect(byGroup.status).toBe(200)
    expect(byGroup.body.new_auctions.map((a: { id: number }) => a.id)).toEqual([auction.id])
    expect(byGroup.body.groups.waiting.map((a: { id: number }) => a.id)).toEqual([auction.id])
    // Without the parameter, by_group answers as before.
    const mine = await ctx.api.get('/api/auctions/by_group', owner.token)
    expect(mine.status).toBe(200)
    expect(mine.body.new_auctions).toBeUndefined()
  })

  it('by_group of a group I am not in is 404; creating from it is 404 and creates nothing', async () => {
    const owner = await ctx.api.player()
    const outsider = await ctx.api.player()
    const uuid = await groupOf(owner, [])
    expect((await ctx.api.get(`/api/auctions/by_group?group_uuid_id=${uuid}`, outsider.token)).status).toBe(
      404,
    )
    const before = await ctx.world.deps.db
      .selectFrom('auctions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const res = await createAuction(outsider, { group_uuid_id: uuid })
    expect(res.status).toBe(404)
    const after = await ctx.world.deps.db
      .selectFrom('auctions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('a removed member no longer sees the group’s private auction', async () => {
    const owner = await ctx.api.player()
    const member = await ctx.api.player()
    const uuid = await groupOf(owner, [member])
    const auction = (await createAuction(owner, { group_uuid_id: uuid })).body.new_auction
    expect((await ctx.api.get(`/api/auctions/${auction.id}`, member.token)).status).toBe(200)
    await ctx.api.call('DELETE', `/api/groups/${uuid}/members/${member.slug}`, { token: owner.token })
    expect((await ctx.api.get(`/api/auctions/${auction.id}`, member.token)).status).toBe(404)
    expect((await ctx.api.get(`/api/auctions/by_group?group_uuid_id=${uuid}`, member.token)).status).toBe(404)
  })

  it('a card naming a private auction or contest the sender may not see is the 404 of a missing one, and is not sent', async () => {
    const owner = await ctx.api.player()
    const sender = await ctx.api.player()
    const privateAuction = (await createAuction(owner, {})).body.new_auction
    const privateContest = await contestRow(ctx.world.deps, {
      isPrivate: true,
      createdById: owner.id,
      name: 'Hidden cup',
    })
    const uuid = await groupOf(sender, [])
    const card = (type: string, card_id: number, n: string) =>
      ctx.api.post(
        `/api/groups/${uuid}/messages`,
        { identifier_key: `card-${n}`, message: 'Join!', message_type: type, card_id },
        sender.token,
      )
    const answer = (r: { status: number; body: any }) => [r.status, r.body.code, r.body.error]
    expect(answer(await card('auction_invite', privateAuction.id, 'a1'))).toEqual([
      404,
      'NOT_FOUND',
      'Auction not found',
    ])
    expect(answer(await card('auction_invite', 2_000_000_000, 'a2'))).toEqual([
      404,
      'NOT_FOUND',
      'Auction not found',
    ])
    expect(answer(await card('contest_card', privateContest, 'c1'))).toEqual([
      404,
      'NOT_FOUND',
      'Contest not found',
    ])
    expect(answer(await card('contest_card', 999_999, 'c2'))).toEqual([404, 'NOT_FOUND', 'Contest not found'])
    expect((await ctx.api.get(`/api/groups/${uuid}/messages`, sender.token)).body.messages).toEqual([])
    // Once the sender may see them (a manager of the auction, a member of the contest) the cards go.
    await ctx.api.post(
      `/api/auctions/${privateAuction.id}/join`,
      { code: privateAuction.code, franchise_name: 'Sender XI', color: 'red' },
      sender.token,
    )
    await memberRow(ctx.world.deps, privateContest, sender.id)
    expect((await card('auction_invite', privateAuction.id, 'a3')).status).toBe(201)
    expect((await card('contest_card', privateContest, 'c3')).status).toBe(201)
  })
})
