import { afterAll, describe, expect, it } from 'vitest'
import { userBalances } from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { depositRow } from '../../helpers/gateway'
import { cliApiWorld, exits } from '../helpers'

const ctx = cliApiWorld()
afterAll(async () => {
  expect((await verifyLedger(ctx.world.server.deps.db)).problems).toEqual([])
})

const { cli } = ctx
const reason = 'Money left my bank but the wallet shows nothing'
let orders = 0

/** A player with a failed ₹250.50 Paytm deposit and a pending claim about it. */
async function claimant() {
  const p = await ctx.api.player()
  const creditId = await depositRow(ctx.world.server.deps, p.id, 25_050, {
    orderId: `CLI-ORDER-${p.id}-${++orders}`,
  })
  const r = await ctx.api.post('/api/claim_refunds', { reason, user_credit_id: creditId }, p.token)
  expect(r.status).toBe(201)
  return { ...p, creditId, claimId: r.body.claim_refund.id as number }
}
const unused = async (userId: number) => (await userBalances(ctx.world.server.deps.db, userId)).unused

describe('fanspole refunds list', () => {
  it('lists claims as a table and as JSON, filtered by status', async () => {
    const p = await claimant()
    const table = await cli('refunds', 'list', '--status', 'pending')
    expect(table.code).toBe(0)
    const lines = table.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID +USER +ABOUT +AMOUNT +STATUS +CLAIMED +REASON +ANSWER$/)
    expect(table.stdout).toMatch(
      new RegExp(
        `^ *${p.claimId} +${p.username} <${p.email}> +payment #${p.creditId} \\(paytm, failed\\) +₹250\\.50 +pending +.* Money left my bank but the wall… +-$`,
        'm',
      ),
    )
    const json = await cli('refunds', 'list', '--json')
    expect(json.code).toBe(0)
    expect(json.json().claim_refunds.find((c: { id: number }) => c.id === p.claimId)).toMatchObject({
      status: 'pending',
      amount: 250.5,
      max_refund: 250.5,
      user: { id: p.id, username: p.username },
      user_credit: { id: p.creditId, status: 'failed' },
    })
  })

  it('says so when nothing matches, and refuses an unknown status (exit 2)', async () => {
    // Runs before any claim is decided in this file.
    const none = await cli('refunds', 'list', '--status', 'rejected')
    expect(none.code).toBe(0)
    expect(none.stdout).toBe('No refund claims rejected\n')
    expect((await cli('refunds', 'list', '--status', 'refunded', '--json')).json()).toEqual({
      claim_refunds: [],
    })
    const bad = await cli('refunds', 'list', '--status', 'approved')
    exits(bad, 2, '--status: expected pending, refunded or rejected')
  })
})

describe('fanspole refunds approve', () => {
  it('refunds to the unused balance once; the second time exits 1 with the server’s reason', async () => {
    const p = await claimant()
    const r = await cli(
      'refunds',
      'approve',
      String(p.claimId),
      '--amount',
      '250.50',
      '--note',
      'Bank confirmed',
    )
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      `Refunded ₹250.50 to ${p.username} <${p.email}> for claim #${p.claimId} (payment #${p.creditId} (paytm, failed))\nUnused balance now ₹250.50\n`,
    )
    expect(await unused(p.id)).toBe(25_050)
    const mine = (await ctx.api.get(`/api/claim_refunds/${p.claimId}`, p.token)).body.claim_refund
    expect(mine).toMatchObject({ status: 'refunded', amount: 250.5, resolution: 'Bank confirmed' })
    const again = await cli('refunds', 'approve', String(p.claimId), '--amount', '1', '--json')
    exits(again, 1, '409 CONFLICT: This refund claim is already refunded')
    expect(await unused(p.id)).toBe(25_050)
    const listed = await cli('refunds', 'list', '--status', 'refunded')
    expect(listed.stdout).toMatch(
      new RegExp(
        `^ *${p.claimId} .* ₹250\\.50 +refunded +.* Money left my bank but the wall… +Bank confirmed$`,
        'm',
      ),
    )
  })

  it('prints one JSON document with --json', async () => {
    const p = await claimant()
    const r = await cli('refunds', 'approve', String(p.claimId), '--amount', '100', '--json')
    expect(r.code).toBe(0)
    expect(r.json()).toMatchObject({
      claim_refund: {
        id: p.claimId,
        status: 'refunded',
        amount: 100,
        resolution: 'Refunded ₹100.00 to your unused balance.',
      },
      wallet: { unused_balance: 100 },
    })
  })

  it('needs --amount as rupees (exit 2); the server refuses more than the deposit (exit 1)', async () => {
    const p = await claimant()
    const missing = await cli('refunds', 'approve', String(p.claimId))
    exits(missing, 2, "required option '--amount <rupees>' not specified")
    for (const amount of ['abc', '12.345', '-5']) {
      const bad = await cli('refunds', 'approve', String(p.claimId), '--amount', amount)
      expect(bad.code, amount).toBe(2)
      expect(bad.stderr).toContain('--amount: expected rupees above 0 with at most 2 decimals')
    }
    const zero = await cli('refunds', 'approve', String(p.claimId), '--amount', '0')
    exits(zero, 2, '--amount: must be above 0')
    const huge = await cli('refunds', 'approve', String(p.claimId), '--amount', '10000.01')
    exits(huge, 2, '--amount: must be at most 10000')
    const over = await cli('refunds', 'approve', String(p.claimId), '--amount', '300')
    exits(over, 1, '422')
    expect(over.stderr).toContain('must be at most ₹250.50')
    expect(await unused(p.id)).toBe(0)
  })

  it('refuses a bad id as a usage error and an unknown id with exit 1', async () => {
    const bad = await cli('refunds', 'approve', 'abc', '--amount', '10')
    exits(bad, 2, '<id>: expected a positive whole number, got "abc"')
    const unknown = await cli('refunds', 'approve', '99999', '--amount', '10')
    exits(unknown, 1, '404 NOT_FOUND')
  })
})

describe('fanspole refunds reject', () => {
  it('rejects with a reason (text and JSON) and needs --reason', async () => {
    const p = await claimant()
    const missing = await cli('refunds', 'reject', String(p.claimId))
    exits(missing, 2, "required option '--reason <text>' not specified")
    const short = await cli('refunds', 'reject', String(p.claimId), '--reason', 'x')
    exits(short, 2, '--reason: give a reason of at least 3 characters')
    const r = await cli('refunds', 'reject', String(p.claimId), '--reason', 'The payment reached your wallet')
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      `Rejected refund claim #${p.claimId} of ${p.username} <${p.email}>\nReason: The payment reached your wallet\n`,
    )
    const mine = (await ctx.api.get(`/api/claim_refunds/${p.claimId}`, p.token)).body.claim_refund
    expect(mine).toMatchObject({ status: 'rejected', resolution: 'The payment reached your wallet' })
    const again = await cli('refunds', 'reject', String(p.claimId), '--reason', 'Again', '--json')
    exits(again, 1, 'This refund claim is already rejected')

    const q = await claimant()
    const json = await cli('refunds', 'reject', String(q.claimId), '--reason', 'Duplicate claim', '--json')
    expect(json.code).toBe(0)
    expect(json.json().claim_refund).toMatchObject({
      id: q.claimId,
      status: 'rejected',
      resolution: 'Duplicate claim',
    })
    expect(await unused(q.id)).toBe(0)
  })

  it('shows examples in its help', async () => {
    const r = await cli('refunds', '--help')
    expect(r.code).toBe(0)
    for (const sub of ['list', 'approve', 'reject']) expect(r.stdout).toMatch(new RegExp(`^  ${sub}\\b`, 'm'))
    expect(r.stdout).toContain('fanspole refunds approve 3 --amount 250')
  })
})
