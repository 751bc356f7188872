import { describe, expect, it } from 'vitest'
import { SYSTEM_ACCOUNTS, userBalances } from '../../../server/areas/ledger/service'
import { rowCount, rowWhere } from '../../helpers/db'
import { depositRow } from '../../helpers/gateway'
import { client } from '../../helpers/http'
import { leagueWorld } from '../../helpers/league'
import { houseTransfer } from '../../helpers/ledger'
import { apiWorld, inFreeContest } from '../../helpers/world'

const ctx = apiWorld({ admin: true, ledger: true })

const reason = 'Money left my bank but the wallet shows nothing'
let orders = 0

/** A deposit row as the add-cash flow leaves a failed payment (nothing credited). */
const failedDeposit = (userId: number, paise: number) =>
  depositRow(ctx.world.deps, userId, paise, { orderId: `ORDER-${userId}-${++orders}` })

async function claim(token: string, body: Record<string, unknown> = { reason }) {
  const r = await ctx.api.post('/api/claim_refunds', body, token)
  expect(r.status).toBe(201)
  return r.body.claim_refund as { id: number }
}

async function houseBalance(): Promise<number> {
  const row = await rowWhere(
    ctx.world.deps.db,
    'ledger_accounts',
    { code: SYSTEM_ACCOUNTS.house.code },
    'balance',
  )
  return Number(row?.balance ?? 0)
}
const unused = async (userId: number) => (await userBalances(ctx.world.deps.db, userId)).unused
const claimRow = (id: number) =>
  ctx.world.deps.db.selectFrom('claim_refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const ledgerCount = () => rowCount(ctx.world.deps.db, 'ledger_transactions')
const notesOf = async (token: string) =>
  (await ctx.api.get('/api/notifications', token)).body.notifications as Array<{ kind: string; body: string }>
const refund = (id: number | string, body: unknown, token = ctx.admin.token) =>
  ctx.api.post(`/api/admin/claim_refunds/${id}/refund`, body, token)
const reject = (id: number | string, body: unknown, token = ctx.admin.token) =>
  ctx.api.post(`/api/admin/claim_refunds/${id}/reject`, body, token)

describe('GET /api/admin/claim_refunds', () => {
  it('lists claims newest first with the user and the deposit, filtered by status', async () => {
    const p = await ctx.api.player()
    const credit = await failedDeposit(p.id, 25_050)
    const first = await claim(p.token, { reason, user_credit_id: credit })
    const second = await claim(p.token, { reason: 'Charged twice for one contest entry' })
    const r = await ctx.api.get('/api/admin/claim_refunds.json', ctx.admin.token)
    expect(r.status).toBe(200)
    expect(r.body.claim_refunds.map((c: { id: number }) => c.id)).toEqual([second.id, first.id])
    expect(r.body.claim_refunds[1]).toMatchObject({
      id: first.id,
      status: 'pending',
      reason,
      resolution: null,
      amount: 250.5,
      max_refund: 250.5,
      transaction_id: null,
      decided_at_in_millis: null,
      user: { id: p.id, username: p.username, email: p.email },
      user_credit: { id: credit, amount: 250.5, gateway: 'paytm', status: 'failed' },
      contest: null,
    })
    expect(r.body.claim_refunds[0]).toMatchObject({ user_credit: null, contest: null, max_refund: 10_000 })
    await reject(second.id, { reason: 'Only one entry was charged' })
    const pending = await ctx.api.get('/api/admin/claim_refunds?status=pending', ctx.admin.token)
    expect(pending.body.claim_refunds.map((c: { id: number }) => c.id)).toEqual([first.id])
    const rejected = await ctx.api.get('/api/admin/claim_refunds?status=rejected&limit=1', ctx.admin.token)
    expect(rejected.body.claim_refunds).toMatchObject([
      { id: second.id, status: 'rejected', max_refund: null },
    ])
    expect(
      (await ctx.api.get('/api/admin/claim_refunds?limit=1', ctx.admin.token)).body.claim_refunds,
    ).toHaveLength(1)
  })

  it('refuses an unknown status or a bad limit with 422', async () => {
    const bad = await ctx.api.get('/api/admin/claim_refunds?status=approved', ctx.admin.token)
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toHaveProperty('status')
    expect((await ctx.api.get('/api/admin/claim_refunds?limit=0', ctx.admin.token)).status).toBe(422)
    expect((await ctx.api.get('/api/admin/claim_refunds?limit=501', ctx.admin.token)).status).toBe(422)
  })

  it('is for admins only: 401 without a token, 403 for a player', async () => {
    const p = await ctx.api.player()
    expect((await ctx.api.get('/api/admin/claim_refunds')).status).toBe(401)
    const r = await ctx.api.get('/api/admin/claim_refunds', p.token)
    expect(r.status).toBe(403)
    expect(r.body.code).toBe('FORBIDDEN')
  })

  it('names the contest a claim is about', async () => {
    const league = await leagueWorld()
    try {
      const lapi = client(league.deps)
      const ladmin = await lapi.admin()
      const p = await lapi.player()
      const free = await inFreeContest({ api: lapi, deps: league.deps }, p)
      const made = await lapi.post('/api/claim_refunds', { reason, contest_id: free.id }, p.token)
      expect(made.status).toBe(201)
      const list = await lapi.get('/api/admin/claim_refunds', ladmin.token)
      expect(list.body.claim_refunds[0]).toMatchObject({
        id: made.body.claim_refund.id,
        contest: { id: free.id, name: free.name, entry_fee: 0 },
        user_credit: null,
      })
    } finally {
      await league.close()
    }
  })
})

describe('POST /api/admin/claim_refunds/{id}/refund', () => {
  it('credits the unused balance from the house once, marks the claim refunded and tells the player', async () => {
    const p = await ctx.api.player()
    const credit = await failedDeposit(p.id, 25_050)
    const c = await claim(p.token, { reason, user_credit_id: credit })
    const houseBefore = await houseBalance()
    const r = await ctx.api.post(
      `/api/admin/claim_refunds/${c.id}/refund.json`,
      { amount: 250.5, note: 'The bank confirmed the debit' },
      ctx.admin.token,
    )
    expect(r.status).toBe(200)
    expect(r.body.claim_refund).toMatchObject({
      id: c.id,
      status: 'refunded',
      amount: 250.5,
      resolution: 'The bank confirmed the debit',
      decided_at_in_millis: ctx.world.deps.clock.now(),
      max_refund: null,
      transaction_id: expect.any(Number),
      user: { id: p.id },
    })
    expect(r.body.wallet).toMatchObject({ unused_balance: 250.5, current_balance: 250.5 })
    expect(await unused(p.id)).toBe(25_050)
    expect(houseBefore - (await houseBalance())).toBe(25_050)

    const tx = await ctx.world.deps.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('id', '=', r.body.claim_refund.transaction_id)
      .executeTakeFirstOrThrow()
    expect(tx).toMatchObject({ kind: 'claim_refund', idempotency_key: `claim_refund:${c.id}` })
    const book = (await ctx.api.get('/api/me/unused_passbook', p.token)).body
    expect(book.passbook_entries).toMatchObject([
      { amount: 250.5, balance: 250.5, kind: 'claim_refund', memo: `Refund for claim #${c.id}` },
    ])
    expect(await notesOf(p.token)).toContainEqual(
      expect.objectContaining({
        kind: 'claim_refund_refunded',
        body: `₹250.50 from your refund claim #${c.id} is in your unused balance.`,
      }),
    )

    // The player's refund-status reads show the decision.
    const mine = (await ctx.api.get('/api/claim_refunds', p.token)).body.claim_refunds
    expect(mine).toEqual([
      expect.objectContaining({
        id: c.id,
        status: 'refunded',
        amount: 250.5,
        resolution: 'The bank confirmed the debit',
        decided_at_in_millis: ctx.world.deps.clock.now(),
      }),
    ])
    expect((await ctx.api.get(`/api/claim_refunds/${c.id}`, p.token)).body.claim_refund).toMatchObject({
      status: 'refunded',
      amount: 250.5,
    })
  })

  it('writes a default answer without a note, and refunds a general claim up to ₹10,000', async () => {
    const p = await ctx.api.player()
    const c = await claim(p.token)
    const r = await refund(c.id, { amount: '10000' })
    expect(r.status).toBe(200)
    expect(r.body.claim_refund).toMatchObject({
      status: 'refunded',
      amount: 10_000,
      resolution: 'Refunded ₹10,000.00 to your unused balance.',
    })
    expect(await unused(p.id)).toBe(1_000_000)
  })

  it('decides once: a second refund or a reject afterwards is 409 and moves nothing', async () => {
    const p = await ctx.api.player()
    const c = await claim(p.token)
    expect((await refund(c.id, { amount: 100 })).status).toBe(200)
    const count = await ledgerCount()
    const again = await refund(c.id, { amount: 100 })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'CONFLICT', error: 'This refund claim is already refunded' })
    const late = await reject(c.id, { reason: 'Changed my mind' })
    expect(late.status).toBe(409)
    expect(await ledgerCount()).toBe(count)
    expect(await unused(p.id)).toBe(10_000)
    expect(await claimRow(c.id)).toMatchObject({ status: 'refunded', amount: 10_000 })
    expect((await notesOf(p.token)).filter((n) => n.kind.startsWith('claim_refund'))).toHaveLength(1)
  })

  it('refuses bad amounts and bodies with 422, changing nothing', async () => {
    const p = await ctx.api.player()
    const c = await claim(p.token)
    const cases: Array<[unknown, string]> = [
      [{ amount: 0 }, 'must be above 0 and at most ₹10,000'],
      [{ amount: -5 }, 'must be above 0 and at most ₹10,000'],
      [{ amount: 10_000.01 }, 'must be above 0 and at most ₹10,000'],
      [{ amount: 12.345 }, 'must be rupees with at most 2 decimals'],
      [{ amount: 'ten' }, 'must be rupees with at most 2 decimals'],
      [{}, 'is required'],
      [{ amount: true }, 'must be rupees with at most 2 decimals'],
    ]
    for (const [body, message] of cases) {
      const r = await refund(c.id, body)
      expect(r.status, JSON.stringify(body)).toBe(422)
      expect(r.body.errors.amount).toEqual([message])
    }
    const unknown = await refund(c.id, { amount: 10, by: 'me' })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toEqual({ by: ['is not a known field'] })
    expect((await refund(c.id, { amount: 10, note: 'x' })).body.errors).toHaveProperty('note')
    expect(await claimRow(c.id)).toMatchObject({ status: 'pending', resolution: null, amount: null })
    expect(await unused(p.id)).toBe(0)
  })

  it('refunds at most what is left of the claimed deposit', async () => {
    const p = await ctx.api.player()
    const credit = await failedDeposit(p.id, 25_050)
    const c = await claim(p.token, { reason, user_credit_id: credit })
    const over = await refund(c.id, { amount: 250.51 })
    expect(over.status).toBe(422)
    expect(over.body.errors.amount).toEqual([`must be at most ₹250.50, what is left of deposit #${credit}`])
    expect(await claimRow(c.id)).toMatchObject({ status: 'pending', amount: 25_050 })
    expect(await unused(p.id)).toBe(0)
    expect(await notesOf(p.token)).toEqual([])

    // Part of it now, the rest on a later claim about the same deposit.
    expect((await refund(c.id, { amount: 100 })).status).toBe(200)
    const later = await claim(p.token, { reason, user_credit_id: credit })
    const listed = (await ctx.api.get('/api/admin/claim_refunds?status=pending', ctx.admin.token)).body
      .claim_refunds
    expect(listed).toMatchObject([{ id: later.id, max_refund: 150.5 }])
    expect((await refund(later.id, { amount: 150.51 })).status).toBe(422)
    expect((await refund(later.id, { amount: 150.5 })).status).toBe(200)
    expect(await unused(p.id)).toBe(25_050)
  })

  it('rolls the whole decision back when the posting is refused', async () => {
    const p = await ctx.api.player()
    const c = await claim(p.token)
    // A different posting already holds the claim's key: the refund's posting is refused.
    await houseTransfer(ctx.world.deps, p.id, 1, { kind: 'claim_refund', key: `claim_refund:${c.id}` })
    const r = await refund(c.id, { amount: 50 })
    expect(r.status).toBe(409)
    expect(r.body.code).toBe('IDEMPOTENCY_CONFLICT')
    expect(await claimRow(c.id)).toMatchObject({ status: 'pending', resolution: null, amount: null })
    expect(await unused(p.id)).toBe(1)
    expect(await notesOf(p.token)).toEqual([])
  })

  it('answers 404 for an unknown claim and 422 for a malformed id', async () => {
    expect((await refund(99_999, { amount: 10 })).status).toBe(404)
    expect((await refund(99_999, { amount: 10 })).body.code).toBe('NOT_FOUND')
    expect((await refund('abc', { amount: 10 })).status).toBe(422)
  })

  it('is for admins only: a player gets 403 (even on their own claim), no token 401', async () => {
    const p = await ctx.api.player()
    const c = await claim(p.token)
    const mine = await refund(c.id, { amount: 100 }, p.token)
    expect(mine.status).toBe(403)
    expect(mine.body.code).toBe('FORBIDDEN')
    expect((await ctx.api.post(`/api/admin/claim_refunds/${c.id}/refund`, { amount: 100 })).status).toBe(401)
    expect(await claimRow(c.id)).toMatchObject({ status: 'pending' })
    expect(await unused(p.id)).toBe(0)
  })
})

describe('POST /api/admin/claim_refunds/{id}/reject', () => {
  it('rejects with the reason as the answer, moves no money and tells the player', async () => {
    const p = await ctx.api.player()
    const credit = await failedDeposit(p.id, 50_000)
    const c = await claim(p.token, { reason, user_credit_id: credit })
    const count = await ledgerCount()
    const r = await ctx.api.post(
      `/api/admin/claim_refunds/${c.id}/reject.json`,
      { reason: 'The payment reached your wallet on 22 Nov' },
      ctx.admin.token,
    )
    expect(r.status).toBe(200)
    expect(r.body.claim_refund).toMatchObject({
      id: c.id,
      status: 'rejected',
      resolution: 'The payment reached your wallet on 22 Nov',
      amount: 500,
      transaction_id: null,
      decided_at_in_millis: ctx.world.deps.clock.now(),
    })
    expect(await ledgerCount()).toBe(count)
    expect(await unused(p.id)).toBe(0)
    expect(await notesOf(p.token)).toContainEqual(
      expect.objectContaining({
        kind: 'claim_refund_rejected',
        body: `Your refund claim #${c.id} was not accepted: The payment reached your wallet on 22 Nov`,
      }),
    )
    const mine = (await ctx.api.get('/api/claim_refunds', p.token)).body.claim_refunds
    expect(mine).toMatchObject([
      { id: c.id, status: 'rejected', resolution: 'The payment reached your wallet on 22 Nov' },
    ])
    expect((await reject(c.id, { reason: 'Again' })).status).toBe(409)
    expect((await refund(c.id, { amount: 1 })).status).toBe(409)
    expect(await unused(p.id)).toBe(0)
  })

  it('needs a reason of at least 3 characters and no other fields (422)', async () => {
    const p = await ctx.api.player()
    const c = await claim(p.token)
    expect((await reject(c.id, {})).body.errors).toEqual({ reason: ['is required'] })
    expect((await reject(c.id, { reason: 'no' })).status).toBe(422)
    expect((await reject(c.id, { reason: 'Not ours', amount: 1 })).body.errors).toEqual({
      amount: ['is not a known field'],
    })
    expect(await claimRow(c.id)).toMatchObject({ status: 'pending', resolution: null })
  })

  it('answers 404 for an unknown claim, 403 for a player, 401 without a token', async () => {
    const p = await ctx.api.player()
    const c = await claim(p.token)
    expect((await reject(99_999, { reason: 'Not ours' })).status).toBe(404)
    expect((await reject(c.id, { reason: 'Not ours' }, p.token)).status).toBe(403)
    expect(
      (await ctx.api.post(`/api/admin/claim_refunds/${c.id}/reject`, { reason: 'Not ours' })).status,
    ).toBe(401)
    expect(await claimRow(c.id)).toMatchObject({ status: 'pending' })
  })
})
