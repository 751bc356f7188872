import { smallAuction } from '../auctions'
import type { Kit, Recipe } from './kit'

/** Valid requests for live auctions: creation, joins and decisions, and the owner's commands. */

/** A waiting auction charging 10 coins: the owner, an approved manager and `pending` waiting ones. */
async function room(k: Kit, pending = 0) {
  const a = await k.auction(10)
  const approved = await k.player({ coins: 50 })
  const id = await k.joinAuction(a, approved)
  await k.ok('approve', k.api.post(`/api/auctions/${a.id}/managers/${id}/approve`, {}, a.owner.token))
  const waiting: number[] = []
  for (let i = 0; i < pending; i++) waiting.push(await k.joinAuction(a, await k.player({ coins: 50 })))
  return { ...a, approved, waiting }
}

async function started(k: Kit) {
  const a = await room(k)
  await k.ok('start', k.api.post(`/api/auctions/${a.id}/start`, {}, a.owner.token))
  return a
}

const owner = (
  command: string,
  setup: (k: Kit) => Promise<{ id: number; owner: { token: string } }>,
): Recipe => {
  return async (k) => {
    const a = await setup(k)
    return { token: a.owner.token, path: `/api/auctions/${a.id}/${command}`, body: {} }
  }
}

export const auctionRecipes: Record<string, Recipe> = {
  'POST /api/auctions': async (k) => {
    const p = await k.player()
    return {
      token: p.token,
      path: '/api/auctions',
      body: smallAuction('Walk night', k.matchId, { charges: 10 }),
    }
  },
  'POST /api/auctions/{id}/join': async (k) => {
    const a = await k.auction(10)
    const p = await k.player({ coins: 50 })
    return {
      token: p.token,
      path: `/api/auctions/${a.id}/join`,
      body: { code: a.code, franchise_name: 'Walk Kings', color: 'gold' },
    }
  },
  ...Object.fromEntries(
    (['approve', 'reject'] as const).map((decision): [string, Recipe] => [
      `POST /api/auctions/{id}/managers/{manager_id}/${decision}`,
      async (k) => {
        const a = await room(k, 1)
        return { token: a.owner.token, path: `/api/auctions/${a.id}/managers/${a.waiting[0]}/${decision}` }
      },
    ]),
  ),
  // Whoever is still pending at the start is declined and refunded.
  'POST /api/auctions/{id}/start': owner('start', (k) => room(k, 1)),
  'POST /api/auctions/{id}/pause': owner('pause', started),
  'POST /api/auctions/{id}/resume': owner('resume', async (k) => {
    const a = await started(k)
    await k.ok('pause', k.api.post(`/api/auctions/${a.id}/pause`, {}, a.owner.token))
    return a
  }),
  'POST /api/auctions/{id}/complete': owner('complete', started),
  'POST /api/auctions/{id}/close_lot': owner('close_lot', started),
  'POST /api/auctions/{id}/bid_player': async (k) => {
    const a = await started(k)
    const lot = (await k.api.get(`/api/auctions/${a.id}/bidding_player`, a.owner.token)).body
    return {
      token: a.approved.token,
      path: `/api/auctions/${a.id}/bid_player`,
      body: { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
    }
  },
}
