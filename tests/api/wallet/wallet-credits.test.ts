import { describe, expect, it } from 'vitest'
import { userBalances } from '../../../server/areas/ledger/service'

import { gatewaySecret, sign } from '../../../server/areas/wallet/gateway/gateway'
import { rowCount } from '../../helpers/db'
import { testWorld } from '../../helpers/deps'
import { pressGateway, verifyPath } from '../../helpers/gateway'
import type { client } from '../../helpers/http'
import { transactionsOfKind } from '../../helpers/ledger'
import { apiWorld } from '../../helpers/world'

// Every money path here ends with the ledger invariants.
const ctx = apiWorld({ ledger: true })

type Player = Awaited<ReturnType<ReturnType<typeof client>['player']>>

async function newCredit(p: Player, enter_amount: number | string = 500, gateway = 'paytm') {
  const res = await ctx.api.post('/api/user_credits', { enter_amount, gateway }, p.token)
  expect(res.status).toBe(201)
  return res.body.user_credit
}

const unused = async (p: Player) => (await userBalances(ctx.world.deps.db, p.id)).unused
const creditCount = () => rowCount(ctx.world.deps.db, 'user_credits')

describe('POST /api/user_credits', () => {
  it('creates a pending credit whose payment data points at the local gateway page', async () => {
    const p = await ctx.api.player()
    const res = await ctx.api.post('/api/user_credits.json', { enter_amount: 500, gateway: 'paytm' }, p.token)
    expect(res.status).toBe(201)
    const credit = res.body.user_credit
    expect(credit).toMatchObject({
      id: expect.any(Number),
      service_provider: 'paytm',
      amount: 500,
      enter_amount: 500,
      status: 'pending',
      txn_id: null,
      productinfo: 'Add cash to Fanspole wallet',
      created_at_in_millis: ctx.world.deps.clock.now(),
      created_at_str_small: '22 Nov 2026',
    })
    expect(credit.order_id).toMatch(/^FP\d{6}[0-9A-F]{8}$/)
    expect(credit.payment_data).toMatchObject({
      url: `/gateway/paytm/${credit.order_id}`,
      method: 'GET',
      gateway: 'paytm',
      merchant: 'Fanspole Local',
      order_id: credit.order_id,
      amount: '500.00',
      callback_urls: { success: '/paytm/payment', failure: '/paytm/payment' },
    })
    // Nothing moves until a verified callback.
    expect(await unused(p)).toBe(0)

    const payu = await newCredit(p, '10.5', 'payumoney')
    expect(payu).toMatchObject({ service_provider: 'payumoney', amount: 10.5, status: 'pending' })
    expect(payu.payment_data.url).toBe(`/gateway/payumoney/${payu.order_id}`)
    expect(payu.payment_data.callback_urls).toEqual({
      success: '/payumoney/success',
      failure: '/payumoney/failure',
    })
    expect(payu.order_id).not.toBe(credit.order_id)
  })

  it('accepts exactly ₹10 and ₹10,000', async () => {
    const p = await ctx.api.player()
    expect((await newCredit(p, 10)).amount).toBe(10)
    expect((await newCredit(p, '10000.00')).amount).toBe(10_000)
  })

  it('refuses amounts out of range or with more than two decimals, and bad fields (422, nothing created)', async () => {
    const p = await ctx.api.player()
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ enter_amount: 9.99, gateway: 'paytm' }, 'enter_amount', 'must be between ₹10 and ₹10,000'],
      [{ enter_amount: 10_000.01, gateway: 'paytm' }, 'enter_amount', 'must be between ₹10 and ₹10,000'],
      [{ enter_amount: 0, gateway: 'paytm' }, 'enter_amount', 'must be between ₹10 and ₹10,000'],
      [{ enter_amount: -50, gateway: 'paytm' }, 'enter_amount', 'must be between ₹10 and ₹10,000'],
      [{ enter_amount: 100.005, gateway: 'paytm' }, 'enter_amount', 'must be rupees with at most 2 decimals'],
      [{ enter_amount: 'lots', gateway: 'paytm' }, 'enter_amount', 'must be rupees with at most 2 decimals'],
      [{ enter_amount: true, gateway: 'paytm' }, 'enter_amount', 'must be rupees with at most 2 decimals'],
      [{ enter_amount: 500, gateway: 'bitcoin' }, 'gateway', 'must be one of: paytm, payumoney'],
      [{ gateway: 'paytm' }, 'enter_amount', 'is required'],
      [{ enter_amount: 500 }, 'gateway', 'is required'],
      [{ enter_amount: 500, gateway: 'paytm', user_id: 1 }, 'user_id', 'is not a known field'],
    ]
    for (const [body, field, message] of cases) {
      const res = await ctx.api.post('/api/user_credits', body, p.token)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.code).toBe('VALIDATION_FAILED')
      expect(res.body.errors[field], JSON.stringify(body)).toEqual([message])
    }
    expect(await creditCount()).toBe(0)
  })

  it('needs a signed-in user', async () => {
    const res = await ctx.api.post('/api/user_credits', { enter_amount: 500, gateway: 'paytm' })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('UNAUTHORIZED')
    expect(await creditCount()).toBe(0)
  })
})

describe('GET /api/user_credits', () => {
  it('lists my credits newest first with their statuses, 100 a page by default', async () => {
    const p = await ctx.api.player()
    const other = await ctx.api.player()
    await newCredit(other, 77)
    const a = await newCredit(p, 100)
    const b = await newCredit(p, 200, 'payumoney')
    const c = await newCredit(p, 300)
    await ctx.api.put(
      verifyPath('paytm'),
      (await pressGateway(ctx.api, a.payment_data.url, 'pay')).params,
      p.token,
    )
    await ctx.api.put(
      verifyPath('payumoney'),
      (await pressGateway(ctx.api, b.payment_data.url, 'fail')).params,
      p.token,
    )

    const res = await ctx.api.get('/api/user_credits', p.token)
    expect(res.status).toBe(200)
    expect(res.body.user_credits.map((x: { id: number }) => x.id)).toEqual([c.id, b.id, a.id])
    expect(res.body.user_credits.map((x: { status: string }) => x.status)).toEqual([
      'pending',
      'failed',
      'success',
    ])
    expect(res.body.meta).toEqual({ page: 1, per_page: 100, total: 3, total_pages: 1 })
    // Settled credits no longer offer a payment page; the pending one still does.
    expect(res.body.user_credits[0].payment_data.url).toBe(c.payment_data.url)
    expect(res.body.user_credits[1]).toMatchObject({ payment_data: null, txn_id: expect.any(String) })

    const second = await ctx.api.get('/api/user_credits?per_page=2&page=2', p.token)
    expect(second.body.user_credits.map((x: { id: number }) => x.id)).toEqual([a.id])
    expect(second.body.meta).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 })
    expect((await ctx.api.get('/api/user_credits?per_page=101', p.token)).status).toBe(422)
    expect((await ctx.api.get('/api/user_credits?page=0', p.token)).status).toBe(422)
    expect((await ctx.api.get('/api/user_credits')).status).toBe(401)
  })
})

describe('GET /api/user_credits/{id}', () => {
  it('shows my credit and hides anyone else’s', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p)
    const mine = await ctx.api.get(`/api/user_credits/${credit.id}`, p.token)
    expect(mine.status).toBe(200)
    expect(mine.body.user_credit).toEqual(credit)
    const theirs = await ctx.api.get(`/api/user_credits/${credit.id}`, (await ctx.api.player()).token)
    expect(theirs.status).toBe(404)
    expect(theirs.body.code).toBe('NOT_FOUND')
    expect((await ctx.api.get(`/api/user_credits/${credit.id}`)).status).toBe(401)
  })
})

describe('the simulated gateway page', () => {
  it('renders a payment page with the merchant, amount, order id and the Pay and Fail buttons', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p, 1234.5)
    const res = await ctx.api.call('GET', credit.payment_data.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    const page = res.body as string
    expect(page).toContain('Fanspole Local')
    expect(page).toContain('₹1,234.50')
    expect(page).toContain(credit.order_id)
    expect(page).toContain(`<form method="post" action="/gateway/paytm/${credit.order_id}"`)
    expect(page).toMatch(/<button type="submit" name="outcome" value="pay"[^>]*>Pay<\/button>/)
    expect(page).toMatch(/<button type="submit" name="outcome" value="fail"[^>]*>Fail<\/button>/)
    // Nothing from elsewhere: no CDN, no script.
    expect(page).not.toMatch(/https?:\/\//)
    expect(page).not.toContain('<script')
    expect(
      (await ctx.api.call('GET', `/gateway/payumoney/${(await newCredit(p, 50, 'payumoney')).order_id}`))
        .body,
    ).toContain('PayU')
  })

  it('answers 404 for an unknown order or the wrong gateway', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p)
    expect((await ctx.api.call('GET', '/gateway/paytm/FP999999NOPE')).status).toBe(404)
    expect((await ctx.api.call('GET', `/gateway/payumoney/${credit.order_id}`)).status).toBe(404)
    // A gateway we do not have: a page for a browser, the one error shape for a script.
    const stripe = await ctx.api.call('GET', `/gateway/stripe/${credit.order_id}`)
    expect(stripe.status).toBe(404)
    expect(stripe.body).toContain('needs a payment id')
    const asJson = { headers: { accept: 'application/json' } }
    expect((await ctx.api.call('GET', `/gateway/stripe/${credit.order_id}`, asJson)).status).toBe(422)
    const press = await ctx.api.call('POST', `/gateway/payumoney/${credit.order_id}`, {
      raw: 'outcome=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    })
    expect(press.status).toBe(404)
    expect(press.body.code).toBe('NOT_FOUND')
  })

  it('answers a gateway address without an order with a page that says where payments start', async () => {
    for (const path of ['/gateway/paytm', '/gateway/payumoney', '/gateway/nope']) {
      const res = await ctx.api.call('GET', path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toContain('text/html')
      const page = res.body as string
      expect(page, path).toContain('This payment page needs a payment id')
      expect(page, path).toContain('href="/add-cash"')
      // No raw field errors, no JSON.
      expect(page, path).not.toContain('VALIDATION_FAILED')
      expect(page, path).not.toContain('must be one of')
    }
    expect((await ctx.api.call('GET', '/gateway/payumoney')).body).toContain('PayU')
  })

  it('Pay redirects (303) to the web client with a query signed by the server’s secret', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p, 500)
    const cb = await pressGateway(ctx.api, credit.payment_data.url, 'pay')
    expect(cb.path).toBe('/paytm/payment')
    expect(cb.params).toEqual({
      ORDERID: credit.order_id,
      TXNID: expect.stringMatching(/^PTM\d{12}$/),
      TXNAMOUNT: '500.00',
      STATUS: 'TXN_SUCCESS',
      RESPMSG: 'Txn Success',
      CHECKSUMHASH: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    const secret = await gatewaySecret(ctx.world.deps.db)
    const { CHECKSUMHASH, ...fields } = cb.params
    expect(sign(secret, 'paytm', fields)).toBe(CHECKSUMHASH)
    // The secret is generated per server and stored, not a constant a client could know.
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    const other = await testWorld()
    try {
      expect(await gatewaySecret(other.deps.db)).not.toBe(secret)
    } finally {
      await other.close()
    }

    const payu = await newCredit(p, 99.99, 'payumoney')
    const ok = await pressGateway(ctx.api, payu.payment_data.url, 'pay')
    expect(ok.path).toBe('/payumoney/success')
    expect(ok.params).toMatchObject({ txnid: payu.order_id, amount: '99.99', status: 'success' })
    expect(ok.params.mihpayid).toMatch(/^40\d{10}$/)
    const { hash, ...payuFields } = ok.params
    expect(sign(secret, 'payumoney', payuFields)).toBe(hash)
  })

  it('Fail redirects to the failure pages, signed too', async () => {
    const p = await ctx.api.player()
    const paytm = await pressGateway(ctx.api, (await newCredit(p)).payment_data.url, 'fail')
    expect(paytm.path).toBe('/paytm/payment')
    expect(paytm.params).toMatchObject({ STATUS: 'TXN_FAILURE', RESPMSG: 'Payment declined by the payer' })
    const payu = await pressGateway(ctx.api, (await newCredit(p, 20, 'payumoney')).payment_data.url, 'fail')
    expect(payu.path).toBe('/payumoney/failure')
    expect(payu.params).toMatchObject({ status: 'failure', hash: expect.stringMatching(/^[0-9a-f]{64}$/) })
  })

  it('pays or fails an order once; afterwards the page shows the result and the way back', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p)
    const first = await pressGateway(ctx.api, credit.payment_data.url, 'pay')
    const again = await ctx.api.call('POST', credit.payment_data.url, {
      raw: 'outcome=fail',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    })
    expect(again.status).toBe(409)
    expect(again.body).toContain('was already paid')
    const json = await ctx.api.call('POST', credit.payment_data.url, {
      raw: 'outcome=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    })
    expect(json.status).toBe(409)
    expect(json.body.code).toBe('ORDER_CLOSED')
    const page = await ctx.api.call('GET', credit.payment_data.url)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Payment successful')
    const back = `/paytm/payment?${new URLSearchParams(first.params).toString()}`
    expect(page.body).toContain(`href="${back.replaceAll('&', '&amp;')}"`)
    expect(page.body).not.toContain('value="pay"')
  })

  it('answers scripts (Accept: application/json) with the signed result instead of a redirect', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p, 250, 'payumoney')
    const res = await ctx.api.call('POST', credit.payment_data.url, {
      raw: 'outcome=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      gateway: 'payumoney',
      order_id: credit.order_id,
      status: 'success',
      params: { txnid: credit.order_id, amount: '250.00', status: 'success' },
    })
    expect(res.body.redirect_url).toBe(
      `/payumoney/success?${new URLSearchParams(res.body.params).toString()}`,
    )
  })

  it('refuses a press that is not pay or fail (422) and a JSON body (415)', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p)
    const bad = await ctx.api.call('POST', credit.payment_data.url, {
      raw: 'outcome=maybe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.outcome).toEqual(['must be one of: pay, fail'])
    const json = await ctx.api.call('POST', credit.payment_data.url, { body: { outcome: 'pay' } })
    expect(json.status).toBe(415)
    // Still payable.
    expect((await pressGateway(ctx.api, credit.payment_data.url, 'pay')).params.STATUS).toBe('TXN_SUCCESS')
  })
})

describe('PUT /api/user_credits/verify_paytm and verify_payu_paisa', () => {
  it('a valid success credits unused balance exactly once (Paytm)', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p, 500)
    const cb = await pressGateway(ctx.api, credit.payment_data.url, 'pay')
    const res = await ctx.api.put('/api/user_credits/verify_paytm.json', cb.params, p.token)
    expect(res.status).toBe(200)
    expect(res.body.user_credit).toMatchObject({
      id: credit.id,
      status: 'success',
      txn_id: cb.params.TXNID,
      amount: 500,
      payment_data: null,
    })
    expect(await unused(p)).toBe(50_000)
    const me = (await ctx.api.get('/api/me', p.token)).body.user
    expect(me).toMatchObject({ unused_balance: 500, winning_balance: 0, current_balance: 500 })

    // The ledger transaction: gateway → the user's unused, keyed by the credit.
    const tx = await ctx.world.deps.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('idempotency_key', '=', `user_credit:${credit.id}`)
      .execute()
    expect(tx).toHaveLength(1)
    expect(tx[0]).toMatchObject({ kind: 'deposit' })
    const notes = (await ctx.api.get('/api/notifications', p.token)).body.notifications
    expect(notes[0]).toMatchObject({ kind: 'wallet_credit', body: '₹500 added to your unused balance.' })

    // A replay: refused, nothing more credited.
    const replay = await ctx.api.put('/api/user_credits/verify_paytm', cb.params, p.token)
    expect(replay.status).toBe(409)
    expect(replay.body.code).toBe('PAYMENT_REPLAYED')
    expect(await unused(p)).toBe(50_000)
  })

  it('a valid success credits once (PayUMoney), also with the amount sent as a number', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p, 49.5, 'payumoney')
    const cb = await pressGateway(ctx.api, credit.payment_data.url, 'pay')
    const res = await ctx.api.put(
      '/api/user_credits/verify_payu_paisa',
      { ...cb.params, amount: 49.5 },
      p.token,
    )
    expect(res.status).toBe(200)
    expect(res.body.user_credit).toMatchObject({ status: 'success', txn_id: cb.params.mihpayid })
    expect(await unused(p)).toBe(4_950)
    const replay = await ctx.api.put('/api/user_credits/verify_payu_paisa', cb.params, p.token)
    expect(replay.status).toBe(409)
    expect(await unused(p)).toBe(4_950)
  })

  it('a valid failure marks the credit failed and moves no money', async () => {
    const p = await ctx.api.player()
    for (const gateway of ['paytm', 'payumoney'] as const) {
      const credit = await newCredit(p, 300, gateway)
      const cb = await pressGateway(ctx.api, credit.payment_data.url, 'fail')
      const res = await ctx.api.put(verifyPath(gateway), cb.params, p.token)
      expect(res.status).toBe(200)
      expect(res.body.user_credit).toMatchObject({ status: 'failed', failure_reason: expect.any(String) })
      const replay = await ctx.api.put(verifyPath(gateway), cb.params, p.token)
      expect(replay.status).toBe(409)
      expect(replay.body.code).toBe('PAYMENT_REPLAYED')
    }
    expect(await unused(p)).toBe(0)
    expect(await transactionsOfKind(ctx.world.deps.db, 'deposit')).toEqual([])
  })

  it('refuses a changed amount, a bad signature or a flipped status (422); the genuine callback still works', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p, 500)
    const cb = (await pressGateway(ctx.api, credit.payment_data.url, 'pay')).params

    const more = await ctx.api.put(verifyPath('paytm'), { ...cb, TXNAMOUNT: '5000.00' }, p.token)
    expect(more.status).toBe(422)
    expect(more.body.code).toBe('AMOUNT_MISMATCH')
    expect(more.body.errors.TXNAMOUNT).toEqual(['does not match the order amount (500.00)'])

    const forged = await ctx.api.put(verifyPath('paytm'), { ...cb, CHECKSUMHASH: 'a'.repeat(64) }, p.token)
    expect(forged.status).toBe(422)
    expect(forged.body.code).toBe('INVALID_SIGNATURE')
    expect(forged.body.errors.CHECKSUMHASH).toEqual(['does not match the payment details'])

    const otherTxn = await ctx.api.put(verifyPath('paytm'), { ...cb, TXNID: 'PTM000000000999' }, p.token)
    expect(otherTxn.body.code).toBe('INVALID_SIGNATURE')

    // Signed with a key a client might guess: refused.
    const { CHECKSUMHASH: _, ...fields } = cb
    const guessed = await ctx.api.put(
      verifyPath('paytm'),
      { ...cb, CHECKSUMHASH: sign('secret', 'paytm', fields) },
      p.token,
    )
    expect(guessed.body.code).toBe('INVALID_SIGNATURE')
    expect(await unused(p)).toBe(0)
    expect((await ctx.api.get(`/api/user_credits/${credit.id}`, p.token)).body.user_credit.status).toBe(
      'pending',
    )

    const genuine = await ctx.api.put(verifyPath('paytm'), cb, p.token)
    expect(genuine.status).toBe(200)
    expect(await unused(p)).toBe(50_000)
  })

  it('refuses a failure turned into a success', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p, 800, 'payumoney')
    const cb = (await pressGateway(ctx.api, credit.payment_data.url, 'fail')).params
    const flipped = await ctx.api.put(verifyPath('payumoney'), { ...cb, status: 'success' }, p.token)
    expect(flipped.status).toBe(422)
    expect(flipped.body.code).toBe('INVALID_SIGNATURE')
    expect(await unused(p)).toBe(0)
  })

  it('answers 404 for another user’s order or an unknown one, and credits nobody', async () => {
    const owner = await ctx.api.player()
    const thief = await ctx.api.player()
    const credit = await newCredit(owner, 500)
    const cb = (await pressGateway(ctx.api, credit.payment_data.url, 'pay')).params
    const stolen = await ctx.api.put(verifyPath('paytm'), cb, thief.token)
    expect(stolen.status).toBe(404)
    expect(stolen.body.code).toBe('NOT_FOUND')
    const unknown = await ctx.api.put(
      verifyPath('paytm'),
      { ...cb, ORDERID: 'FP999999ABCDEF12' },
      owner.token,
    )
    expect(unknown.status).toBe(404)
    expect(await unused(thief)).toBe(0)
    expect(await unused(owner)).toBe(0)
    expect((await ctx.api.put(verifyPath('paytm'), cb, owner.token)).status).toBe(200)
  })

  it('refuses a callback sent to the other gateway’s verify', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p, 500)
    const cb = (await pressGateway(ctx.api, credit.payment_data.url, 'pay')).params
    const res = await ctx.api.put(
      verifyPath('payumoney'),
      {
        txnid: cb.ORDERID,
        mihpayid: cb.TXNID,
        amount: cb.TXNAMOUNT,
        status: 'success',
        hash: cb.CHECKSUMHASH,
      },
      p.token,
    )
    expect(res.status).toBe(422)
    expect(res.body.errors.txnid).toEqual(['is not a PayUMoney order'])
    expect(await unused(p)).toBe(0)
  })

  it('validates the body strictly and needs a signed-in user', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p, 500)
    const cb = (await pressGateway(ctx.api, credit.payment_data.url, 'pay')).params
    const extra = await ctx.api.put(verifyPath('paytm'), { ...cb, BONUS: '1' }, p.token)
    expect(extra.status).toBe(422)
    expect(extra.body.errors.BONUS).toEqual(['is not a known field'])
    const { TXNID: _, ...missing } = cb
    const noTxn = await ctx.api.put(verifyPath('paytm'), missing, p.token)
    expect(noTxn.status).toBe(422)
    expect(noTxn.body.errors.TXNID).toEqual(['is required'])
    const status = await ctx.api.put(verifyPath('paytm'), { ...cb, STATUS: 'MAYBE' }, p.token)
    expect(status.body.errors.STATUS).toEqual(['must be one of: TXN_SUCCESS, TXN_FAILURE'])
    const anonymous = await ctx.api.put(verifyPath('paytm'), cb)
    expect(anonymous.status).toBe(401)
    expect(await unused(p)).toBe(0)
  })

  it('keeps two concurrent verifies of one callback to one credit', async () => {
    const p = await ctx.api.player()
    const credit = await newCredit(p, 700)
    const cb = (await pressGateway(ctx.api, credit.payment_data.url, 'pay')).params
    const answers = await Promise.all([1, 2, 3].map(() => ctx.api.put(verifyPath('paytm'), cb, p.token)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
    expect(await unused(p)).toBe(70_000)
  })
})

describe('API documentation', () => {
  it('documents the deposit, verify, passbook and gateway routes', async () => {
    const doc = (await ctx.api.get('/api/openapi.json')).body
    expect(doc.paths['/api/user_credits'].post.responses['201']).toBeDefined()
    expect(doc.paths['/api/user_credits'].get).toBeDefined()
    expect(doc.paths['/api/user_credits/verify_paytm'].put.responses['422']).toBeDefined()
    expect(doc.paths['/api/user_credits/verify_payu_paisa'].put.responses['409']).toBeDefined()
    for (const book of ['unused', 'winnings', 'coins'])
      expect(doc.paths[`/api/me/${book}_passbook`].get).toBeDefined()
    expect(doc.paths['/gateway/{gateway}/{order_id}'].post.responses['303']).toBeDefined()
    expect(doc.components.schemas.PaytmCallback.required).toEqual(
      expect.arrayContaining(['ORDERID', 'TXNID', 'TXNAMOUNT', 'STATUS', 'RESPMSG', 'CHECKSUMHASH']),
    )
  })
})
