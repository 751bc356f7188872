import { describe, expect, it } from 'vitest'
import { apiWorld } from '../../helpers/world'

/** Exports (docs/classroom.md, "Exports"): every bid, pick, transfer and payout, who, when, how much. */
const ctx = apiWorld({ league: true, admin: true })

type Student = { id: number; username: string; password: string }
type Row = { kind: string; user_id: number; username: string; amount: number; player_id: number | null }

async function aClass() {
  const made = await ctx.api.post('/api/admin/classrooms', { students: 2, seats: 4 }, ctx.admin.token)
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body as {
    classroom: { id: number }
    auction: { id: number }
    contest: { id: number }
    students: [Student, Student]
  }
}

const rows = async (path: string, token = ctx.admin.token) => {
  const res = await ctx.api.get(path, token)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.rows as Row[]
}

describe('GET /api/{auctions,contests,classrooms}/{id}/export', () => {
  it('exports nothing for a class nobody has played in yet', async () => {
    const c = await aClass()
    expect(await rows(`/api/classrooms/${c.classroom.id}/export`)).toEqual([])
  })

  it('names the student who bid, when and how much; the class export keeps its students’ rows only', async () => {
    const c = await aClass()
    const [a] = c.students
    const token = (await ctx.api.login(a.username, a.password)).access_token as string
    expect((await ctx.api.post(`/api/auctions/${c.auction.id}/start`, {}, ctx.admin.token)).status).toBe(200)
    const lot = (await ctx.api.get(`/api/auctions/${c.auction.id}/bidding_player`, token)).body
    const bid = await ctx.api.post(
      `/api/auctions/${c.auction.id}/bid_player`,
      { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
      token,
    )
    expect(bid.status, JSON.stringify(bid.body)).toBe(200)
    const auction = await rows(`/api/auctions/${c.auction.id}/export`)
    const mine = auction.filter((r) => r.user_id === a.id)
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'bid',
        username: a.username,
        amount: lot.next_bid_amount,
        player_id: lot.bidding_player.id,
        unit: 'coins',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ])
    const cls = await rows(`/api/classrooms/${c.classroom.id}/export`)
    expect(cls.every((r) => c.students.some((s) => s.id === r.user_id))).toBe(true)
    expect(cls.filter((r) => r.kind === 'bid')).toHaveLength(1)
  })

  it('exports a contest’s entries with their fees, and a payout once it pays', async () => {
    const c = await aClass()
    const contest = await rows(`/api/contests/${c.contest.id}/export`)
    expect(contest).toEqual([
      expect.objectContaining({
        kind: 'entry',
        user_id: ctx.admin.id,
        amount: 0,
        unit: 'paise',
        contest_id: c.contest.id,
      }),
    ])
    const { db } = ctx.world.deps
    await db
      .updateTable('contest_members')
      .set({ prize_paise: 5000 })
      .where('contest_id', '=', c.contest.id)
      .execute()
    await db
      .updateTable('contests')
      .set({ settled_at_ms: 1_800_000_000_000 })
      .where('id', '=', c.contest.id)
      .execute()
    const paid = await rows(`/api/contests/${c.contest.id}/export`)
    expect(paid.map((r) => [r.kind, r.amount])).toEqual([
      ['entry', 0],
      ['payout', 5000],
    ])
  })

  it('is 404 to a player who owns none of them, and for what does not exist', async () => {
    const c = await aClass()
    const player = await ctx.api.player()
    for (const path of [
      `/api/auctions/${c.auction.id}/export`,
      `/api/contests/${c.contest.id}/export`,
      `/api/classrooms/${c.classroom.id}/export`,
      '/api/classrooms/999999/export',
    ])
      expect((await ctx.api.get(path, player.token)).status, path).toBe(404)
    expect((await ctx.api.get(`/api/auctions/${c.auction.id}/export`)).status).toBe(401)
  })
})
