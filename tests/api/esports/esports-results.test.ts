import { describe, expect, it } from 'vitest'
import { esportsPoolCode } from '../../../server/areas/esports/core'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { withTx } from '../../../server/db/tx'
import { accountBalance, esportsRoom, paise, type Room } from '../../helpers/esports-results-fixture'
import { notificationsOf } from '../../helpers/notifications'
import { apiWorld } from '../../helpers/world'

/** Results, payouts, corrections and disputes of esports rooms (docs/esports.md). */
const ctx = apiWorld({ admin: true })

const resultsPath = (room: Room) => `/api/esports/contests/${room.contest.id}/results`
const rows = (room: Room, list: Array<[number, number]>) =>
  list.map(([placement, kills], i) => ({
    squad_id: (room.squads[i] as Room['squads'][number]).id,
    placement,
    kills,
  }))
type Placings = Array<[number, number]>
/** The example's squads 1st, 2nd and 3rd, in their order, with 3, 1 and 0 kills. */
const inOrder: Placings = [
  [1, 3],
  [2, 1],
  [3, 0],
]
/** POST the results as the holder of `token`: each squad's [placement, kills] in the room's order, and `more`. */
const enter = (room: Room, list: Placings, token: string, more: Record<string, unknown> = {}) =>
  ctx.api.post(resultsPath(room), { results: rows(room, list), ...more }, token)
const house = () => accountBalance(ctx.world.deps, SYSTEM_ACCOUNTS.house.code)
const entries = (kind: string) =>
  ctx.world.deps.db
    .selectFrom('ledger_transactions')
    .select(['id', 'idempotency_key'])
    .where('kind', '=', kind)
    .execute()

/** ₹50 duo Free Fire room, 3 squads (6 players), ₹2 a kill, 50/30/20: the worked example of docs/esports.md. */
const example = (o: Parameters<typeof esportsRoom>[3] = {}) =>
  esportsRoom(ctx.world.deps, ctx.api, ctx.admin, { entryFee: 50, perKill: 2, mode: 'duo', squads: 3, ...o })

describe('entering results', () => {
  it('settles: standings, prizes from the pool to winnings, the rest to the house, pool at 0', async () => {
    const room = await example()
    const houseBefore = await house()
    expect(await accountBalance(ctx.world.deps, esportsPoolCode(room.contest.id))).toBe(30_000)
    const res = await enter(room, inOrder, room.host.token, { note: 'From the room screenshot' })
    expect(res.status).toBe(201)
    const r = res.body.esports_results
    expect(r).toMatchObject({
      version: 1,
      source: 'host',
      note: 'From the room screenshot',
      can_correct: true,
    })
    expect(
      r.standings.map((s: any) => [s.squad.name, s.rank, s.placement, s.kills, s.points, s.prize]),
    ).toEqual([
      ['Squad Alpha', 1, 1, 3, 15, 129.5],
      ['Squad Bravo', 2, 2, 1, 10, 76.1],
      ['Squad Charlie', 3, 3, 0, 8, 49.4],
    ])
    expect(r.standings[0].members.map((m: any) => m.prize)).toEqual([64.75, 64.75])
    const [a1, , b1, , c1] = room.players
    expect(await paise(ctx.world.deps, a1!.id)).toEqual({ unused: 0, winnings: 6475 })
    expect(await paise(ctx.world.deps, b1!.id)).toEqual({ unused: 0, winnings: 3805 })
    expect(await paise(ctx.world.deps, c1!.id)).toEqual({ unused: 0, winnings: 2470 })
    expect(await accountBalance(ctx.world.deps, esportsPoolCode(room.contest.id))).toBe(0)
    expect((await house()) - houseBefore).toBe(4_500)
    expect(await entries('esports_prize')).toHaveLength(6)
    const contest = await ctx.world.deps.db
      .selectFrom('esports_contests')
      .selectAll()
      .where('id', '=', room.contest.id)
      .executeTakeFirstOrThrow()
    expect(contest).toMatchObject({ status: 'completed', results_version: 1 })
    expect(Number(contest.settled_at_ms)).toBe(ctx.world.deps.clock.now())
    const notes = await notificationsOf(ctx.world.deps.db, a1!.id, 'esports_results')
    expect(notes[0]?.body).toBe(`Results of ${room.contest.name}: your squad ranked 1st and you won ₹64.75`)
    expect(JSON.parse(notes[0]!.data)).toMatchObject({ rank: 1, prize: 64.75, version: 1 })
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])

    // Anyone who may see a public contest sees the results; my row is marked.
    const seen = await ctx.api.get(resultsPath(room), a1!.token)
    expect(seen.status).toBe(200)
    expect(seen.body.esports_results).toMatchObject({
      my_squad_id: room.squads[0]!.id,
      can_dispute: true,
      can_correct: false,
    })
    const stranger = await ctx.api.player()
    expect((await ctx.api.get(resultsPath(room), stranger.token)).body.esports_results.my_squad_id).toBeNull()
  })

  it('shares tied ranks: tied squads split the prizes of the positions they hold', async () => {
    const room = await example({ perKill: 0 })
    // Alpha 1st no kills = 12; Bravo 2nd 3 kills = 12: both rank 1, sharing 50% + 30% of ₹255.
    const res = await enter(
      room,
      [
        [1, 0],
        [2, 3],
        [3, 0],
      ],
      room.host.token,
    )
    expect(res.status).toBe(201)
    expect(res.body.esports_results.standings.map((s: any) => [s.rank, s.prize])).toEqual([
      [1, 102],
      [1, 102],
      [3, 51],
    ])
    expect(await accountBalance(ctx.world.deps, esportsPoolCode(room.contest.id))).toBe(0)
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('keeps unpaid ranks with the house when fewer squads than winning ranks', async () => {
    const room = await example({
      squads: 2,
      perKill: 0,
      percents: [
        { from: 1, to: 1, percent_bps: 5000 },
        { from: 2, to: 2, percent_bps: 3000 },
        { from: 3, to: 3, percent_bps: 2000 },
      ],
    })
    const houseBefore = await house()
    const res = await enter(
      room,
      [
        [2, 0],
        [1, 2],
      ],
      room.host.token,
    )
    expect(res.status).toBe(201)
    // gross ₹200, pool ₹170: ₹85 + ₹51 paid; ₹30 rake + ₹34 of the empty 3rd place to the house.
    expect(res.body.esports_results.standings.map((s: any) => [s.squad.name, s.prize])).toEqual([
      ['Squad Bravo', 85],
      ['Squad Alpha', 51],
    ])
    expect((await house()) - houseBefore).toBe(6_400)
    expect(await accountBalance(ctx.world.deps, esportsPoolCode(room.contest.id))).toBe(0)
  })

  it('pays nothing in a free contest and completes it', async () => {
    const room = await example({ entryFee: 0, credit: 0 })
    const res = await enter(room, inOrder, room.host.token)
    expect(res.status).toBe(201)
    expect(res.body.esports_results.standings.map((s: any) => s.prize)).toEqual([0, 0, 0])
    expect(await entries('esports_prize')).toHaveLength(0)
  })

  it('lets an admin enter them, and the simulator draw them (valid, paid, pool at 0)', async () => {
    const room = await example({ squads: 4, mode: 'squad' })
    const res = await ctx.api.post(resultsPath(room), { simulate: true }, ctx.admin.token)
    expect(res.status).toBe(201)
    const r = res.body.esports_results
    expect(r.source).toBe('simulator')
    expect(r.versions[0].entered_by.id).toBe(ctx.admin.id)
    expect(r.standings.map((s: any) => s.placement).sort()).toEqual([1, 2, 3, 4])
    expect(r.standings.reduce((n: number, s: any) => n + s.kills, 0)).toBeLessThanOrEqual(15)
    expect(await accountBalance(ctx.world.deps, esportsPoolCode(room.contest.id))).toBe(0)
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('answers 422 naming the squads', async () => {
    const room = await example()
    const bad = async (body: unknown) => {
      const res = await ctx.api.post(resultsPath(room), body, room.host.token)
      expect(res.status).toBe(422)
      return res.body.errors
    }
    expect(
      await bad({
        results: rows(room, [
          [1, 0],
          [1, 0],
          [3, 0],
        ]),
      }),
    ).toEqual({
      'results.1.placement': ['Squad Alpha and Squad Bravo both placed 1st'],
    })
    expect(
      await bad({
        results: rows(room, [
          [1, 5],
          [2, 0],
          [3, 0],
        ]),
      }),
    ).toEqual({
      'results.0.kills': ['Squad Alpha has 5 kills; at most 4 players could be killed'],
    })
    expect(
      await bad({
        results: rows(room, [
          [1, 4],
          [2, 4],
          [3, 0],
        ]),
      }),
    ).toEqual({
      results: [
        'Squad Alpha and Squad Bravo have 8 kills together; at most 5 of the 6 players could be killed',
      ],
    })
    expect(
      await bad({
        results: rows(room, [
          [1, 0],
          [2, 0],
        ]),
      }),
    ).toEqual({
      results: ['Squad Charlie has no result: every squad of the contest needs one row'],
    })
    const other = await bad({
      results: [
        ...rows(room, [
          [1, 0],
          [2, 0],
        ]),
        { squad_id: 999_999, placement: 3, kills: 0 },
      ],
    })
    expect(other['results.2.squad_id']).toEqual(['Squad 999999 is not in this contest'])
    expect(
      await bad({
        results: rows(room, [
          [1, 0],
          [2, -1],
          [4, 0],
        ]),
      }),
    ).toMatchObject({
      'results.1.kills': ['Squad Bravo’s kills must be a whole number, 0 or more'],
      'results.2.placement': ['Squad Charlie must be placed from 1st to 3rd'],
    })
    expect(await bad({})).toHaveProperty('results')
    expect(
      await bad({
        simulate: true,
        results: rows(room, [
          [1, 0],
          [2, 0],
          [3, 0],
        ]),
      }),
    ).toHaveProperty('results')
    expect(await bad({ results: [{ squad_id: 'x', placement: 1.5, kills: 0 }] })).toHaveProperty(
      'results.0.squad_id',
    )
    // Nothing was stored.
    expect(await ctx.world.deps.db.selectFrom('esports_results').selectAll().execute()).toEqual([])
  })

  it('checks solo kills against the players out before them', async () => {
    const room = await example({ mode: 'solo', squads: 3 })
    const res = await enter(
      room,
      [
        [3, 1],
        [1, 1],
        [2, 0],
      ],
      room.host.token,
    )
    expect(res.status).toBe(422)
    expect(res.body.errors['results.0.kills']).toEqual([
      'Squad Alpha placed 3rd has 1 kill; only 0 players were out before them',
    ])
  })

  it('is the host’s or an admin’s: 403 for others who see it, 404 when private', async () => {
    const room = await example()
    const body = {
      results: rows(room, [
        [1, 0],
        [2, 0],
        [3, 0],
      ]),
    }
    const stranger = await ctx.api.player()
    expect((await ctx.api.post(resultsPath(room), body, stranger.token)).status).toBe(403)
    expect((await ctx.api.post(resultsPath(room), body, room.players[0]!.token)).status).toBe(403)
    expect((await ctx.api.post(resultsPath(room), body)).status).toBe(401)
    const hidden = await example({ isPrivate: true })
    const res = await enter(
      hidden,
      [
        [1, 0],
        [2, 0],
        [3, 0],
      ],
      stranger.token,
    )
    expect(res.status).toBe(404)
    expect((await ctx.api.get(resultsPath(hidden), stranger.token)).status).toBe(404)
    expect((await ctx.api.post('/api/esports/contests/1999999/results', body, ctx.admin.token)).status).toBe(
      404,
    )
  })

  it('answers 409 before the start and unless the contest is locked or completed; 404 before any results', async () => {
    const early = await example({ startsInMs: 10 * 60_000 })
    const body = (room: Room) => ({
      results: rows(room, [
        [1, 0],
        [2, 0],
        [3, 0],
      ]),
    })
    const res = await ctx.api.post(resultsPath(early), body(early), early.host.token)
    expect(res.status).toBe(409)
    expect(res.body.error).toMatch(/not started/)
    expect((await ctx.api.get(resultsPath(early), early.host.token)).status).toBe(404)
    for (const status of ['open', 'cancelled'] as const) {
      const room = await example({ status })
      expect((await ctx.api.post(resultsPath(room), body(room), room.host.token)).status).toBe(409)
    }
    ctx.world.wall.advance(11 * 60_000)
    expect((await ctx.api.post(resultsPath(early), body(early), early.host.token)).status).toBe(201)
  })
})

describe('the results sheet', () => {
  it('gives the page the contest and its squads, and who may enter results', async () => {
    const room = await example({ isPrivate: true })
    const path = `/api/esports/contests/${room.contest.id}/results_sheet`
    const host = await ctx.api.get(path, room.host.token)
    expect(host.status).toBe(200)
    expect(host.body.results_sheet).toMatchObject({
      contest: {
        id: room.contest.id,
        game: 'free-fire',
        mode: 'duo',
        status: 'locked',
        results_version: 0,
        is_host: true,
      },
      can_enter: true,
      my_squad_id: null,
    })
    expect(host.body.results_sheet.squads.map((s: any) => [s.name, s.players.length])).toEqual([
      ['Squad Alpha', 2],
      ['Squad Bravo', 2],
      ['Squad Charlie', 2],
    ])
    const member = await ctx.api.get(path, room.players[2]!.token)
    expect(member.body.results_sheet).toMatchObject({ can_enter: false, my_squad_id: room.squads[1]!.id })
    expect((await ctx.api.get(path, (await ctx.api.player()).token)).status).toBe(404)
  })
})

describe('corrections', () => {
  it('re-ranks and posts each member’s difference both ways, never editing', async () => {
    const room = await example()
    await enter(room, inOrder, room.host.token)
    const houseBefore = await house()
    const res = await enter(
      room,
      [
        [3, 3],
        [2, 1],
        [1, 0],
      ],
      ctx.admin.token,
      { note: 'Alpha and Charlie were swapped' },
    )
    expect(res.status).toBe(201)
    const r = res.body.esports_results
    expect(r.version).toBe(2)
    expect(r.source).toBe('admin')
    expect(r.versions.map((v: any) => v.version)).toEqual([2, 1])
    // Charlie 1st (12) = ₹123.50 → ₹61.75 each; Bravo 10; Alpha 3rd + 3 kills = 11 → 2nd: ₹6 + ₹74.10.
    expect(r.standings.map((s: any) => [s.squad.name, s.rank, s.points, s.prize])).toEqual([
      ['Squad Charlie', 1, 12, 123.5],
      ['Squad Alpha', 2, 11, 80.1],
      ['Squad Bravo', 3, 10, 51.4],
    ])
    const [a1, , b1, , c1] = room.players
    expect(await paise(ctx.world.deps, a1!.id)).toEqual({ unused: 0, winnings: 4005 })
    expect(await paise(ctx.world.deps, b1!.id)).toEqual({ unused: 0, winnings: 2570 })
    expect(await paise(ctx.world.deps, c1!.id)).toEqual({ unused: 0, winnings: 6175 })
    const corrections = await ctx.world.deps.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['a.code', 'e.amount'])
      .where('t.kind', '=', 'esports_correction')
      .where('a.user_id', '=', a1!.id)
      .execute()
    expect(corrections.map((c) => Number(c.amount))).toEqual([-2470])
    // The first version's prize postings are still there, unchanged.
    expect(await entries('esports_prize')).toHaveLength(6)
    expect(await entries('esports_correction')).toHaveLength(6)
    // Same total paid (₹255 both times): the house is square.
    expect((await house()) - houseBefore).toBe(0)
    expect(await accountBalance(ctx.world.deps, esportsPoolCode(room.contest.id))).toBe(0)
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
    const corrected = (await notificationsOf(ctx.world.deps.db, c1!.id, 'esports_results_corrected'))[0]!
    expect(corrected.body).toBe(
      `Results of ${room.contest.name} were corrected: your squad ranked 1st and you won ₹61.75`,
    )
  })

  it('is refused with 409 naming the player who spent the winnings, changing nothing', async () => {
    const room = await example()
    await enter(room, inOrder, room.host.token)
    const spender = room.players[0]!
    // The player spends ₹60 of the ₹64.75 won (an entry elsewhere).
    await withTx(ctx.world.deps, async (tx, after) => {
      const now = ctx.world.deps.clock.now()
      await post(
        tx,
        {
          kind: 'esports_entry',
          idempotencyKey: 'test:spend',
          lines: [
            { accountId: await userAccountId(tx, spender.id, 'winnings'), amount: -6000 },
            { accountId: await systemAccountId(tx, 'esports_contest:1:pool', 'INR', now), amount: 6000 },
          ],
          nowMs: now,
        },
        after,
      )
    })
    const before = await paise(ctx.world.deps, spender.id)
    const res = await enter(
      room,
      [
        [3, 3],
        [2, 1],
        [1, 0],
      ],
      room.host.token,
    )
    expect(res.status).toBe(409)
    expect(res.body.error).toBe(
      `${spender.username} has only ₹4.75 of the ₹24.7 this correction takes back; nothing was changed`,
    )
    expect(await paise(ctx.world.deps, spender.id)).toEqual(before)
    expect(await ctx.world.deps.db.selectFrom('esports_results').select('version').execute()).toEqual([
      { version: 1 },
    ])
    expect(await entries('esports_correction')).toHaveLength(0)
    const shown = await ctx.api.get(resultsPath(room), room.host.token)
    expect(shown.body.esports_results.version).toBe(1)
    expect(shown.body.esports_results.standings[0].squad.name).toBe('Squad Alpha')
  })
})

describe('disputes', () => {
  const disputes = (room: Room) => `/api/esports/contests/${room.contest.id}/disputes`

  it('puts a member’s dispute in the reports queue and tells the host and admins', async () => {
    const room = await example()
    const member = room.players[2]!
    expect((await ctx.api.post(disputes(room), { text: 'We were 1st, not 2nd' }, member.token)).status).toBe(
      409,
    )
    await enter(room, inOrder, room.host.token)
    const res = await ctx.api.post(
      disputes(room),
      { text: 'We were 1st, not 2nd: see the screenshot', squad_id: room.squads[1]!.id },
      member.token,
    )
    expect(res.status).toBe(201)
    expect(res.body.report).toMatchObject({
      subject_type: 'esports_contest',
      subject_id: room.contest.id,
      subject_label: room.contest.name,
      contest_name: room.contest.name,
      reason: 'wrong_results',
      reason_label: 'Results disputed',
      text: 'About Squad Bravo: We were 1st, not 2nd: see the screenshot',
      status: 'open',
    })
    const queue = await ctx.api.get('/api/admin/reports', ctx.admin.token)
    expect(queue.body.reports.map((r: any) => r.id)).toContain(res.body.report.id)
    for (const userId of [room.host.id, ctx.admin.id]) {
      const n = (await notificationsOf(ctx.world.deps.db, userId, 'esports_dispute'))[0]!
      expect(n.body).toBe(`${member.username} disputed the results of ${room.contest.name} (version 1)`)
    }
    // One open dispute per member.
    expect(
      (await ctx.api.post(disputes(room), { text: 'And another thing here' }, member.token)).status,
    ).toBe(409)
    // The admin resolves it like any report; the member is told.
    const resolved = await ctx.api.post(
      `/api/admin/reports/${res.body.report.id}/resolve`,
      { resolution: 'Checked the screenshot: results stand' },
      ctx.admin.token,
    )
    expect(resolved.status).toBe(200)
  })

  it('is for members only, with 10–1000 characters, within 24 hours', async () => {
    const room = await example()
    await enter(room, inOrder, room.host.token)
    const stranger = await ctx.api.player()
    expect(
      (await ctx.api.post(disputes(room), { text: 'Looks wrong to me here' }, stranger.token)).status,
    ).toBe(404)
    expect(
      (await ctx.api.post(disputes(room), { text: 'Looks wrong to me here' }, room.host.token)).status,
    ).toBe(404)
    const member = room.players[0]!
    const short = await ctx.api.post(disputes(room), { text: 'Wrong' }, member.token)
    expect(short.status).toBe(422)
    expect(short.body.errors).toHaveProperty('text')
    expect((await ctx.api.post(disputes(room), { text: 'x'.repeat(1001) }, member.token)).status).toBe(422)
    const other = await example()
    const wrongSquad = await ctx.api.post(
      disputes(room),
      { text: 'Looks wrong to me here', squad_id: other.squads[0]!.id },
      member.token,
    )
    expect(wrongSquad.status).toBe(422)
    expect(wrongSquad.body.errors).toEqual({ squad_id: ['is not a squad of this contest'] })
    ctx.world.wall.advance(24 * 3_600_000 + 1)
    member.token = (await ctx.api.login(member.email, member.password)).access_token
    const late = await ctx.api.post(disputes(room), { text: 'Looks wrong to me here' }, member.token)
    expect(late.status).toBe(409)
    expect(late.body.error).toMatch(/24 hours/)
    expect((await ctx.api.get(resultsPath(room), member.token)).body.esports_results.can_dispute).toBe(false)
  })
})
