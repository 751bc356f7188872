import { beforeEach, describe, expect, it } from 'vitest'
import { userBalances } from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { REFERRAL_COINS } from '../../../server/domain/rewards'
import { rowById } from '../../helpers/db'
import { disableUser } from '../../helpers/deps'
import type { client } from '../../helpers/http'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld()

type Player = Awaited<ReturnType<ReturnType<typeof client>['player']>>

const referenceOf = async (p: { token: string }) =>
  (await ctx.api.get('/api/me', p.token)).body.user.reference as string

let n = 0
/** Signs up through POST /api/users (optionally with a referral code) and signs in. */
async function signUp(refCode?: string) {
  n++
  const body = {
    email: `friend${n}@example.test`,
    username: `friend${n}x`,
    password: 'long-enough-pass',
    ...(refCode === undefined ? {} : { ref_code: refCode }),
  }
  const res = await ctx.api.post('/api/users', body)
  return {
    res,
    token: res.status === 201 ? (await ctx.api.login(body.email, body.password)).access_token : '',
  }
}

const cards = async (token: string) => (await ctx.api.get('/api/scratch_cards', token)).body.scratch_cards
const details = async (token: string) =>
  (await ctx.api.get('/api/me/referral_details', token)).body.referral_details

describe('POST /api/users with ref_code', () => {
  it('links the new user to the referrer and gives both sides coins and a scratch card', async () => {
    const referrer = await ctx.api.player()
    const code = await referenceOf(referrer)
    // Codes are read case-insensitively.
    const { res, token } = await signUp(code.toLowerCase())
    expect(res.status).toBe(201)
    expect(res.body.user.coin_balance).toBe(REFERRAL_COINS)
    const friend = res.body.user
    const row = await rowById(ctx.world.deps.db, 'users', friend.id, 'referred_by_id')
    expect(row.referred_by_id).toBe(referrer.id)

    expect((await userBalances(ctx.world.deps.db, referrer.id)).coins).toBe(REFERRAL_COINS)
    expect(await cards(referrer.token)).toEqual([
      expect.objectContaining({ source: 'referral', claimed: false }),
    ])
    expect(await cards(token)).toEqual([expect.objectContaining({ source: 'referred', claimed: false })])
    const keys = await ctx.world.deps.db
      .selectFrom('scratch_cards')
      .select(['user_id', 'source_key'])
      .orderBy('id')
      .execute()
    expect(keys).toEqual([
      { user_id: referrer.id, source_key: `referral:${friend.id}` },
      { user_id: friend.id, source_key: `referred:${friend.id}` },
    ])
    const posting = await ctx.world.deps.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('idempotency_key', '=', `referral:${friend.id}`)
      .executeTakeFirstOrThrow()
    expect(posting.kind).toBe('referral_bonus')

    const notes = (await ctx.api.get('/api/notifications', referrer.token)).body.notifications
    expect(notes).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'referral' })]))
    expect((await verifyLedger(ctx.world.deps.db)).ok).toBe(true)
  })

  it('refuses an unknown code or a disabled referrer’s code with 422 and creates nobody', async () => {
    const unknown = await signUp('NOPE000000')
    expect(unknown.res.status).toBe(422)
    expect(unknown.res.body.errors.ref_code).toEqual(['is not a valid referral code'])
    const disabled = await ctx.api.player()
    const code = await referenceOf(disabled)
    await disableUser(ctx.world.deps, disabled.id)
    const refused = await signUp(code)
    expect(refused.res.status).toBe(422)
    expect(refused.res.body.code).toBe('VALIDATION_FAILED')
    const count = await ctx.world.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
    expect(await ctx.world.deps.db.selectFrom('scratch_cards').selectAll().execute()).toEqual([])
    expect((await userBalances(ctx.world.deps.db, disabled.id)).coins).toBe(0)
  })

  it('without a code nobody is rewarded', async () => {
    const { res, token } = await signUp()
    expect(res.status).toBe(201)
    expect(res.body.user.coin_balance).toBe(0)
    expect(await cards(token)).toEqual([])
  })
})

describe('GET /api/me/referral_details', () => {
  it('shows my code, share link, who joined with it and the coins it earned', async () => {
    const referrer = await ctx.api.player()
    const code = await referenceOf(referrer)
    const before = await details(referrer.token)
    expect(before).toEqual({
      reference: code,
      share_url: `http://fanspole.test/signup?ref=${code}`,
      coins_per_referral: REFERRAL_COINS,
      referred_count: 0,
      coins_earned: 0,
      referred_by: null,
      referred_users: [],
    })
    const a = await signUp(code)
    const b = await signUp(code)
    const after = await details(referrer.token)
    expect(after).toMatchObject({ referred_count: 2, coins_earned: 2 * REFERRAL_COINS })
    expect(after.referred_users.map((u: { slug: string }) => u.slug)).toEqual([
      b.res.body.user.slug,
      a.res.body.user.slug,
    ])
    expect(await details(a.token)).toMatchObject({
      referred_count: 0,
      coins_earned: REFERRAL_COINS,
      referred_by: { slug: referrer.slug, username: referrer.username },
    })
  })

  it('needs sign-in', async () => {
    const res = await ctx.api.get('/api/me/referral_details')
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('UNAUTHORIZED')
  })
})

describe('POST /api/me/refer_code', () => {
  let referrer: Player
  let code: string
  beforeEach(async () => {
    referrer = await ctx.api.player()
    code = await referenceOf(referrer)
  })
  const apply = (ref_code: unknown, token?: string) => ctx.api.post('/api/me/refer_code', { ref_code }, token)

  it('applies a friend’s code once: both sides get coins and a card; a second code is 409', async () => {
    const me = await ctx.api.player()
    const res = await apply(code, me.token)
    expect(res.status).toBe(200)
    expect(res.body.referral_details).toMatchObject({
      referred_by: { slug: referrer.slug },
      coins_earned: REFERRAL_COINS,
    })
    expect(res.body.wallet.coin_balance).toBe(REFERRAL_COINS)
    expect((await userBalances(ctx.world.deps.db, referrer.id)).coins).toBe(REFERRAL_COINS)
    expect(await cards(me.token)).toEqual([expect.objectContaining({ source: 'referred' })])
    expect(await cards(referrer.token)).toEqual([expect.objectContaining({ source: 'referral' })])

    const other = await referenceOf(await ctx.api.player())
    const again = await apply(other, me.token)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('ALREADY_REFERRED')
    const same = await apply(code, me.token)
    expect(same.body.code).toBe('ALREADY_REFERRED')
    expect((await userBalances(ctx.world.deps.db, me.id)).coins).toBe(REFERRAL_COINS)
    expect((await userBalances(ctx.world.deps.db, referrer.id)).coins).toBe(REFERRAL_COINS)
    expect((await verifyLedger(ctx.world.deps.db)).ok).toBe(true)
  })

  it('is 409 for a user who signed up with a code', async () => {
    const { token } = await signUp(code)
    const other = await referenceOf(await ctx.api.player())
    const res = await apply(other, token)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('ALREADY_REFERRED')
  })

  it('refuses my own code, an unknown code and the code of someone I referred with 422, changing nothing', async () => {
    const own = await apply(code, referrer.token)
    expect(own.status).toBe(422)
    expect(own.body.errors.ref_code).toEqual(['is your own code'])
    const unknown = await apply('ZZZZ999999', referrer.token)
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors.ref_code).toEqual(['is not a valid referral code'])
    const friend = await signUp(code)
    const loop = await apply(await referenceOf({ token: friend.token }), referrer.token)
    expect(loop.status).toBe(422)
    expect(loop.body.errors.ref_code).toEqual(['belongs to someone you referred'])
    // Only the friend's sign-up moved coins.
    expect((await userBalances(ctx.world.deps.db, referrer.id)).coins).toBe(REFERRAL_COINS)
    const row = await rowById(ctx.world.deps.db, 'users', referrer.id, 'referred_by_id')
    expect(row.referred_by_id).toBeNull()
  })

  it('with an Idempotency-Key, a retry gets the first answer and pays no coins twice', async () => {
    const me = await ctx.api.player()
    const send = () =>
      ctx.api.call('POST', '/api/me/refer_code', {
        body: { ref_code: code },
        token: me.token,
        headers: { 'Idempotency-Key': 'refer-1' },
      })
    const first = await send()
    expect(first.status).toBe(200)
    const again = await send()
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await userBalances(ctx.world.deps.db, me.id)).coins).toBe(REFERRAL_COINS)
    expect((await userBalances(ctx.world.deps.db, referrer.id)).coins).toBe(REFERRAL_COINS)
  })

  it('refuses bad bodies with 422 and strangers with 401', async () => {
    const me = await ctx.api.player()
    const missing = await ctx.api.post('/api/me/refer_code', {}, me.token)
    expect(missing.status).toBe(422)
    expect(missing.body.errors.ref_code).toEqual(['is required'])
    expect((await apply('', me.token)).status).toBe(422)
    expect((await apply(42, me.token)).status).toBe(422)
    const extra = await ctx.api.post('/api/me/refer_code', { ref_code: code, coins: 1000 }, me.token)
    expect(extra.status).toBe(422)
    expect(extra.body.errors.coins).toEqual(['is not a known field'])
    expect((await ctx.api.post('/api/me/refer_code', {})).status).toBe(401)
    expect((await apply(code)).status).toBe(401)
    expect((await userBalances(ctx.world.deps.db, me.id)).coins).toBe(0)
  })
})
