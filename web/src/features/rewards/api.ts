import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { ScratchCardJson } from '../../../../server/areas/wallet'
import { get, post } from '../../lib/api'
import { cacheBalances, type Balances as WalletBalances } from '../wallet'

/** Scratch cards and referrals: shapes flow from the server's serializers. */
export type ScratchCard = ScratchCardJson

export interface ScratchCardList {
  total_reward_balance: number
  total_reward_coins: number
  unclaimed_count: number
  scratch_cards: ScratchCard[]
  meta: { page: number; per_page: number; total: number; total_pages: number }
}

export interface ReferralDetails {
  reference: string
  share_url: string
  coins_per_referral: number
  referred_count: number
  coins_earned: number
  referred_by: { slug: string; username: string } | null
  referred_users: Array<{ slug: string; username: string; joined_at_in_millis: number }>
}

export const scratchCardsQuery = queryOptions({
  queryKey: ['rewards', 'scratch-cards'],
  queryFn: () => get<ScratchCardList>('/api/scratch_cards', { query: { per_page: 100 } }),
  staleTime: 0,
})

export const scratchCardQuery = (id: number) =>
  queryOptions({
    queryKey: ['rewards', 'scratch-card', id],
    queryFn: async () => (await get<{ scratch_card: ScratchCard }>(`/api/scratch_cards/${id}`)).scratch_card,
    staleTime: 0,
  })

export const referralQuery = queryOptions({
  queryKey: ['rewards', 'referral'],
  queryFn: async () =>
    (await get<{ referral_details: ReferralDetails }>('/api/me/referral_details')).referral_details,
  staleTime: 30_000,
})

/** Claims (scratches) a card: the answer is the revealed card and the wallet after it. */
export async function claimScratchCard(client: QueryClient, id: number): Promise<ScratchCard> {
  const answer = await post<{ scratch_card: ScratchCard; wallet: WalletBalances }>(
    '/api/scratch_cards/claim',
    {
      id,
    },
  )
  client.setQueryData(scratchCardQuery(id).queryKey, answer.scratch_card)
  // The list's totals change too; a claimed card is claimed in every cached copy (spec §4).
  client.setQueryData<ScratchCardList>(scratchCardsQuery.queryKey, (old) =>
    old
      ? {
          ...old,
          unclaimed_count: Math.max(0, old.unclaimed_count - 1),
          scratch_cards: old.scratch_cards.map((c) => (c.id === id ? answer.scratch_card : c)),
        }
      : old,
  )
  cacheBalances(client, answer.wallet)
  void client.invalidateQueries({ queryKey: scratchCardsQuery.queryKey })
  return answer.scratch_card
}

export async function applyReferralCode(client: QueryClient, refCode: string): Promise<ReferralDetails> {
  const answer = await post<{ referral_details: ReferralDetails; wallet: WalletBalances }>(
    '/api/me/refer_code',
    {
      ref_code: refCode,
    },
  )
  client.setQueryData(referralQuery.queryKey, answer.referral_details)
  cacheBalances(client, answer.wallet)
  void client.invalidateQueries({ queryKey: scratchCardsQuery.queryKey })
  return answer.referral_details
}
