import { beforeAll, describe, expect, it } from 'vitest'
import { userBalances } from '../../../server/areas/ledger/service'
import { race, statuses } from '../../helpers/concurrency'
import { creationKit } from '../../helpers/contest-creation'
import { rowsWhere } from '../../helpers/db'
import { apiWorld } from '../../helpers/world'

// Money-moving requests sent several times at once with one Idempotency-Key (a client retrying
// before its first answer came back): one effect, and every other answer is the first one
// replayed. On PostgreSQL (api-pg) the requests really overlap on the connection pool: the
// later ones wait on the key's unique row until the first commits, then replay its answer.

const ctx = apiWorld({ league: true, admin: true, per: 'file', ledger: true })
let kit: ReturnType<typeof creationKit>
beforeAll(async () => {
  kit = creationKit(ctx.world.deps, ctx.api, ctx.admin)
})

const keyed = (key: string) => ({ 'Idempotency-Key': key })
const replays = (answers: Array<{ headers: Headers }>) =>
  answers.filter((a) => a.headers.get('idempotent-replayed') === 'true').length

describe('one Idempotency-Key, four requests at once', () => {
  it('POST /api/contests creates one contest and debits the creator once', async () => {
    const owner = await kit.withAccess(500)
    const body = await kit.draft(owner, { name: 'Burst League' })
    const answers = await race(4, () =>
      ctx.api.call('POST', '/api/contests', { body, token: owner.token, headers: keyed('create-burst') }),
    )
    expect(statuses(answers)).toEqual({ 201: 4 })
    expect(replays(answers)).toBe(3)
    expect(new Set(answers.map((a) => a.body.contest.id)).size).toBe(1)
    const made = await rowsWhere(ctx.world.deps.db, 'contests', { created_by_id: owner.id }, 'id')
    expect(made).toHaveLength(1)
    expect((await userBalances(ctx.world.deps.db, owner.id)).unused).toBe(400_00)
  })

  it('POST /api/contests/{id}/join takes one seat and one fee; the others get the same 200', async () => {
    const { contest } = await kit.privateContest({ name: 'Join Burst' })
    const p = await kit.player(300)
    const body = { team_id: await kit.team(p, contest.match_id), invite_code: contest.invite_code }
    const answers = await race(4, () =>
      ctx.api.call('POST', `/api/contests/${contest.id}/join`, {
        body,
        token: p.token,
        headers: keyed('join-burst'),
      }),
    )
    expect(statuses(answers)).toEqual({ 200: 4 })
    expect(replays(answers)).toBe(3)
    expect(new Set(answers.map((a) => a.body.member_id)).size).toBe(1)
    const seats = await rowsWhere(
      ctx.world.deps.db,
      'contest_members',
      { contest_id: contest.id, user_id: p.id },
      'id',
    )
    expect(seats).toHaveLength(1)
    expect((await userBalances(ctx.world.deps.db, p.id)).unused).toBe(200_00)
  })

  it('POST /api/admin/wallet/credits credits once', async () => {
    const p = await kit.player()
    const body = { user_id: p.id, amount: 250 }
    const answers = await race(4, () =>
      ctx.api.call('POST', '/api/admin/wallet/credits', {
        body,
        token: ctx.admin.token,
        headers: keyed('credit-burst'),
      }),
    )
    expect(statuses(answers)).toEqual({ 201: 4 })
    expect(replays(answers)).toBe(3)
    expect((await userBalances(ctx.world.deps.db, p.id)).unused).toBe(250_00)
  })
})
