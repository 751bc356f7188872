import { afterAll, describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { exits, ok } from '../helpers'
import { cricketMatch, entrant, leagueCli, oneBall } from '../match-world'

// `fanspole trigger EVENT` (docs/tester-tools.md "fanspole trigger"): each event's effect is
// read back through the API, as a tester would check it.

const kit = leagueCli()
const { cli } = kit
afterAll(async () => {
  expect((await verifyLedger(kit.world.server.deps.db)).problems).toEqual([])
})

const me = async (token: string) => (await kit.world.api.get('/api/me', token)).body.user
const credits = async (token: string) =>
  (await kit.world.api.get('/api/user_credits', token)).body.user_credits

describe('fanspole trigger payment.*', () => {
  it('payment.succeeded: the gateway pays, the verify credits the unused balance once', async () => {
    const p = await kit.world.api.player()
    const r = ok(await cli('trigger', 'payment.succeeded', '--user', p.username, '--amount', '250'))
    expect(r.stdout).toMatch(/^payment\.succeeded: ₹250 paid at paytm by .* credit \d+ is success\n/)
    expect(r.stdout).toContain(`${p.username}'s unused balance ₹0 → ₹250`)
    expect((await me(p.token)).unused_balance).toBe(250)
    const [credit] = await credits(p.token)
    expect(credit).toMatchObject({ status: 'success', amount: 250, service_provider: 'paytm' })
    expect(credit.txn_id).toMatch(/^PTM/)
  })

  it('payment.failed (--json, PayUMoney): the credit is failed and nothing moves', async () => {
    const p = await kit.world.api.player()
    const r = ok(
      await cli('trigger', 'payment.failed', '--user', p.email, '--gateway', 'payumoney', '--json'),
    )
    const out = r.json()
    expect(out).toMatchObject({
      event: 'payment.failed',
      user: { id: p.id },
      user_credit: { status: 'failed', service_provider: 'payumoney' },
      balances: { after: { unused_balance: 0 } },
    })
    expect((await credits(p.token)).map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([
      [out.user_credit.id, 'failed'],
    ])
  })

  it('payment.pending: an order left unpaid at the gateway, its page named', async () => {
    const p = await kit.world.api.player()
    const out = ok(await cli('trigger', 'payment.pending', '--user', p.username, '--json')).json()
    expect(out.user_credit).toMatchObject({ status: 'pending', amount: 500 })
    expect(out.user_credit.payment_data.url).toMatch(/^\/gateway\/paytm\/FP/)
    expect((await me(p.token)).unused_balance).toBe(0)
  })
})

describe('fanspole trigger kyc.*', () => {
  it('kyc.rejected submits a PAN when there is none and rejects it with the reason; kyc.approved then approves a new one', async () => {
    const p = await kit.world.api.player()
    const rejected = ok(
      await cli('trigger', 'kyc.rejected', '--user', p.username, '--reason', 'The photo is blurred'),
    )
    expect(rejected.stdout).toMatch(
      /^kyc\.rejected: submitted and rejected PAN #\d+ .*: The photo is blurred\n/,
    )
    expect((await me(p.token)).pancard_status).toBe('rejected')
    const pan = (await kit.world.api.get('/api/me/pan_card', p.token)).body.pan_card
    expect(pan).toMatchObject({ status: 'rejected' })
    const approved = ok(await cli('trigger', 'kyc.approved', '--user', p.username, '--json')).json()
    expect(approved).toMatchObject({ event: 'kyc.approved', pancard_status: 'approved' })
    expect((await me(p.token)).pancard_status).toBe('approved')
    // An approved PAN is final: nothing left to decide.
    exits(await cli('trigger', 'kyc.rejected', '--user', p.username), 1, 'has an approved PAN already')
  })
})

describe('fanspole trigger match.* and player.*', () => {
  it('player.ruled_out takes the player out of the lineup: re-scored, no points for them', async () => {
    const { match } = await cricketMatch(kit.world, 0)
    await kit.world.api.post(`/api/admin/matches/${match.id}/start`, undefined, kit.world.adminToken)
    const { firstBall } = await import('../../helpers/league')
    const ball = await firstBall(kit.world.server.deps, match.id, 6)
    const { events } = await oneBall(kit.world, match.id, ball)
    expect(
      (await kit.world.api.post(`/api/admin/matches/${match.id}/events`, { events }, kit.world.adminToken))
        .status,
    ).toBe(200)
    // One who has not batted or bowled yet: out of the XI before they play.
    const outId = (events[0] as { player_ids: number[] }).player_ids.at(-1) as number
    const player = async () =>
      (await kit.world.api.get(`/api/matches/${match.id}/players?per_page=100`)).body.players.find(
        (p: { id: number }) => p.id === outId,
      )
    expect(await player()).toMatchObject({ in_lineup: true })

    const out = ok(await cli('trigger', 'player.ruled_out', String(match.id), String(outId), '--json')).json()
    expect(out).toMatchObject({
      event: 'player.ruled_out',
      match_id: match.id,
      lineup: { corrected: true, seq: 1 },
    })
    expect(out.lineup.player_ids).toHaveLength(10)
    expect(out.lineup.player_ids).not.toContain(outId)
    expect(await player()).toMatchObject({ in_lineup: false })
    const stored = (await kit.world.api.get(`/api/matches/${match.id}/events`)).body.events[0]
    expect(stored).toMatchObject({ seq: 1, type: 'lineup' })
    expect(stored.player_ids).not.toContain(outId)
    // One who already batted cannot leave the XI: the server says why (exit 1).
    exits(
      await cli('trigger', 'player.ruled_out', String(match.id), String(ball.batter)),
      1,
      'batter_id is not in the lineup',
    )
    exits(
      await cli('trigger', 'player.ruled_out', String(match.id), String(outId)),
      1,
      'is not in the lineup of',
    )
  })

  it('match.rain_delay moves the start later; the match stays upcoming and its teams editable', async () => {
    const { match } = await cricketMatch(kit.world, 2)
    const r = ok(await cli('trigger', 'match.rain_delay', String(match.id), '--minutes', '45'))
    expect(r.stdout).toMatch(
      new RegExp(`^match\\.rain_delay: match ${match.id} delayed 45 min by rain: starts `),
    )
    const after = (await kit.world.api.get(`/api/matches/${match.id}`)).body.match
    expect(after).toMatchObject({
      match_status: 'upcoming',
      event_time_in_millis: match.event_time_in_millis + 45 * 60_000,
    })
    const json = ok(await cli('trigger', 'match.rain_delay', String(match.id), '--json')).json()
    expect(json).toMatchObject({
      event: 'match.rain_delay',
      minutes: 30,
      match: { id: match.id, event_time_in_millis: after.event_time_in_millis + 30 * 60_000 },
    })
    exits(
      await cli('trigger', 'match.rain_delay', String(match.id), '--minutes', '0'),
      2,
      '--minutes: must be at least 1',
    )
  })

  it('match.abandoned cancels every contest and refunds every entry', async () => {
    const { match, contests } = await cricketMatch(kit.world, 1)
    const mega = contests.find((c) => c.guaranteed) ?? contests[0]!
    const player = await entrant(kit.world, match.id, mega.id)
    const before = (await me(player.player.token)).unused_balance
    const r = ok(
      await cli('trigger', 'match.abandoned', String(match.id), '--reason', 'Rain: no play possible'),
    )
    expect(r.stdout).toMatch(
      new RegExp(`^match\\.abandoned: match ${match.id} is abandoned: Rain: no play possible\\n`),
    )
    expect(r.stdout).toContain('cancelled and every entry refunded')
    const contest = (await kit.world.api.get(`/api/contests/${mega.id}`)).body.contest
    expect(contest).toMatchObject({ contest_status: 'cancelled', status_reason: 'Rain: no play possible' })
    expect((await me(player.player.token)).unused_balance).toBe(before + Number(mega.entry_fee))
    exits(await cli('trigger', 'match.abandoned', String(match.id)), 1, 'already abandoned')
  })
})

describe('fanspole trigger: the list and bad input', () => {
  it('--list names every event with its arguments and effect (and as JSON)', async () => {
    const r = ok(await cli('trigger', '--list'))
    for (const name of [
      'payment.succeeded',
      'payment.failed',
      'payment.pending',
      'kyc.approved',
      'kyc.rejected',
    ])
      expect(r.stdout).toContain(name)
    expect(r.stdout).toMatch(/player\.ruled_out MATCH PLAYER +a live match/)
    expect(r.stdout).toMatch(/match\.abandoned MATCH +the match abandoned/)
    expect(r.stdout).toMatch(/match\.rain_delay MATCH +rain before the start/)
    const json = ok(await cli('trigger', '--list', '--json')).json()
    expect(json.events.find((e: { event: string }) => e.event === 'match.abandoned')).toMatchObject({
      arguments: ['MATCH'],
    })
  })

  it('an unknown event, wrong arguments or a bad option value is exit 2', async () => {
    const unknown = await cli('trigger', 'payment.refunded')
    exits(unknown, 2, 'event: "payment.refunded" is not one of payment.succeeded')
    expect(unknown.stderr).toContain('match.abandoned MATCH')
    exits(await cli('trigger', 'match.abandoned'), 2, 'match.abandoned takes MATCH, got none')
    const none = await cli('trigger')
    exits(none, 2, 'name the event to trigger (or --list)')
    expect(none.stderr).toContain('payment.succeeded')
    exits(await cli('trigger', 'match.abandoned', 'x'), 2, 'match: expected a positive whole number')
    exits(await cli('trigger', 'payment.succeeded', '3'), 2, 'payment.succeeded takes no arguments, got 3')
    exits(
      await cli('trigger', 'payment.succeeded', '--gateway', 'stripe'),
      2,
      '--gateway: expected one of paytm, payumoney, got "stripe"',
    )
    exits(await cli('trigger', 'payment.succeeded', '--amount', '5'), 2, '--amount: must be at least 10')
  })
})
