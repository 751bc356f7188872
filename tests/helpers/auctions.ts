import { expect } from 'vitest'
import type { client } from './http'

/**
 * The body of a small unbalanced auction for the match (squads of 2 to 4, a purse of 1000 credits),
 * as most auction tests create it; `more` adds settings or overrides these.
 */
export const smallAuction = (name: string, matchId: number, more: Record<string, unknown> = {}) => ({
  name,
  match_id: matchId,
  squad_min: 2,
  squad_max: 4,
  balanced: false,
  purse: 1000,
  ...more,
})

const COLORS = ['blue', 'red', 'yellow', 'green', 'pink', 'navy']

/**
 * Seats the owner and `others` in a new auction (each joins with its code as `Franchise i`; the
 * owner approves the others) and starts it, through `api`.
 */
export async function seatAndStart(
  api: ReturnType<typeof client>,
  auction: { id: number; code: string },
  owner: { token: string },
  others: Array<{ token: string }>,
): Promise<void> {
  for (const [i, p] of [owner, ...others].entries()) {
    const joined = await api.post(
      `/api/auctions/${auction.id}/join`,
      { code: auction.code, franchise_name: `Franchise ${i}`, color: COLORS[i] },
      p.token,
    )
    expect(joined.status).toBe(201)
    if (p === owner) continue
    const approved = await api.post(
      `/api/auctions/${auction.id}/managers/${joined.body.manager.id}/approve`,
      {},
      owner.token,
    )
    expect(approved.status).toBe(200)
  }
  expect((await api.post(`/api/auctions/${auction.id}/start`, {}, owner.token)).status).toBe(200)
}
