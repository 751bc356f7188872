import { pressGateway } from '../gateway'
import { latestOtp, nextMobile, PAN, PNG_1X1, submitPan, upload, verifiedPlayer } from '../kyc'
import type { Actor, Kit, Recipe } from './kit'

/** Valid requests for deposits, withdrawals, refunds, verification, rewards and referrals. */

async function pendingCredit(k: Kit, p: Actor, gateway: 'paytm' | 'payumoney' = 'paytm') {
  const body = { enter_amount: 100, gateway }
  return (await k.ok('deposit', k.api.post('/api/user_credits', body, p.token))).user_credit
}

/** A verified player with ₹500 of winnings, enough to withdraw. */
async function playerWithWinnings(k: Kit) {
  const p = await verifiedPlayer(k.api, k.admin.token)
  const credit = { user_id: p.id, amount: 500, compartment: 'winnings' }
  await k.ok('winnings', k.api.post('/api/admin/wallet/credits', credit, k.admin.token))
  return p
}

/** A player whose ₹100 withdrawal by UPI (fee on top) is pending. */
async function pendingRedemption(k: Kit) {
  const p = await playerWithWinnings(k)
  const made = await k.ok('redemption', k.api.post('/api/redemptions', await redeemBody(k), p.token))
  return made.redemption.id as number
}

async function redeemBody(k: Kit) {
  const types = (await k.api.get('/api/redemption_types')).body.redemption_types as Array<{
    id: number
    code: string
  }>
  return { amount: 100, redemption_type_id: types.find((t) => t.code === 'upi')?.id }
}

async function pendingClaim(k: Kit) {
  const p = await k.player()
  const credit = await pendingCredit(k, p)
  const body = { reason: 'The deposit never arrived, please check', user_credit_id: credit.id }
  return (await k.ok('claim', k.api.post('/api/claim_refunds', body, p.token))).claim_refund.id as number
}

const verify = (gateway: 'paytm' | 'payumoney'): Recipe => {
  return async (k) => {
    const p = await k.player()
    const credit = await pendingCredit(k, p, gateway)
    const callback = await pressGateway(k.api, credit.payment_data.url, 'pay')
    const path =
      gateway === 'paytm' ? '/api/user_credits/verify_paytm' : '/api/user_credits/verify_payu_paisa'
    return { token: p.token, path, body: callback.params }
  }
}

export const walletRecipes: Record<string, Recipe> = {
  'POST /api/admin/wallet/credits': async (k) => {
    const p = await k.player()
    return { token: k.admin.token, path: '/api/admin/wallet/credits', body: { user_id: p.id, amount: 100 } }
  },
  'POST /api/redemptions': async (k) => {
    const p = await playerWithWinnings(k)
    return { token: p.token, path: '/api/redemptions', body: await redeemBody(k) }
  },
  'POST /api/admin/redemptions/{id}/approve': async (k) => ({
    token: k.admin.token,
    path: `/api/admin/redemptions/${await pendingRedemption(k)}/approve`,
  }),
  'POST /api/admin/redemptions/{id}/reject': async (k) => ({
    token: k.admin.token,
    path: `/api/admin/redemptions/${await pendingRedemption(k)}/reject`,
    body: { reason: 'The UPI id bounced' },
  }),
  'POST /api/claim_refunds': async (k) => {
    const p = await k.player()
    const credit = await pendingCredit(k, p)
    return {
      token: p.token,
      path: '/api/claim_refunds',
      body: { reason: 'The deposit never arrived, please check', user_credit_id: credit.id },
    }
  },
  'POST /api/admin/claim_refunds/{id}/refund': async (k) => ({
    token: k.admin.token,
    path: `/api/admin/claim_refunds/${await pendingClaim(k)}/refund`,
    body: { amount: 50, note: 'Half back' },
  }),
  'POST /api/admin/claim_refunds/{id}/reject': async (k) => ({
    token: k.admin.token,
    path: `/api/admin/claim_refunds/${await pendingClaim(k)}/reject`,
    body: { reason: 'The deposit arrived' },
  }),
  'POST /api/user_credits': async (k) => {
    const p = await k.player()
    return { token: p.token, path: '/api/user_credits', body: { enter_amount: 100, gateway: 'paytm' } }
  },
  'PUT /api/user_credits/verify_paytm': verify('paytm'),
  'PUT /api/user_credits/verify_payu_paisa': verify('payumoney'),
  // The simulated gateway's own page, pressed in a browser (anonymous, a form post).
  'POST /gateway/{gateway}/{order_id}': async (k) => {
    const credit = await pendingCredit(k, await k.player())
    return {
      path: credit.payment_data.url,
      raw: 'outcome=pay',
      contentType: 'application/x-www-form-urlencoded',
    }
  },
  'POST /api/scratch_cards/claim': async (k) => {
    // Joining a paid contest earns a card.
    const c = await k.dailyContest()
    const card = await k.deps.db
      .selectFrom('scratch_cards')
      .select('id')
      .where('user_id', '=', c.owner.id)
      .executeTakeFirstOrThrow()
    return { token: c.owner.token, path: '/api/scratch_cards/claim', body: { id: card.id } }
  },
  'POST /api/me/refer_code': async (k) => {
    const friend = await k.player()
    const code = (await k.api.get('/api/me', friend.token)).body.user.reference as string
    const p = await k.player()
    return { token: p.token, path: '/api/me/refer_code', body: { ref_code: code } }
  },
  // Sign-up with a friend's code: coins and a scratch card for both.
  'POST /api/users': async (k) => {
    const friend = await k.player()
    const code = (await k.api.get('/api/me', friend.token)).body.user.reference as string
    const n = k.unique()
    return {
      path: '/api/users',
      body: {
        email: `signup${n}@example.test`,
        username: `signup${n}`,
        password: 'walk-password-1',
        ref_code: code,
      },
    }
  },
  'POST /api/mobile_numbers/verify_otp': async (k) => {
    const p = await k.player()
    const mobile = nextMobile()
    await k.ok('otp', k.api.post('/api/mobile_numbers', { mobile_number: mobile }, p.token))
    const otp = await latestOtp(k.api, k.admin.token, mobile)
    return { token: p.token, path: '/api/mobile_numbers/verify_otp', body: { mobile_number: mobile, otp } }
  },
  'PUT /api/me/save_pan': async (k) => {
    const p = await k.player()
    const photo = await upload(k.api, p.token, PNG_1X1)
    return {
      token: p.token,
      path: '/api/me/save_pan',
      body: { ...PAN, attachment_id: photo.body.attachment.id },
    }
  },
  'POST /api/me/verify_bank_details': async (k) => ({
    token: (await k.player()).token,
    path: '/api/me/verify_bank_details',
    body: { account_holder: 'Walk Er', account_number: '001234567890', ifsc: 'HDFC0001234' },
  }),
  'POST /api/attachments': async (k) => {
    const form = new FormData()
    form.append('file', new File([new Uint8Array(PNG_1X1)], 'pan.png', { type: 'image/png' }))
    return { token: (await k.player()).token, path: '/api/attachments', form }
  },
  ...Object.fromEntries(
    (['approve', 'reject'] as const).map((decision): [string, Recipe] => [
      `POST /api/admin/kyc/{id}/${decision}`,
      async (k) => {
        const pan = await submitPan(k.api, await k.player())
        return {
          token: k.admin.token,
          path: `/api/admin/kyc/${pan.id}/${decision}`,
          body: decision === 'reject' ? { reason: 'The photo is blurred' } : undefined,
        }
      },
    ]),
  ),
}
