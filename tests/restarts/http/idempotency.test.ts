import { afterEach, describe, expect, it } from 'vitest'
import { rowsWhere } from '../../helpers/db'
import type { client } from '../../helpers/http'
import { giveWinnings, verifiedPlayer } from '../../helpers/kyc'
import { player, type RestartWorld, restartWorld } from '../helpers'

let world: RestartWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

/** The in-process test client's shape over real HTTP, for the verification helpers. */
function httpApi(w: RestartWorld): ReturnType<typeof client> {
  let n = 0
  const adapter = {
    app: { request: (path: string, init: RequestInit) => fetch(`${w.server.url}${path}`, init) },
    get: (path: string, token?: string) => w.api('GET', path, undefined, token),
    post: (path: string, body?: unknown, token?: string) => w.api('POST', path, body, token),
    put: (path: string, body?: unknown, token?: string) => w.api('PUT', path, body, token),
    player: () => player(w, `payer${++n}`),
  }
  return adapter as unknown as ReturnType<typeof client>
}

/** A player allowed to withdraw (mobile, PAN, UPI), with ₹500 of winnings. */
async function payer(w: RestartWorld) {
  const api = httpApi(w)
  const admin = await w.adminToken()
  const p = await verifiedPlayer(api, admin)
  await giveWinnings(api, admin, p.id, 500)
  const types = (await w.api('GET', '/api/redemption_types')).body.redemption_types as Array<{
    id: number
    code: string
  }>
  return { ...p, upi: types.find((t) => t.code === 'upi')?.id as number }
}

async function money(w: RestartWorld, userId: number) {
  const winnings = await w.sql
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('kind', '=', 'winnings')
    .executeTakeFirstOrThrow()
  const redemptions = await rowsWhere(w.sql, 'redemptions', { user_id: userId }, 'id')
  const keys = await w.sql
    .selectFrom('idempotency_keys')
    .select(['status_code'])
    .where('user_id', '=', userId)
    .execute()
  return { winnings: Number(winnings.balance), redemptions: redemptions.map((r) => r.id), keys }
}

const KEY = { 'Idempotency-Key': 'withdraw-after-crash' }
const withdraw = (w: RestartWorld, p: { token: string; upi: number }) =>
  w.api('POST', '/api/redemptions', { amount: 100, redemption_type_id: p.upi }, p.token, KEY)

describe('Idempotency-Key across kill -9', () => {
  it('a crash before the commit leaves neither the withdrawal nor the key: the retry runs afresh, once', async () => {
    world = await restartWorld('rst_idem_a', { admin: true, crashPoint: 'idempotency.answered' })
    const w = world
    const p = await payer(w)
    // The server kills itself after the withdrawal is made and its answer recorded, before the commit.
    await expect(withdraw(w, p)).rejects.toThrow()
    await w.server.crash()
    expect(await money(w, p.id)).toEqual({ winnings: 50_000, redemptions: [], keys: [] })

    await w.start({ crashPoint: undefined })
    const retry = await withdraw(w, p)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    const again = await withdraw(w, p)
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(retry.body)
    // ₹100 out and the ₹10 UPI fee on top, once.
    expect(await money(w, p.id)).toEqual({
      winnings: 39_000,
      redemptions: [retry.body.redemption.id],
      keys: [{ status_code: 201 }],
    })
  })

  it('a crash after the commit keeps the withdrawal and its answer: the retry gets that answer', async () => {
    world = await restartWorld('rst_idem_b', { admin: true, crashPoint: 'idempotency.committed' })
    const w = world
    const p = await payer(w)
    await expect(withdraw(w, p)).rejects.toThrow()
    await w.server.crash()
    const committed = await money(w, p.id)
    expect(committed).toMatchObject({ winnings: 39_000, keys: [{ status_code: 201 }] })
    expect(committed.redemptions).toHaveLength(1)

    await w.start({ crashPoint: undefined })
    const retry = await withdraw(w, p)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.body.redemption.id).toBe(committed.redemptions[0])
    expect(await money(w, p.id)).toEqual(committed)
  })
})
