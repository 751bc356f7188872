import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userBalances } from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { attachmentsDir } from '../../../server/areas/wallet/kyc/attachments'
import { giveWinnings, latestOtp, nextMobile, submitPan, verifiedPlayer } from '../../helpers/kyc'
import { cliApiWorld, exits } from '../helpers'

const ctx = cliApiWorld()
let admin: { token: string }
let upiType: number
beforeAll(async () => {
  admin = await ctx.api.admin()
  const types = (await ctx.api.get('/api/redemption_types')).body.redemption_types
  upiType = types.find((t: { code: string }) => t.code === 'upi').id
})
afterAll(async () => {
  expect((await verifyLedger(ctx.world.server.deps.db)).problems).toEqual([])
  fs.rmSync(attachmentsDir(ctx.world.server.deps.config), { recursive: true, force: true })
})

const { cli } = ctx
const me = async (token: string) => (await ctx.api.get('/api/me', token)).body.user

describe('fanspole outbox shows OTPs', () => {
  it('finds the OTP sent to a mobile number', async () => {
    const p = await ctx.api.player()
    const mobile = nextMobile()
    await ctx.api.post('/api/mobile_numbers', { mobile_number: mobile }, p.token)
    const otp = await latestOtp(ctx.api, admin.token, mobile)
    const r = await cli('outbox', '--to', mobile)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Your Fanspole OTP')
    expect(r.stdout).toContain(`sms to ${mobile}`)
    expect(r.stdout).toContain(`${otp} is your Fanspole one-time password`)
  })
})

describe('fanspole kyc list / approve / reject', () => {
  it('lists pending PAN submissions as a table and as JSON', async () => {
    const p = await ctx.api.player()
    const pan = await submitPan(ctx.api, p)
    const json = await cli('kyc', 'list', '--status', 'pending', '--json')
    expect(json.code).toBe(0)
    const row = json.json().pan_cards.find((x: { id: number }) => x.id === pan.id)
    expect(row).toMatchObject({ status: 'pending', pan_number: 'ABCDE1234F', user: { username: p.username } })
    const table = await cli('kyc', 'list', '--status', 'pending')
    const lines = table.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID +USER +NAME +PAN +DOB +MOBILE +STATUS +SUBMITTED$/)
    expect(
      lines.some((l) =>
        new RegExp(
          `^ *${pan.id} +${p.username} <${p.email}> +Virat Kohli +ABCDE1234F +1990-11-05 +no +pending `,
        ).test(l),
      ),
    ).toBe(true)
    const none = await cli('kyc', 'list', '--status', 'rejected')
    expect(none.stdout).toBe('No PAN submissions rejected\n')
  })

  it('approves a pending PAN once; the second time exits 1 with the server’s reason', async () => {
    const p = await ctx.api.player()
    const pan = await submitPan(ctx.api, p)
    const r = await cli('kyc', 'approve', String(pan.id))
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(`Approved PAN ABCDE1234F of ${p.username} <${p.email}> (#${pan.id})\n`)
    expect((await me(p.token)).pancard_status).toBe('approved')
    const again = await cli('kyc', 'approve', String(pan.id), '--json')
    exits(again, 1, '409 CONFLICT: This PAN submission is already approved')
  })

  it('rejects with a reason (JSON), and needs --reason', async () => {
    const p = await ctx.api.player()
    const pan = await submitPan(ctx.api, p)
    const missing = await cli('kyc', 'reject', String(pan.id))
    exits(missing, 2, "required option '--reason <text>' not specified")
    const r = await cli('kyc', 'reject', String(pan.id), '--reason', 'The photo is blurred', '--json')
    expect(r.code).toBe(0)
    expect(r.json().pan_card).toMatchObject({
      id: pan.id,
      status: 'rejected',
      reason: 'The photo is blurred',
    })
    expect((await me(p.token)).pancard_status).toBe('rejected')
  })

  it('refuses bad ids and statuses as usage errors, and unknown ids with exit 1', async () => {
    const bad = await cli('kyc', 'approve', 'abc')
    exits(bad, 2, '<id>: expected a positive whole number, got "abc"')
    const status = await cli('kyc', 'list', '--status', 'maybe')
    exits(status, 2, '--status: expected pending, approved or rejected')
    const unknown = await cli('kyc', 'approve', '99999')
    exits(unknown, 1, '404 NOT_FOUND')
  })
})

describe('fanspole redemptions list / approve / reject', () => {
  it('lists, pays out a UPI withdrawal with its fee, and refuses to pay it twice', async () => {
    const p = await verifiedPlayer(ctx.api, admin.token, { upi: 'cli.player@okaxis' })
    await giveWinnings(ctx.api, admin.token, p.id, 500)
    const { redemption } = (
      await ctx.api.post('/api/redemptions', { amount: 100, redemption_type_id: upiType }, p.token)
    ).body
    const list = await cli('redemptions', 'list', '--status', 'pending')
    expect(list.code).toBe(0)
    expect(list.stdout.split('\n')[0]).toMatch(/^ID +USER +TYPE +AMOUNT +FEE +TO +STATUS +REQUESTED$/)
    expect(list.stdout).toMatch(
      new RegExp(
        `^ *${redemption.id} +${p.username} .* UPI +₹100\\.00 +₹10\\.00 +cli\\.player@okaxis +pending `,
        'm',
      ),
    )
    const json = await cli('redemptions', 'list', '--json')
    expect(json.json().redemptions.map((r: { id: number }) => r.id)).toContain(redemption.id)
    const paid = await cli('redemptions', 'approve', String(redemption.id))
    expect(paid.code).toBe(0)
    expect(paid.stdout).toBe(
      `Paid ₹100.00 to ${p.username} <${p.email}> by UPI (cli.player@okaxis), #${redemption.id}\nFee ₹10.00 to the house\n`,
    )
    const twice = await cli('redemptions', 'approve', String(redemption.id))
    exits(twice, 1, 'This withdrawal is already approved')
    expect((await userBalances(ctx.world.server.deps.db, p.id)).winnings).toBe(39_000)
  })

  it('rejects with a reason: amount and fee back in winnings', async () => {
    const p = await verifiedPlayer(ctx.api, admin.token)
    await giveWinnings(ctx.api, admin.token, p.id, 500)
    const { redemption } = (
      await ctx.api.post('/api/redemptions', { amount: 200, redemption_type_id: upiType }, p.token)
    ).body
    expect((await userBalances(ctx.world.server.deps.db, p.id)).winnings).toBe(29_000)
    const r = await cli(
      'redemptions',
      'reject',
      String(redemption.id),
      '--reason',
      'UPI id not found',
      '--json',
    )
    expect(r.code).toBe(0)
    expect(r.json().redemption).toMatchObject({ status: 'rejected', reason: 'UPI id not found' })
    expect((await userBalances(ctx.world.server.deps.db, p.id)).winnings).toBe(50_000)
    const text = await cli('redemptions', 'list', '--status', 'rejected')
    expect(text.stdout).toContain('rejected')
    const shortReason = await cli('redemptions', 'reject', String(redemption.id), '--reason', 'x')
    exits(shortReason, 2, '--reason: give a reason of at least 3 characters')
  })
})
