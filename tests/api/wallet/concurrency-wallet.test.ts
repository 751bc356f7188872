import { beforeAll, describe, expect, it } from 'vitest'
import { userBalances } from '../../../server/areas/ledger/service'

import { earnScratchCard } from '../../../server/areas/wallet/rewards/rewards'

import { withTx } from '../../../server/db/tx'
import { OTP_SEND_LIMIT } from '../../../server/domain/kyc-rules'
import { drawReward } from '../../../server/domain/rewards'
import { codes, expectLedgerBalanced, race, statuses } from '../../helpers/concurrency'
import { rowsWhere } from '../../helpers/db'
import { deposit, pressGateway } from '../../helpers/gateway'
import { giveWinnings, nextMobile, PAN, PNG_1X1, upload, verifiedPlayer } from '../../helpers/kyc'
import { apiWorld } from '../../helpers/world'

// Simultaneous requests against one money or verification rule each (docs/architecture.md,
// "Writes that check, then write"); the Postgres leg of `npm test` runs them where they really
// run at once. After each, the ledger must still add up.

const ctx = apiWorld({ admin: true, per: 'file', attachments: true })
let upiType: number
beforeAll(async () => {
  const types = (await ctx.api.get('/api/redemption_types')).body.redemption_types as Array<{
    id: number
    code: string
  }>
  upiType = types.find((t) => t.code === 'upi')?.id as number
})

/** The body of the first answer with this status (the test fails if there is none). */
function firstWith(answers: Array<{ status: number; body: unknown }>, status: number): unknown {
  const answer = answers.find((a) => a.status === status)
  if (!answer) throw new Error(`no answer with status ${status}`)
  return answer.body
}

const winnings = async (userId: number) => (await userBalances(ctx.world.deps.db, userId)).winnings

describe('withdrawals at once', () => {
  it('keeps a player within the daily UPI limit however many requests arrive together', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token)
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 30_000)
    // ₹10,000 a day by UPI: two of these fit, the third would not.
    const answers = await race(4, () =>
      ctx.api.post('/api/redemptions', { amount: 4_000, redemption_type_id: upiType }, p.token),
    )
    expect(statuses(answers)).toEqual({ 201: 2, 409: 2 })
    expect(codes(answers)).toEqual(['REDEMPTION_LIMIT', 'REDEMPTION_LIMIT'])
    expect(await winnings(p.id)).toBe((30_000 - 2 * 4_010) * 100)
    await expectLedgerBalanced(ctx.world.deps)
  })

  it('decides a request once when an approval and a rejection arrive together', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token)
    await giveWinnings(ctx.api, ctx.admin.token, p.id, 500)
    const made = await ctx.api.post('/api/redemptions', { amount: 200, redemption_type_id: upiType }, p.token)
    expect(made.status).toBe(201)
    const id = made.body.redemption.id
    const answers = await race(4, (i) =>
      i % 2 === 0
        ? ctx.api.post(`/api/admin/redemptions/${id}/approve`, undefined, ctx.admin.token)
        : ctx.api.post(`/api/admin/redemptions/${id}/reject`, { reason: 'name mismatch' }, ctx.admin.token),
    )
    expect(statuses(answers)).toEqual({ 200: 1, 409: 3 })
    const { status } = (firstWith(answers, 200) as { redemption: { status: string } }).redemption
    // Paid out: ₹290 left; returned: all ₹500 back.
    expect(await winnings(p.id)).toBe(status === 'approved' ? 290_00 : 500_00)
    await expectLedgerBalanced(ctx.world.deps)
  })
})

describe('scratch cards at once', () => {
  it('pays a card once however many claims arrive together', async () => {
    const me = await ctx.api.player()
    let key = 0
    while (drawReward(ctx.world.deps.rng.seed, `race:${key}`).kind !== 'cash') key++
    const id = await withTx(ctx.world.deps, (tx) =>
      earnScratchCard(tx, ctx.world.deps.rng.seed, {
        userId: me.id,
        source: 'contest_join',
        sourceKey: `race:${key}`,
        nowMs: ctx.world.deps.clock.now(),
      }),
    )
    const answers = await race(5, () => ctx.api.post('/api/scratch_cards/claim', { id }, me.token))
    expect(statuses(answers)).toEqual({ 200: 1, 409: 4 })
    expect(new Set(codes(answers))).toEqual(new Set(['ALREADY_CLAIMED']))
    const reward = drawReward(ctx.world.deps.rng.seed, `race:${key}`)
    expect((await userBalances(ctx.world.deps.db, me.id)).unused).toBe(reward.amount)
    await expectLedgerBalanced(ctx.world.deps)
  })
})

describe('deposits at once', () => {
  it('records one payment when the gateway button is pressed several times together', async () => {
    const me = await ctx.api.player()
    const credit = (
      await ctx.api.post('/api/user_credits', { enter_amount: 500, gateway: 'paytm' }, me.token)
    ).body.user_credit
    const answers = await race(3, () =>
      ctx.api.call('POST', credit.payment_data.url, {
        raw: 'outcome=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      }),
    )
    expect(statuses(answers)).toEqual({ 200: 1, 409: 2 })
    expect(codes(answers)).toEqual(['ORDER_CLOSED', 'ORDER_CLOSED'])
  })

  it('credits a deposit once when its callback is verified several times together', async () => {
    const me = await ctx.api.player()
    const credit = (
      await ctx.api.post('/api/user_credits', { enter_amount: 700, gateway: 'paytm' }, me.token)
    ).body.user_credit
    const cb = await pressGateway(ctx.api, credit.payment_data.url, 'pay')
    const answers = await race(4, () => ctx.api.put('/api/user_credits/verify_paytm', cb.params, me.token))
    expect(statuses(answers)).toEqual({ 200: 1, 409: 3 })
    expect((await userBalances(ctx.world.deps.db, me.id)).unused).toBe(70_000)
    await expectLedgerBalanced(ctx.world.deps)
  })
})

describe('referral codes at once', () => {
  it('lets two players apply each other’s codes only one way round', async () => {
    const [a, b] = await Promise.all([ctx.api.player(), ctx.api.player()])
    const codeOf = async (p: { token: string }) => (await ctx.api.get('/api/me', p.token)).body.user.reference
    const [codeA, codeB] = await Promise.all([codeOf(a), codeOf(b)])
    const answers = await Promise.all([
      ctx.api.post('/api/me/refer_code', { ref_code: codeB }, a.token),
      ctx.api.post('/api/me/refer_code', { ref_code: codeA }, b.token),
    ])
    expect(statuses(answers)).toEqual({ 200: 1, 422: 1 })
    await expectLedgerBalanced(ctx.world.deps)
  })
})

describe('verification at once', () => {
  it(`sends at most ${OTP_SEND_LIMIT} OTPs in the window however many requests arrive together`, async () => {
    const me = await ctx.api.player()
    const mobile = nextMobile()
    const answers = await race(OTP_SEND_LIMIT + 3, () =>
      ctx.api.post('/api/mobile_numbers', { mobile_number: mobile }, me.token),
    )
    expect(statuses(answers)).toEqual({ 200: OTP_SEND_LIMIT, 429: 3 })
    const sent = await rowsWhere(ctx.world.deps.db, 'mobile_otps', { user_id: me.id }, 'id')
    expect(sent).toHaveLength(OTP_SEND_LIMIT)
  })

  it('keeps one pending PAN submission when several arrive together', async () => {
    const me = await ctx.api.player()
    const photo = await upload(ctx.api, me.token, PNG_1X1)
    const answers = await race(3, () =>
      ctx.api.put('/api/me/save_pan', { ...PAN, attachment_id: photo.body.attachment.id }, me.token),
    )
    expect(statuses(answers)).toEqual({ 200: 3 })
    const rows = await rowsWhere(ctx.world.deps.db, 'pan_cards', { user_id: me.id }, 'status')
    expect(rows).toEqual([{ status: 'pending' }])
  })

  it('decides a PAN once when an approval and a rejection arrive together', async () => {
    const me = await ctx.api.player()
    const photo = await upload(ctx.api, me.token, PNG_1X1)
    const pan = (
      await ctx.api.put('/api/me/save_pan', { ...PAN, attachment_id: photo.body.attachment.id }, me.token)
    ).body.pan_card
    const answers = await race(4, (i) =>
      i % 2 === 0
        ? ctx.api.post(`/api/admin/kyc/${pan.id}/approve`, undefined, ctx.admin.token)
        : ctx.api.post(`/api/admin/kyc/${pan.id}/reject`, { reason: 'blurred photo' }, ctx.admin.token),
    )
    expect(statuses(answers)).toEqual({ 200: 1, 409: 3 })
    const notes = await ctx.world.deps.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', me.id)
      .where('kind', 'in', ['pan_approved', 'pan_rejected'])
      .execute()
    expect(notes).toHaveLength(1)
  })

  it('adds a UPI id once, and one active, when the same id is added several times together', async () => {
    const me = await ctx.api.player()
    const answers = await race(3, () => ctx.api.post('/api/bhim_upis', { upi_str: 'race@okhdfc' }, me.token))
    expect(statuses(answers)).toEqual({ 200: 2, 201: 1 })
    const other = await race(3, (i) =>
      ctx.api.post('/api/bhim_upis', { upi_str: `race${i}@okaxis` }, me.token),
    )
    expect(statuses(other)).toEqual({ 201: 3 })
    const active = await rowsWhere(ctx.world.deps.db, 'bhim_upis', { user_id: me.id, active: 1 }, 'upi_str')
    expect(active).toEqual([{ upi_str: 'race@okhdfc' }])
  })
})

describe('refund claims at once', () => {
  it('opens one claim per deposit however many arrive together, and decides it once', async () => {
    const me = await ctx.api.player()
    const paid = await deposit(ctx.api, me.token, 300)
    const creditId = paid.body.user_credit.id
    const reason = 'The money left my bank twice for this deposit.'
    const answers = await race(3, () =>
      ctx.api.post('/api/claim_refunds', { reason, user_credit_id: creditId }, me.token),
    )
    expect(statuses(answers)).toEqual({ 201: 1, 409: 2 })
    const claim = (firstWith(answers, 201) as { claim_refund: { id: number } }).claim_refund
    const decisions = await race(4, (i) =>
      i % 2 === 0
        ? ctx.api.post(`/api/admin/claim_refunds/${claim.id}/refund`, { amount: 100 }, ctx.admin.token)
        : ctx.api.post(
            `/api/admin/claim_refunds/${claim.id}/reject`,
            { reason: 'not a double charge' },
            ctx.admin.token,
          ),
    )
    expect(statuses(decisions)).toEqual({ 200: 1, 409: 3 })
    await expectLedgerBalanced(ctx.world.deps)
  })
})
