import { beforeEach, describe, expect, it } from 'vitest'
import { SYSTEM_ACCOUNTS, userBalances } from '../../../server/areas/ledger/service'

import { REDEMPTION_HOLDS_ACCOUNT } from '../../../server/areas/wallet/redemptions/redemptions'
import { rowWhere } from '../../helpers/db'
import { giveWinnings, submitPan, verifiedPlayer, verifyMobile } from '../../helpers/kyc'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ admin: true, ledger: true, attachments: true })
let types: { bank: number; upi: number }
beforeEach(async () => {
  const list = (await ctx.api.get('/api/redemption_types')).body.redemption_types as Array<{
    id: number
    code: string
  }>
  types = {
    bank: list.find((t) => t.code === 'bank')?.id as number,
    upi: list.find((t) => t.code === 'upi')?.id as number,
  }
})

/** Paise on a system account (0 before it exists). */
async function systemBalance(code: string): Promise<number> {
  const row = await rowWhere(ctx.world.deps.db, 'ledger_accounts', { code }, 'balance')
  return Number(row?.balance ?? 0)
}
const winnings = async (userId: number) => (await userBalances(ctx.world.deps.db, userId)).winnings
const redeem = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.api.call('POST', '/api/redemptions.json', { token, body, headers })

describe('GET /api/redemption_types', () => {
  it('lists bank (min ₹200) and UPI (min ₹100, fee ₹10, ₹10,000 a day) in rupees', async () => {
    const r = await ctx.api.get('/api/redemption_types.json')
    expect(r.status).toBe(200)
    expect(r.body.redemption_types).toEqual([
      { id: types.bank, code: 'bank', name: 'Bank transfer', min_amount: 200, fee: 0, daily_limit: null },
      { id: types.upi, code: 'upi', name: 'UPI', min_amount: 100, fee: 10, daily_limit: 10_000 },
    ])
  })
})

describe('POST /api/redemptions', () => {
  it('needs what the welcome mail says and nothing more: not a verified e-mail address', async () => {
    const signup = await ctx.api.post('/api/users', {
      email: 'new.player@example.test',
      username: 'new_player',
      password: 'long-enough-pass',
      full_name: 'New Player',
    })
    expect(signup.status).toBe(201)
    const mail = await ctx.world.deps.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('to_address', '=', 'new.player@example.test')
      .executeTakeFirstOrThrow()
    const body = mail.body.replace(/\s+/g, ' ')
    expect(body).toContain('withdraw while the address is unverified')
    expect(body).toContain('a verified mobile number, an approved PAN and a bank account or UPI id')
    const token = (await ctx.api.login('new.player@example.test', 'long-enough-pass')).access_token
    const me = (await ctx.api.get('/api/me', token)).body.user
    expect(me.email_verified).toBe(false)
    const player = { ...me, token, email: 'new.player@example.test', password: 'long-enough-pass' }
    // What the mail lists, and no more: mobile, PAN, somewhere to pay to.
    expect((await redeem(token, { amount: 100, redemption_type_id: types.upi })).body.code).toBe(
      'NOT_VERIFIED',
    )
    await verifyMobile(ctx.api, ctx.admin.token, player)
    const pan = await submitPan(ctx.api, player)
    expect((await ctx.api.post(`/api/admin/kyc/${pan.id}/approve`, undefined, ctx.admin.token)).status).toBe(
      200,
    )
    expect((await ctx.api.post('/api/bhim_upis', { upi_str: 'new.player@okaxis' }, token)).status).toBe(201)
    await giveWinnings(ctx.api, ctx.admin.token, me.id, 500)
    const r = await redeem(token, { amount: 100, redemption_type_id: types.upi })
    expect(r.status).toBe(201)
    expect((await ctx.api.get('/api/me', token)).body.user).toMatchObject({
      email_verified: false,
      is_current_user_allowed_to_redeem: true,
    })
  })

  it('holds amount + fee from winnings for a UPI withdrawal, pending', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token, { upi: 'virat@okhdfc' })
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 500)
    const r = await redeem(p.token, { amount: 100, redemption_type_id: types.upi })
    expect(r.status).toBe(201)
    expect(r.body.redemption).toMatchObject({
      status: 'pending',
      amount: 100,
      fee: 10,
      total_debited: 110,
      redemption_type: { id: types.upi, name: 'UPI' },
      destination: 'virat@okhdfc',
      created_at_in_millis: ctx.world.deps.clock.now(),
      created_at_str_small: '22 Nov 2026, 11:30 AM',
    })
    expect(await winnings(p.id)).toBe(39_000)
    expect(await systemBalance(REDEMPTION_HOLDS_ACCOUNT)).toBe(11_000)
    const me = (await ctx.api.get('/api/me', p.token)).body.user
    expect(me).toMatchObject({ winning_balance: 390, is_current_user_allowed_to_redeem: true })
  })

  it('pays to the bank account on file with no fee', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token, { upi: false, bank: true })
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 300)
    const r = await redeem(p.token, { amount: '250.50', redemption_type_id: types.bank })
    expect(r.status).toBe(201)
    expect(r.body.redemption).toMatchObject({
      amount: 250.5,
      fee: 0,
      destination: 'HDFC0001234 XXXXXXXX7890',
    })
    expect(await winnings(p.id)).toBe(4_950)
  })

  it('refuses a user who is not verified with 403 NOT_VERIFIED, moving nothing', async () => {
    const p = await ctx.api.player()
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 500)
    const none = await redeem(p.token, { amount: 100, redemption_type_id: types.upi })
    expect(none.status).toBe(403)
    expect(none.body.code).toBe('NOT_VERIFIED')
    expect(none.body.error).toBe(
      'Before withdrawing you need a verified mobile number, an approved PAN, bank details or an active UPI id',
    )
    await verifyMobile(ctx.api, ctx.admin.token, p)
    const mobileOnly = await redeem(p.token, { amount: 100, redemption_type_id: types.upi })
    expect(mobileOnly.status).toBe(403)
    expect(mobileOnly.body.error).toBe(
      'Before withdrawing you need an approved PAN, bank details or an active UPI id',
    )
    expect(await winnings(p.id)).toBe(50_000)
    expect(await ctx.world.deps.db.selectFrom('redemptions').selectAll().execute()).toEqual([])
  })

  it('refuses a bank withdrawal without bank details (403) even with a UPI id', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token)
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 500)
    const r = await redeem(p.token, { amount: 200, redemption_type_id: types.bank })
    expect(r.status).toBe(403)
    expect(r.body.error).toBe('Add your bank details before withdrawing to a bank account')
  })

  it('refuses an amount below the type’s minimum with 409', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token, { bank: true })
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 1000)
    const upi = await redeem(p.token, { amount: 99.99, redemption_type_id: types.upi })
    expect(upi.status).toBe(409)
    expect(upi.body).toMatchObject({ code: 'REDEMPTION_LIMIT', error: 'The minimum UPI withdrawal is ₹100' })
    const bank = await redeem(p.token, { amount: 199, redemption_type_id: types.bank })
    expect(bank.status).toBe(409)
    expect(bank.body.error).toBe('The minimum Bank transfer withdrawal is ₹200')
    expect(await winnings(p.id)).toBe(100_000)
  })

  it('refuses more than the winnings (fee included) with 409; unused balance does not count', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token)
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 500)
    await ctx.api.post(
      '/api/admin/wallet/credits',
      { user_id: p.id, amount: 5000, compartment: 'unused' },
      ctx.admin.token,
    )
    const over = await redeem(p.token, { amount: 495, redemption_type_id: types.upi })
    expect(over.status).toBe(409)
    expect(over.body).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      error: 'This needs ₹505 of winnings (including the ₹10 fee); you have ₹500',
    })
    expect(await winnings(p.id)).toBe(50_000)
    const all = await redeem(p.token, { amount: 490, redemption_type_id: types.upi })
    expect(all.status).toBe(201)
    expect(await userBalances(ctx.world.deps.db, p.id)).toMatchObject({ winnings: 0, unused: 500_000 })
  })

  it('limits UPI to ₹10,000 per India day, not counting rejected requests', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token, { bank: true })
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 30_000)
    expect((await redeem(p.token, { amount: 6000, redemption_type_id: types.upi })).status).toBe(201)
    const second = await redeem(p.token, { amount: 4000, redemption_type_id: types.upi })
    expect(second.status).toBe(201)
    const over = await redeem(p.token, { amount: 100, redemption_type_id: types.upi })
    expect(over.status).toBe(409)
    expect(over.body).toMatchObject({
      code: 'REDEMPTION_LIMIT',
      error: 'UPI withdrawals are limited to ₹10,000 a day; ₹10,000 already requested today',
    })
    // Bank transfers have no daily limit.
    expect((await redeem(p.token, { amount: 5000, redemption_type_id: types.bank })).status).toBe(201)
    // A rejected request frees its share of the day.
    await ctx.api.post(
      `/api/admin/redemptions/${second.body.redemption.id}/reject`,
      { reason: 'Bad UPI id' },
      ctx.admin.token,
    )
    expect((await redeem(p.token, { amount: 4000, redemption_type_id: types.upi })).status).toBe(201)
    expect((await redeem(p.token, { amount: 100, redemption_type_id: types.upi })).status).toBe(409)
    // The day turns at midnight IST (18:30 UTC) on the game clock; the test clock starts at 11:30 IST.
    ctx.world.deps.clock.set({ advance_ms: 12.5 * 3_600_000 - 1 })
    expect((await redeem(p.token, { amount: 100, redemption_type_id: types.upi })).status).toBe(409)
    ctx.world.deps.clock.set({ advance_ms: 1 })
    expect((await redeem(p.token, { amount: 10_000, redemption_type_id: types.upi })).status).toBe(201)
  })

  it('refuses malformed amounts, unknown fields and types (422 / 404), and strangers (401)', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token)
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 500)
    for (const amount of [100.001, '12.345', -100, 0, 'lots'])
      expect((await redeem(p.token, { amount, redemption_type_id: types.upi })).body.errors).toEqual({
        amount: ['must be a positive amount of rupees with at most 2 decimals'],
      })
    const missing = await redeem(p.token, { amount: 100 })
    expect(missing.body.errors).toEqual({ redemption_type_id: ['is required'] })
    const extra = await redeem(p.token, { amount: 100, redemption_type_id: types.upi, fee: 0 })
    expect(extra.body.errors).toEqual({ fee: ['is not a known field'] })
    expect((await redeem(p.token, { amount: 100, redemption_type_id: 99 })).status).toBe(404)
    expect(
      (await ctx.api.post('/api/redemptions', { amount: 100, redemption_type_id: types.upi })).status,
    ).toBe(401)
    expect(await winnings(p.id)).toBe(50_000)
  })

  it('replays the first answer for a repeated Idempotency-Key and refuses the key with another body', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token)
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 500)
    const body = { amount: 100, redemption_type_id: types.upi }
    const first = await redeem(p.token, body, { 'Idempotency-Key': 'withdraw-1' })
    const again = await redeem(p.token, body, { 'Idempotency-Key': 'withdraw-1' })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(await winnings(p.id)).toBe(39_000)
    const other = await redeem(p.token, { ...body, amount: 200 }, { 'Idempotency-Key': 'withdraw-1' })
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await ctx.world.deps.db.selectFrom('redemptions').selectAll().execute()).toHaveLength(1)
  })
})

describe('GET /api/redemptions', () => {
  it('lists your withdrawals newest first with the spec fields, 100 a page', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token, { bank: true })
    const q = await verifiedPlayer(ctx.api, ctx.admin.token)
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 1000)
    await giveWinnings(ctx.api, ctx.admin.token, q.id, 1000)
    await redeem(p.token, { amount: 100, redemption_type_id: types.upi })
    await redeem(p.token, { amount: 200, redemption_type_id: types.bank })
    await redeem(q.token, { amount: 150, redemption_type_id: types.upi })
    const r = await ctx.api.get('/api/redemptions.json', p.token)
    expect(r.status).toBe(200)
    expect(r.body.meta).toMatchObject({ page: 1, per_page: 100, total: 2 })
    expect(r.body.redemptions.map((x: { amount: number }) => x.amount)).toEqual([200, 100])
    for (const x of r.body.redemptions) {
      expect(Object.keys(x)).toEqual(
        expect.arrayContaining([
          'id',
          'created_at_in_millis',
          'created_at_str_small',
          'status',
          'amount',
          'redemption_type',
        ]),
      )
      expect(x.redemption_type.name).toEqual(expect.any(String))
    }
    const fields = await ctx.api.get('/api/redemptions?fields=id,amount,redemption_type{name}', p.token)
    expect(fields.body.redemptions[0]).toEqual({
      id: r.body.redemptions[0].id,
      amount: 200,
      redemption_type: { name: 'Bank transfer' },
    })
    expect((await ctx.api.get('/api/redemptions')).status).toBe(401)
    expect((await ctx.api.get('/api/redemptions?per_page=101', p.token)).status).toBe(422)
  })
})

describe('admin decisions: /api/admin/redemptions', () => {
  it('approval pays the amount out and the fee to the house, once', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token)
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 500)
    const { redemption } = (await redeem(p.token, { amount: 100, redemption_type_id: types.upi })).body
    const houseBefore = await systemBalance(SYSTEM_ACCOUNTS.house.code)
    const pending = await ctx.api.get('/api/admin/redemptions?status=pending', ctx.admin.token)
    expect(pending.body.redemptions).toHaveLength(1)
    expect(pending.body.redemptions[0]).toMatchObject({
      id: redemption.id,
      user: { id: p.id, username: p.username },
    })
    const ok = await ctx.api.post(
      `/api/admin/redemptions/${redemption.id}/approve.json`,
      undefined,
      ctx.admin.token,
    )
    expect(ok.status).toBe(200)
    expect(ok.body.redemption).toMatchObject({ status: 'approved', reason: null })
    expect(await systemBalance(REDEMPTION_HOLDS_ACCOUNT)).toBe(0)
    expect(await systemBalance(SYSTEM_ACCOUNTS.payouts.code)).toBe(10_000)
    expect((await systemBalance(SYSTEM_ACCOUNTS.house.code)) - houseBefore).toBe(1_000)
    expect(await winnings(p.id)).toBe(39_000)
    const notes = JSON.stringify((await ctx.api.get('/api/notifications', p.token)).body)
    expect(notes).toContain('Your withdrawal of ₹100 to')
    const again = await ctx.api.post(
      `/api/admin/redemptions/${redemption.id}/approve`,
      undefined,
      ctx.admin.token,
    )
    expect(again.status).toBe(409)
    const reject = await ctx.api.post(
      `/api/admin/redemptions/${redemption.id}/reject`,
      { reason: 'late' },
      ctx.admin.token,
    )
    expect(reject.status).toBe(409)
    expect(await systemBalance(SYSTEM_ACCOUNTS.payouts.code)).toBe(10_000)
    expect(
      (await ctx.api.get('/api/admin/redemptions?status=approved', ctx.admin.token)).body.redemptions,
    ).toHaveLength(1)
  })

  it('rejection returns amount and fee to winnings, with the reason', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token)
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 500)
    const { redemption } = (await redeem(p.token, { amount: 100, redemption_type_id: types.upi })).body
    const noReason = await ctx.api.post(`/api/admin/redemptions/${redemption.id}/reject`, {}, ctx.admin.token)
    expect(noReason.status).toBe(422)
    expect(await winnings(p.id)).toBe(39_000)
    const r = await ctx.api.post(
      `/api/admin/redemptions/${redemption.id}/reject`,
      { reason: 'UPI id not found' },
      ctx.admin.token,
    )
    expect(r.status).toBe(200)
    expect(r.body.redemption).toMatchObject({ status: 'rejected', reason: 'UPI id not found' })
    expect(await winnings(p.id)).toBe(50_000)
    expect(await systemBalance(REDEMPTION_HOLDS_ACCOUNT)).toBe(0)
    expect(await systemBalance(SYSTEM_ACCOUNTS.payouts.code)).toBe(0)
    const mine = (await ctx.api.get('/api/redemptions', p.token)).body.redemptions[0]
    expect(mine).toMatchObject({ status: 'rejected', reason: 'UPI id not found' })
  })

  it('is for admins only, and 404 for unknown requests', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token)
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 500)
    const { redemption } = (await redeem(p.token, { amount: 100, redemption_type_id: types.upi })).body
    expect((await ctx.api.get('/api/admin/redemptions', p.token)).status).toBe(403)
    expect(
      (await ctx.api.post(`/api/admin/redemptions/${redemption.id}/approve`, undefined, p.token)).status,
    ).toBe(403)
    expect(
      (await ctx.api.post(`/api/admin/redemptions/${redemption.id}/reject`, { reason: 'nope' }, p.token))
        .status,
    ).toBe(403)
    expect((await ctx.api.post(`/api/admin/redemptions/${redemption.id}/approve`)).status).toBe(401)
    expect(
      (await ctx.api.post('/api/admin/redemptions/999/approve', undefined, ctx.admin.token)).status,
    ).toBe(404)
    expect((await ctx.api.get('/api/admin/redemptions?status=paid', ctx.admin.token)).status).toBe(422)
    expect(await winnings(p.id)).toBe(39_000)
  })
})
