import { describe, expect, it } from 'vitest'

import {
  latestOtp,
  nextMobile,
  PAN,
  PNG_1X1,
  submitPan,
  upload,
  verifiedPlayer,
  verifyMobile,
} from '../../helpers/kyc'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ admin: true, attachments: true })

const me = async (token: string) => (await ctx.api.get('/api/me', token)).body.user

describe('POST /api/mobile_numbers', () => {
  it('sends a 6-digit OTP to the outbox for the number and keeps only its hash', async () => {
    const p = await ctx.api.player()
    const mobile = nextMobile()
    const sent = await ctx.api.post('/api/mobile_numbers.json', { mobile_number: mobile }, p.token)
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ mobile_number: mobile, otp_sent: true, expires_in: 600 })
    const outbox = await ctx.api.get(`/api/admin/outbox?to=${mobile}`, ctx.admin.token)
    expect(outbox.body.messages).toHaveLength(1)
    expect(outbox.body.messages[0]).toMatchObject({
      to: mobile,
      channel: 'sms',
      subject: 'Your Fanspole OTP',
    })
    expect(outbox.body.messages[0].body).toMatch(/^\d{6} is your Fanspole one-time password \(OTP\)/)
    const otp = await latestOtp(ctx.api, ctx.admin.token, mobile)
    const row = await ctx.world.deps.db.selectFrom('mobile_otps').selectAll().executeTakeFirstOrThrow()
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.code_hash).not.toContain(otp)
    expect(row).toMatchObject({ user_id: p.id, mobile_no: mobile, attempts: 0 })
  })

  it('accepts +91 and spaces, storing the bare 10 digits', async () => {
    const p = await ctx.api.player()
    const sent = await ctx.api.post('/api/mobile_numbers', { mobile_number: '+91 98765 43210' }, p.token)
    expect(sent.status).toBe(200)
    expect(sent.body.mobile_number).toBe('9876543210')
  })

  it('refuses numbers that are not Indian mobiles, and unknown fields, with 422', async () => {
    const p = await ctx.api.player()
    for (const mobile_number of ['12345', '5876543210', '98765432101', 'abcdefghij', '']) {
      const r = await ctx.api.post('/api/mobile_numbers', { mobile_number }, p.token)
      expect(r.status).toBe(422)
      expect(r.body.code).toBe('VALIDATION_FAILED')
      expect(r.body.errors.mobile_number).toBeDefined()
    }
    const extra = await ctx.api.post(
      '/api/mobile_numbers',
      { mobile_number: nextMobile(), otp: '1' },
      p.token,
    )
    expect(extra.status).toBe(422)
    expect(extra.body.errors.otp).toEqual(['is not a known field'])
    expect(
      await ctx.world.deps.db
        .selectFrom('outbox_messages')
        .where('channel', '=', 'sms')
        .selectAll()
        .execute(),
    ).toEqual([])
  })

  it('needs a signed-in user', async () => {
    const r = await ctx.api.post('/api/mobile_numbers', { mobile_number: nextMobile() })
    expect(r.status).toBe(401)
  })

  it('allows 3 sends per 10 minutes per user, then 429 until the window passes', async () => {
    const p = await ctx.api.player()
    const mobile = nextMobile()
    for (let i = 0; i < 3; i++)
      expect((await ctx.api.post('/api/mobile_numbers', { mobile_number: mobile }, p.token)).status).toBe(200)
    const limited = await ctx.api.post('/api/mobile_numbers', { mobile_number: nextMobile() }, p.token)
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('RATE_LIMITED')
    expect(limited.headers.get('retry-after')).toBe('600')
    // Another user is not limited by this one.
    const q = await ctx.api.player()
    expect((await ctx.api.post('/api/mobile_numbers', { mobile_number: nextMobile() }, q.token)).status).toBe(
      200,
    )
    ctx.world.wall.advance(10 * 60_000 + 1)
    expect((await ctx.api.post('/api/mobile_numbers', { mobile_number: mobile }, p.token)).status).toBe(200)
  })

  it('refuses a number already verified on another account', async () => {
    const first = await ctx.api.player()
    const mobile = await verifyMobile(ctx.api, ctx.admin.token, first)
    const second = await ctx.api.player()
    const r = await ctx.api.post('/api/mobile_numbers', { mobile_number: mobile }, second.token)
    expect(r.status).toBe(422)
    expect(r.body.errors.mobile_number).toEqual(['is already verified on another account'])
  })
})

describe('POST /api/mobile_numbers/verify_otp', () => {
  /** Sends an OTP to `mobile` for the holder of `token`, and answers it (read from the outbox). */
  const sendOtp = async (mobile: string, token: string) => {
    await ctx.api.post('/api/mobile_numbers', { mobile_number: mobile }, token)
    return latestOtp(ctx.api, ctx.admin.token, mobile)
  }
  /** A new player with an OTP sent to a new number. */
  const playerWithOtp = async () => {
    const p = await ctx.api.player()
    const mobile = nextMobile()
    return { p, mobile, otp: await sendOtp(mobile, p.token) }
  }
  const verifyOtp = (mobile: string, otp: string, token?: string) =>
    ctx.api.post('/api/mobile_numbers/verify_otp', { mobile_number: mobile, otp }, token)

  it('with the right code sets mobile_no and mobile_approved', async () => {
    const p = await ctx.api.player()
    expect(await me(p.token)).toMatchObject({ mobile_approved: false, mobile_no: null })
    const mobile = nextMobile()
    const otp = await sendOtp(mobile, p.token)
    const ok = await ctx.api.post(
      '/api/mobile_numbers/verify_otp.json',
      { mobile_number: mobile, otp },
      p.token,
    )
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ mobile_no: mobile, mobile_approved: true })
    expect(await me(p.token)).toMatchObject({ mobile_approved: true, mobile_no: mobile })
    // An OTP works once.
    const again = await verifyOtp(mobile, otp, p.token)
    expect(again.status).toBe(422)
  })

  it('counts wrong codes: 422 with the attempts left, and after 5 the OTP is dead', async () => {
    const { p, mobile, otp } = await playerWithOtp()
    const wrong = otp === '000000' ? '111111' : '000000'
    const first = await verifyOtp(mobile, wrong, p.token)
    expect(first.status).toBe(422)
    expect(first.body.code).toBe('VALIDATION_FAILED')
    expect(first.body.errors.otp).toEqual(['is incorrect (4 attempts left)'])
    const row = await ctx.world.deps.db.selectFrom('mobile_otps').select('attempts').executeTakeFirstOrThrow()
    expect(row.attempts).toBe(1)
    for (let i = 0; i < 4; i++) await verifyOtp(mobile, wrong, p.token)
    const dead = await verifyOtp(mobile, otp, p.token)
    expect(dead.status).toBe(422)
    expect(dead.body.errors.otp).toEqual(['was entered wrong too many times; ask for a new one'])
    expect((await me(p.token)).mobile_approved).toBe(false)
    // A new OTP starts afresh.
    const fresh = await sendOtp(mobile, p.token)
    const ok = await verifyOtp(mobile, fresh, p.token)
    expect(ok.status).toBe(200)
  })

  it('refuses an expired OTP with 422 and changes nothing', async () => {
    const { p, mobile, otp } = await playerWithOtp()
    ctx.world.wall.advance(10 * 60_000)
    const late = await verifyOtp(mobile, otp, p.token)
    expect(late.status).toBe(422)
    expect(late.body.errors.otp).toEqual(['has expired; ask for a new one'])
    expect(await me(p.token)).toMatchObject({ mobile_approved: false, mobile_no: null })
  })

  it('refuses a code for a number no OTP was sent to, a malformed code, and strangers', async () => {
    const p = await ctx.api.player()
    const none = await verifyOtp(nextMobile(), '123456', p.token)
    expect(none.status).toBe(422)
    expect(none.body.errors.otp).toEqual(['send an OTP to this number first'])
    const mobile = nextMobile()
    await ctx.api.post('/api/mobile_numbers', { mobile_number: mobile }, p.token)
    const short = await verifyOtp(mobile, '12a', p.token)
    expect(short.status).toBe(422)
    expect(short.body.errors.otp).toEqual(['must be the 6 digits we sent'])
    // Another user cannot use p's OTP.
    const q = await ctx.api.player()
    const otp = await latestOtp(ctx.api, ctx.admin.token, mobile)
    const stolen = await verifyOtp(mobile, otp, q.token)
    expect(stolen.status).toBe(422)
    expect((await verifyOtp(mobile, otp)).status).toBe(401)
  })
})

describe('PUT /api/me/save_pan', () => {
  it('stores the PAN as pending with its photo', async () => {
    const p = await ctx.api.player()
    const photo = await upload(ctx.api, p.token, PNG_1X1)
    const r = await ctx.api.put(
      '/api/me/save_pan.json',
      { ...PAN, pan_number: 'abcde1234f', attachment_id: photo.body.attachment.id },
      p.token,
    )
    expect(r.status).toBe(200)
    expect(r.body.pancard_status).toBe('pending')
    expect(r.body.pan_card).toMatchObject({
      name: 'Virat Kohli',
      pan_number: 'ABCDE1234F',
      dob: '1990-11-05',
      status: 'pending',
      attachment: { id: photo.body.attachment.id, content_type: 'image/png' },
    })
    expect(await me(p.token)).toMatchObject({ pancard_status: 'pending', pancard_approved: false })
    const mine = await ctx.api.get('/api/me/pan_card', p.token)
    expect(mine.body.pan_card.id).toBe(r.body.pan_card.id)
  })

  it('refuses a malformed PAN, a minor, a bad date and unknown fields with 422, saving nothing', async () => {
    const p = await ctx.api.player()
    const photo = await upload(ctx.api, p.token, PNG_1X1)
    const base = { ...PAN, attachment_id: photo.body.attachment.id }
    for (const pan_number of ['ABCD1234F', 'ABCDE12345', '12345ABCDE', 'ABCDE1234', 'ABCDE-1234-F']) {
      const r = await ctx.api.put('/api/me/save_pan', { ...base, pan_number }, p.token)
      expect(r.status).toBe(422)
      expect(r.body.errors.pan_number).toEqual(['must look like ABCDE1234F (5 letters, 4 digits, 1 letter)'])
    }
    const minor = await ctx.api.put('/api/me/save_pan', { ...base, dob: '2015-01-01' }, p.token)
    expect(minor.status).toBe(422)
    expect(minor.body.errors.dob).toEqual(['must make you at least 18 years old'])
    const badDate = await ctx.api.put('/api/me/save_pan', { ...base, dob: '1990-02-30' }, p.token)
    expect(badDate.body.errors.dob).toEqual(['must be a date like 1995-04-21'])
    const missing = await ctx.api.put(
      '/api/me/save_pan',
      { name: 'X Y', pan_number: 'ABCDE1234F', dob: '1990-01-01' },
      p.token,
    )
    expect(missing.body.errors.attachment_id).toEqual(['is required'])
    const extra = await ctx.api.put('/api/me/save_pan', { ...base, father_name: 'x' }, p.token)
    expect(extra.body.errors.father_name).toEqual(['is not a known field'])
    expect(await ctx.world.deps.db.selectFrom('pan_cards').selectAll().execute()).toEqual([])
    expect((await me(p.token)).pancard_status).toBe('not_submitted')
  })

  it('answers 404 for someone else’s or a deleted attachment', async () => {
    const p = await ctx.api.player()
    const other = await ctx.api.player()
    const theirs = await upload(ctx.api, other.token, PNG_1X1)
    const r = await ctx.api.put(
      '/api/me/save_pan',
      { ...PAN, attachment_id: theirs.body.attachment.id },
      p.token,
    )
    expect(r.status).toBe(404)
    const mine = await upload(ctx.api, p.token, PNG_1X1)
    await ctx.api.call('DELETE', `/api/attachments/${mine.body.attachment.id}`, { token: p.token })
    const deleted = await ctx.api.put(
      '/api/me/save_pan',
      { ...PAN, attachment_id: mine.body.attachment.id },
      p.token,
    )
    expect(deleted.status).toBe(404)
  })

  it('corrects a pending submission in place and refuses changes once approved', async () => {
    const p = await ctx.api.player()
    const first = await submitPan(ctx.api, p)
    const photo = await upload(ctx.api, p.token, PNG_1X1)
    const fixed = await ctx.api.put(
      '/api/me/save_pan',
      { ...PAN, pan_number: 'ABCDE1234G', attachment_id: photo.body.attachment.id },
      p.token,
    )
    expect(fixed.body.pan_card).toMatchObject({ id: first.id, pan_number: 'ABCDE1234G' })
    await ctx.api.post(`/api/admin/kyc/${first.id}/approve`, undefined, ctx.admin.token)
    const late = await ctx.api.put(
      '/api/me/save_pan',
      { ...PAN, attachment_id: photo.body.attachment.id },
      p.token,
    )
    expect(late.status).toBe(409)
    expect((await me(p.token)).pancard_status).toBe('approved')
  })

  it('needs a signed-in user', async () => {
    expect((await ctx.api.put('/api/me/save_pan', { ...PAN, attachment_id: 1 })).status).toBe(401)
    expect((await ctx.api.get('/api/me/pan_card')).status).toBe(401)
  })
})

describe('admin PAN review: /api/admin/kyc', () => {
  it('lists pending submissions with the user and the photo', async () => {
    const p = await ctx.api.player()
    const pan = await submitPan(ctx.api, p)
    const list = await ctx.api.get('/api/admin/kyc?status=pending', ctx.admin.token)
    expect(list.status).toBe(200)
    expect(list.body.pan_cards).toHaveLength(1)
    expect(list.body.pan_cards[0]).toMatchObject({
      id: pan.id,
      status: 'pending',
      user: { id: p.id, username: p.username, email: p.email },
      mobile_approved: false,
      attachment: { url: `/api/attachments/${pan.attachment.id}/file` },
    })
    expect((await ctx.api.get('/api/admin/kyc?status=approved', ctx.admin.token)).body.pan_cards).toEqual([])
    expect((await ctx.api.get('/api/admin/kyc?status=maybe', ctx.admin.token)).status).toBe(422)
    // The admin can see the photo to review it.
    const file = await ctx.api.app.request(`/api/attachments/${pan.attachment.id}/file`, {
      headers: { authorization: `Bearer ${ctx.admin.token}` },
    })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1X1)).toBe(true)
  })

  it('approves once: pancard approved and the user notified; a second decision is 409', async () => {
    const p = await ctx.api.player()
    const pan = await submitPan(ctx.api, p)
    const ok = await ctx.api.post(`/api/admin/kyc/${pan.id}/approve.json`, undefined, ctx.admin.token)
    expect(ok.status).toBe(200)
    expect(ok.body.pan_card).toMatchObject({ id: pan.id, status: 'approved', reason: null })
    expect(await me(p.token)).toMatchObject({ pancard_status: 'approved', pancard_approved: true })
    const notes = await ctx.api.get('/api/notifications', p.token)
    expect(JSON.stringify(notes.body)).toContain('Your PAN is verified.')
    const again = await ctx.api.post(
      `/api/admin/kyc/${pan.id}/reject`,
      { reason: 'changed my mind' },
      ctx.admin.token,
    )
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('CONFLICT')
  })

  it('rejects with a reason; the user may submit again', async () => {
    const p = await ctx.api.player()
    const pan = await submitPan(ctx.api, p)
    const noReason = await ctx.api.post(`/api/admin/kyc/${pan.id}/reject`, {}, ctx.admin.token)
    expect(noReason.status).toBe(422)
    expect(noReason.body.errors.reason).toEqual(['is required'])
    const r = await ctx.api.post(
      `/api/admin/kyc/${pan.id}/reject`,
      { reason: 'Photo is blurred' },
      ctx.admin.token,
    )
    expect(r.status).toBe(200)
    expect(r.body.pan_card).toMatchObject({ status: 'rejected', reason: 'Photo is blurred' })
    expect((await me(p.token)).pancard_status).toBe('rejected')
    const again = await submitPan(ctx.api, p)
    expect(again.id).not.toBe(pan.id)
    expect((await me(p.token)).pancard_status).toBe('pending')
  })

  it('is for admins only, and 404 for unknown submissions', async () => {
    const p = await ctx.api.player()
    const pan = await submitPan(ctx.api, p)
    expect((await ctx.api.get('/api/admin/kyc', p.token)).status).toBe(403)
    expect((await ctx.api.post(`/api/admin/kyc/${pan.id}/approve`, undefined, p.token)).status).toBe(403)
    expect((await ctx.api.post(`/api/admin/kyc/${pan.id}/approve`)).status).toBe(401)
    expect((await ctx.api.post('/api/admin/kyc/9999/approve', undefined, ctx.admin.token)).status).toBe(404)
    expect((await me(p.token)).pancard_status).toBe('pending')
  })
})

describe('bank details', () => {
  const bank = { account_holder: 'Virat Kohli', account_number: '001234567890', ifsc: 'hdfc0001234' }

  it('POST /api/me/verify_bank_details stores one account (201), replaced by the next', async () => {
    const p = await ctx.api.player()
    const r = await ctx.api.post('/api/me/verify_bank_details.json', bank, p.token)
    expect(r.status).toBe(201)
    expect(r.body.bank_details).toMatchObject({
      account_holder: 'Virat Kohli',
      account_number: 'XXXXXXXX7890',
      ifsc: 'HDFC0001234',
      bank_name: null,
    })
    const again = await ctx.api.post(
      '/api/me/verify_bank_details',
      { ...bank, account_number: '123456789', bank_name: 'SBI', ifsc: 'SBIN0000001' },
      p.token,
    )
    expect(again.status).toBe(201)
    expect(await ctx.world.deps.db.selectFrom('bank_details').selectAll().execute()).toHaveLength(1)
    const read = await ctx.api.get('/api/me/user_bank_details', p.token)
    expect(read.body.bank_details).toMatchObject({
      account_number: 'XXXXX6789',
      ifsc: 'SBIN0000001',
      bank_name: 'SBI',
    })
    expect((await me(p.token)).bank_details).toMatchObject({ ifsc: 'SBIN0000001' })
  })

  it('refuses bad account numbers and IFSC codes with 422', async () => {
    const p = await ctx.api.player()
    for (const account_number of ['12345678', '1234567890123456789', '12345abc90'])
      expect(
        (await ctx.api.post('/api/me/verify_bank_details', { ...bank, account_number }, p.token)).body.errors,
      ).toEqual({
        account_number: ['must be 9 to 18 digits'],
      })
    for (const ifsc of ['HDFC1001234', 'HDF00001234', 'HDFC000123'])
      expect((await ctx.api.post('/api/me/verify_bank_details', { ...bank, ifsc }, p.token)).status).toBe(422)
    expect((await ctx.api.get('/api/me/user_bank_details', p.token)).body.bank_details).toBeNull()
  })

  it('needs a signed-in user', async () => {
    expect((await ctx.api.post('/api/me/verify_bank_details', bank)).status).toBe(401)
    expect((await ctx.api.get('/api/me/user_bank_details')).status).toBe(401)
  })
})

describe('UPI ids: /api/bhim_upis', () => {
  it('adds ids (201, the first active), answers a repeat with 200, lists them', async () => {
    const p = await ctx.api.player()
    const first = await ctx.api.post('/api/bhim_upis.json', { upi_str: 'Virat.K@okhdfc' }, p.token)
    expect(first.status).toBe(201)
    expect(first.body.bhim_upi).toMatchObject({ upi_str: 'virat.k@okhdfc', active: true })
    const second = await ctx.api.post('/api/bhim_upis', { upi_str: 'virat@ybl' }, p.token)
    expect(second.body.bhim_upi.active).toBe(false)
    const repeat = await ctx.api.post('/api/bhim_upis', { upi_str: 'virat@ybl' }, p.token)
    expect(repeat.status).toBe(200)
    expect(repeat.body.bhim_upi.id).toBe(second.body.bhim_upi.id)
    const list = await ctx.api.get('/api/bhim_upis', p.token)
    expect(list.body.bhim_upis.map((u: { upi_str: string }) => u.upi_str)).toEqual([
      'virat.k@okhdfc',
      'virat@ybl',
    ])
    expect((await me(p.token)).bhim_upi).toMatchObject({ upi_str: 'virat.k@okhdfc' })
  })

  it('activates one of your ids (only one active at a time); someone else’s is 404', async () => {
    const p = await ctx.api.player()
    await ctx.api.post('/api/bhim_upis', { upi_str: 'alpha@ybl' }, p.token)
    const b = await ctx.api.post('/api/bhim_upis', { upi_str: 'beta@ybl' }, p.token)
    const r = await ctx.api.post(`/api/bhim_upis/${b.body.bhim_upi.id}/activate.json`, undefined, p.token)
    expect(r.status).toBe(200)
    expect(r.body.bhim_upi).toMatchObject({ upi_str: 'beta@ybl', active: true })
    const list = (await ctx.api.get('/api/bhim_upis', p.token)).body.bhim_upis
    expect(
      list.filter((u: { active: boolean }) => u.active).map((u: { upi_str: string }) => u.upi_str),
    ).toEqual(['beta@ybl'])
    const q = await ctx.api.player()
    expect(
      (await ctx.api.post(`/api/bhim_upis/${b.body.bhim_upi.id}/activate`, undefined, q.token)).status,
    ).toBe(404)
    expect((await ctx.api.post('/api/bhim_upis/999/activate', undefined, p.token)).status).toBe(404)
    expect((await ctx.api.get('/api/bhim_upis', q.token)).body.bhim_upis).toEqual([])
  })

  it('refuses malformed ids with 422 and strangers with 401', async () => {
    const p = await ctx.api.player()
    for (const upi_str of ['virat', 'virat@', '@ybl', 'vi rat@ybl', 'virat@y'])
      expect((await ctx.api.post('/api/bhim_upis', { upi_str }, p.token)).body.errors).toEqual({
        upi_str: ['must look like name@bank'],
      })
    expect((await ctx.api.post('/api/bhim_upis', { upi_str: 'alpha@ybl' })).status).toBe(401)
    expect((await ctx.api.get('/api/bhim_upis')).status).toBe(401)
    expect((await ctx.api.post('/api/bhim_upis/1/activate')).status).toBe(401)
  })
})

describe('is_current_user_allowed_to_redeem', () => {
  it('needs mobile and PAN approved and a bank account or an active UPI id', async () => {
    const p = await ctx.api.player()
    expect((await me(p.token)).is_current_user_allowed_to_redeem).toBe(false)
    await verifyMobile(ctx.api, ctx.admin.token, p)
    const pan = await submitPan(ctx.api, p)
    await ctx.api.post('/api/bhim_upis', { upi_str: 'player@ybl' }, p.token)
    expect((await me(p.token)).is_current_user_allowed_to_redeem).toBe(false) // PAN pending
    await ctx.api.post(`/api/admin/kyc/${pan.id}/approve`, undefined, ctx.admin.token)
    const ready = await me(p.token)
    expect(ready).toMatchObject({
      mobile_approved: true,
      pancard_approved: true,
      account_approved: true,
      is_current_user_allowed_to_redeem: true,
      bhim_upi: { upi_str: 'player@ybl', active: true },
      bank_details: null,
    })
  })

  it('bank details alone are enough as the destination', async () => {
    const p = await verifiedPlayer(ctx.api, ctx.admin.token, { upi: false, bank: true })
    expect(await me(p.token)).toMatchObject({ is_current_user_allowed_to_redeem: true, bhim_upi: null })
  })
})
