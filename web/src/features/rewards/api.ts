import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { type Body, data, http, type Schema } from '../../lib/client'
import { cacheBalances } from '../wallet'

/** Scratch cards and referrals: shapes flow from the server's serializers. */
export type ScratchCard = Schema<'ScratchCard'>
export type ScratchCardList = Body<'/api/scratch_cards'>
export type ReferralDetails = Schema<'ReferralDetails'>

export const scratchCardsQuery = queryOptions({
  queryKey: ['rewards', 'scratch-cards'],
  queryFn: () => data(http.GET('/api/scratch_cards', { params: { query: { per_page: 100 } } })),
  staleTime: 0,
})

export const scratchCardQuery = (id: number) =>
  queryOptions({
    queryKey: ['rewards', 'scratch-card', id],
    queryFn: async () =>
      (await data(http.GET('/api/scratch_cards/{id}', { params: { path: { id } } }))).scratch_card,
    staleTime: 0,
  })

export const referralQuery = queryOptions({
  queryKey: ['rewards', 'referral'],
  queryFn: async () => (await data(http.GET('/api/me/referral_details'))).referral_details,
  staleTime: 30_000,
})

/** Claims (scratches) a card: the answer is the revealed card and the wallet after it. */
export async function claimScratchCard(client: QueryClient, id: number): Promise<ScratchCard> {
  const answer = await data(http.POST('/api/scratch_cards/claim', { body: { id } }))
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
  const answer = await data(http.POST('/api/me/refer_code', { body: { ref_code: refCode } }))
  client.setQueryData(referralQuery.queryKey, answer.referral_details)
  cacheBalances(client, answer.wallet)
  void client.invalidateQueries({ queryKey: scratchCardsQuery.queryKey })
  return answer.referral_details
}
