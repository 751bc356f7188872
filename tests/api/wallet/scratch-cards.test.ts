import { beforeEach, describe, expect, it } from 'vitest'
import { userBalances } from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { earnScratchCard } from '../../../server/areas/wallet/rewards/rewards'
import { withTx } from '../../../server/db/tx'
import { drawReward, type RewardKind } from '../../../server/domain/rewards'
import { rowById } from '../../helpers/db'
import { client } from '../../helpers/http'
import { leagueWorld, upcomingMatch } from '../../helpers/league'
import { transactionsOfKind } from '../../helpers/ledger'
import { apiWorld, postTeam } from '../../helpers/world'

const ctx = apiWorld()

let keyNo = 0
/**
 * Earns a card through the real service whose seeded reward is of the wanted kind (and at
 * least `min`): it tries source keys until the draw for this world's seed fits.
 */
async function cardOf(userId: number, kind: RewardKind, min = 0) {
  const seed = ctx.world.deps.rng.seed
  let key = ''
  for (;;) {
    key = `test:${++keyNo}`
    const r = drawReward(seed, key)
    if (r.kind === kind && r.amount >= min) break
  }
  const id = await withTx(ctx.world.deps, (tx) =>
    earnScratchCard(tx, seed, {
      userId,
      source: 'contest_join',
      sourceKey: key,
      nowMs: ctx.world.deps.clock.now(),
    }),
  )
  if (id === null) throw new Error('card not earned')
  return { id, reward: drawReward(seed, key) }
}

const claim = (id: unknown, token?: string) => ctx.api.post('/api/scratch_cards/claim', { id }, token)

describe('GET /api/scratch_cards', () => {
  it('lists my cards newest first with the reward hidden until claimed, and the totals of claimed cards', async () => {
    const me = await ctx.api.player()
    const empty = await ctx.api.get('/api/scratch_cards', me.token)
    expect(empty.status).toBe(200)
    expect(empty.body).toMatchObject({
      total_reward_balance: 0,
      total_reward_coins: 0,
      unclaimed_count: 0,
      scratch_cards: [],
      meta: { page: 1, total: 0 },
    })
    const cash = await cardOf(me.id, 'cash')
    const coins = await cardOf(me.id, 'coins')
    await cardOf((await ctx.api.player()).id, 'cash') // someone else's: not listed
    const list = await ctx.api.get('/api/scratch_cards.json', me.token)
    expect(list.body.scratch_cards).toEqual([
      expect.objectContaining({ id: coins.id, source: 'contest_join', claimed: false, reward: null }),
      expect.objectContaining({ id: cash.id, claimed: false, reward: null, claimed_at_in_millis: null }),
    ])
    expect(list.body.scratch_cards[0].created_at_in_millis).toBe(ctx.world.deps.clock.now())
    expect(list.body.unclaimed_count).toBe(2)

    await claim(cash.id, me.token)
    await claim(coins.id, me.token)
    const after = await ctx.api.get('/api/scratch_cards', me.token)
    expect(after.body).toMatchObject({
      total_reward_balance: cash.reward.amount / 100,
      total_reward_coins: coins.reward.amount,
      unclaimed_count: 0,
    })
    expect(after.body.scratch_cards[1].reward).toEqual({
      kind: 'cash',
      amount: cash.reward.amount / 100,
      label: expect.stringMatching(/^₹[\d.]+ cash$/),
    })
    // The Me fields say the same.
    expect((await ctx.api.get('/api/me', me.token)).body.user).toMatchObject({
      total_reward_balance: cash.reward.amount / 100,
      total_reward_coins: coins.reward.amount,
    })
  })

  it('pages with page and per_page, refuses a bad per_page, and needs sign-in', async () => {
    const me = await ctx.api.player()
    const ids = [] as number[]
    for (let i = 0; i < 3; i++) ids.push((await cardOf(me.id, 'none')).id)
    const page2 = await ctx.api.get('/api/scratch_cards?per_page=2&page=2', me.token)
    expect(page2.body.scratch_cards.map((c: { id: number }) => c.id)).toEqual([ids[0]])
    expect(page2.body.meta).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 })
    expect((await ctx.api.get('/api/scratch_cards?per_page=0', me.token)).status).toBe(422)
    const anonymous = await ctx.api.get('/api/scratch_cards')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.code).toBe('UNAUTHORIZED')
    // Sign-in is checked before the query.
    expect((await ctx.api.get('/api/scratch_cards?per_page=0')).status).toBe(401)
  })
})

describe('GET /api/scratch_cards/{id}', () => {
  it('shows my card; another user’s card or a missing one is 404; a bad id is 422; sign-in needed', async () => {
    const me = await ctx.api.player()
    const other = await ctx.api.player()
    const mine = await cardOf(me.id, 'coins')
    const res = await ctx.api.get(`/api/scratch_cards/${mine.id}`, me.token)
    expect(res.status).toBe(200)
    expect(res.body.scratch_card).toMatchObject({ id: mine.id, claimed: false, reward: null })
    const theirs = await ctx.api.get(`/api/scratch_cards/${mine.id}`, other.token)
    expect(theirs.status).toBe(404)
    expect(theirs.body.code).toBe('NOT_FOUND')
    expect((await ctx.api.get('/api/scratch_cards/999999', me.token)).status).toBe(404)
    expect((await ctx.api.get('/api/scratch_cards/abc', me.token)).status).toBe(422)
    expect((await ctx.api.get(`/api/scratch_cards/${mine.id}`)).status).toBe(401)
  })
})

describe('POST /api/scratch_cards/claim', () => {
  it('pays a cash card into unused balance once, through one ledger posting keyed scratch:<id>', async () => {
    const me = await ctx.api.player()
    const card = await cardOf(me.id, 'cash')
    const res = await claim(card.id, me.token)
    expect(res.status).toBe(200)
    expect(res.body.scratch_card).toMatchObject({
      id: card.id,
      claimed: true,
      claimed_at_in_millis: ctx.world.deps.clock.now(),
      reward: { kind: 'cash', amount: card.reward.amount / 100 },
    })
    expect(res.body.wallet).toMatchObject({
      unused_balance: card.reward.amount / 100,
      current_balance: card.reward.amount / 100,
      coin_balance: 0,
    })
    const tx = await ctx.world.deps.db
      .selectFrom('ledger_transactions')
      .select(['id', 'kind'])
      .where('idempotency_key', '=', `scratch:${card.id}`)
      .executeTakeFirstOrThrow()
    expect(tx.kind).toBe('scratch_card')
    const row = await rowById(ctx.world.deps.db, 'scratch_cards', card.id, 'ledger_transaction_id')
    expect(row.ledger_transaction_id).toBe(tx.id)

    // Twice: 409, nothing moves.
    const again = await claim(card.id, me.token)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('ALREADY_CLAIMED')
    expect(await userBalances(ctx.world.deps.db, me.id)).toEqual({
      unused: card.reward.amount,
      winnings: 0,
      coins: 0,
    })
    expect((await verifyLedger(ctx.world.deps.db)).ok).toBe(true)
  })

  it('pays a coins card into the coin balance, and a “nothing” card pays nothing', async () => {
    const me = await ctx.api.player()
    const coins = await cardOf(me.id, 'coins')
    const res = await claim(coins.id, me.token)
    expect(res.body.scratch_card.reward).toEqual({
      kind: 'coins',
      amount: coins.reward.amount,
      label: `${coins.reward.amount} coins`,
    })
    expect(res.body.wallet.coin_balance).toBe(coins.reward.amount)
    const none = await cardOf(me.id, 'none')
    const blank = await claim(none.id, me.token)
    expect(blank.status).toBe(200)
    expect(blank.body.scratch_card).toMatchObject({
      claimed: true,
      reward: { kind: 'none', amount: 0, label: 'Better luck next time' },
    })
    expect(await userBalances(ctx.world.deps.db, me.id)).toEqual({
      unused: 0,
      winnings: 0,
      coins: coins.reward.amount,
    })
    const postings = await transactionsOfKind(ctx.world.deps.db, 'scratch_card')
    expect(postings.map((p) => p.idempotency_key)).toEqual([`scratch:${coins.id}`])
    expect((await claim(none.id, me.token)).body.code).toBe('ALREADY_CLAIMED')
    expect((await verifyLedger(ctx.world.deps.db)).ok).toBe(true)
  })

  it('answers 404 for another user’s card and a missing card, moving nothing', async () => {
    const owner = await ctx.api.player()
    const thief = await ctx.api.player()
    const card = await cardOf(owner.id, 'cash')
    const res = await claim(card.id, thief.token)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('NOT_FOUND')
    expect((await claim(987654, thief.token)).status).toBe(404)
    expect(await userBalances(ctx.world.deps.db, thief.id)).toEqual({ unused: 0, winnings: 0, coins: 0 })
    // The owner can still claim it.
    expect((await claim(card.id, owner.token)).status).toBe(200)
  })

  it('refuses bad bodies with 422 and strangers with 401', async () => {
    const me = await ctx.api.player()
    const card = await cardOf(me.id, 'cash')
    const missing = await ctx.api.post('/api/scratch_cards/claim', {}, me.token)
    expect(missing.status).toBe(422)
    expect(missing.body.errors.id).toEqual(['is required'])
    const extra = await ctx.api.post('/api/scratch_cards/claim', { id: card.id, amount: 5000 }, me.token)
    expect(extra.status).toBe(422)
    expect(extra.body.errors.amount).toEqual(['is not a known field'])
    expect((await claim('abc', me.token)).status).toBe(422)
    expect((await claim(-1, me.token)).status).toBe(422)
    const stranger = await ctx.api.post('/api/scratch_cards/claim', {})
    expect(stranger.status).toBe(401)
    expect((await claim(card.id)).status).toBe(401)
    // Nothing was claimed by any of that.
    expect((await ctx.api.get(`/api/scratch_cards/${card.id}`, me.token)).body.scratch_card.claimed).toBe(
      false,
    )
  })

  it('with an Idempotency-Key, a retry gets the first answer and pays nothing more; another body is refused', async () => {
    const me = await ctx.api.player()
    const card = await cardOf(me.id, 'cash')
    const other = await cardOf(me.id, 'coins')
    const send = (id: number, key: string) =>
      ctx.api.call('POST', '/api/scratch_cards/claim', {
        body: { id },
        token: me.token,
        headers: { 'Idempotency-Key': key },
      })
    const first = await send(card.id, 'claim-1')
    expect(first.status).toBe(200)
    const retry = await send(card.id, 'claim-1')
    expect(retry.status).toBe(200)
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
    expect(retry.body).toEqual(first.body)
    const reused = await send(other.id, 'claim-1')
    expect(reused.status).toBe(422)
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await userBalances(ctx.world.deps.db, me.id)).toEqual({
      unused: card.reward.amount,
      winnings: 0,
      coins: 0,
    })
    // Without the key, the same claim is the plain 409.
    expect((await claim(card.id, me.token)).body.code).toBe('ALREADY_CLAIMED')
  })

  it('takes the id as a form would send it (a numeric string)', async () => {
    const me = await ctx.api.player()
    const card = await cardOf(me.id, 'coins')
    expect((await claim(String(card.id), me.token)).status).toBe(200)
  })
})

describe('earning cards and spending their coins (demo league)', () => {
  let admin: { token: string }
  beforeEach(async () => {
    await ctx.world.close()
    ctx.world = await leagueWorld()
    ctx.api = client(ctx.world.deps)
    admin = await ctx.api.admin()
  })

  async function playerWith(rupees: number) {
    const p = await ctx.api.player()
    if (rupees > 0)
      await ctx.api.post('/api/admin/wallet/credits', { user_id: p.id, amount: rupees }, admin.token)
    return p
  }

  const teamFor = (p: { token: string }, matchId: number, salt: string) => postTeam(ctx, p, matchId, salt)

  const cardsOf = async (token: string) => (await ctx.api.get('/api/scratch_cards', token)).body.scratch_cards

  it('a paid join earns exactly one card (per entry, drawn from the seed), a free or refused join none', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const contests = (await ctx.api.get(`/api/matches/${match.id}/contests?per_page=50`)).body
      .contests as Array<{
      id: number
      kind: string
      entry_fee: number
    }>
    const free = contests.find((c) => c.entry_fee === 0)!
    const mega = contests.find((c) => c.kind === 'mega' && c.entry_fee > 0)!
    const me = await playerWith(500)
    const first = await teamFor(me, match.id, 'a')
    const second = await teamFor(me, match.id, 'b')

    expect((await ctx.api.post(`/api/contests/${free.id}/join`, { team_id: first }, me.token)).status).toBe(
      200,
    )
    expect(await cardsOf(me.token)).toEqual([])

    expect((await ctx.api.post(`/api/contests/${mega.id}/join`, { team_id: first }, me.token)).status).toBe(
      200,
    )
    const cards = await cardsOf(me.token)
    expect(cards).toEqual([expect.objectContaining({ source: 'contest_join', claimed: false, reward: null })])
    const member = await ctx.world.deps.db
      .selectFrom('contest_members')
      .select('id')
      .where('contest_id', '=', mega.id)
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow()
    const stored = await ctx.world.deps.db
      .selectFrom('scratch_cards')
      .selectAll()
      .where('id', '=', cards[0].id)
      .executeTakeFirstOrThrow()
    expect(stored.source_key).toBe(`join:${member.id}`)
    const drawn = drawReward(ctx.world.deps.rng.seed, `join:${member.id}`)
    expect({ kind: stored.reward_kind, amount: Number(stored.reward_amount) }).toEqual(drawn)

    // The same team again is refused: no new card.
    const twice = await ctx.api.post(`/api/contests/${mega.id}/join`, { team_id: first }, me.token)
    expect(twice.body.code).toBe('ALREADY_JOINED')
    expect(await cardsOf(me.token)).toHaveLength(1)
    // A second paid entry earns a second card.
    expect((await ctx.api.post(`/api/contests/${mega.id}/join`, { team_id: second }, me.token)).status).toBe(
      200,
    )
    expect(await cardsOf(me.token)).toHaveLength(2)

    // A join refused for want of money earns nothing.
    const poor = await ctx.api.player()
    const poorTeam = await teamFor(poor, match.id, 'c')
    const short = await ctx.api.post(`/api/contests/${mega.id}/join`, { team_id: poorTeam }, poor.token)
    expect(short.body.code).toBe('INSUFFICIENT_BALANCE')
    expect(await cardsOf(poor.token)).toEqual([])

    // Claiming the join card pays exactly what was drawn.
    const claimed = await claim(cards[0].id, me.token)
    expect(claimed.body.scratch_card.reward.kind).toBe(drawn.kind)
    expect((await verifyLedger(ctx.world.deps.db)).ok).toBe(true)
  })

  it('coins won on a scratch card pay an auction’s joining charge', async () => {
    const me = await ctx.api.player()
    const card = await cardOf(me.id, 'coins', 25)
    const match = await upcomingMatch(ctx.world.deps)
    const created = await ctx.api.post(
      '/api/auctions',
      { name: 'Coin room', match_id: match.id, squad_min: 2, squad_max: 4, balanced: false, charges: 25 },
      me.token,
    )
    expect(created.status).toBe(201)
    const auction = created.body.new_auction
    const join = () =>
      ctx.api.post(
        `/api/auctions/${auction.id}/join`,
        { code: auction.code, franchise_name: 'Scratchers', color: 'blue' },
        me.token,
      )
    const broke = await join()
    expect(broke.status).toBe(409)
    expect(broke.body.code).toBe('INSUFFICIENT_BALANCE')

    expect((await claim(card.id, me.token)).body.wallet.coin_balance).toBe(card.reward.amount)
    const joined = await join()
    expect(joined.status).toBe(201)
    expect((await userBalances(ctx.world.deps.db, me.id)).coins).toBe(card.reward.amount - 25)
    expect((await verifyLedger(ctx.world.deps.db)).ok).toBe(true)
  })
})
