import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import { type Body, data, http, type RequestBody, type Schema } from '../../lib/client'
import { type Me, meQuery } from '../../lib/me'
import { cacheMe } from '../../lib/session'

/**
 * Deposits, passbooks, withdrawals and refund claims (docs/wallet.md). Amounts are rupees as
 * the API shows them (49.5); coins are whole numbers. Shapes flow from the server's schemas.
 */
export type UserCredit = Schema<'UserCredit'>
export type Gateway = UserCredit['service_provider']
export type PassbookEntry = Schema<'PassbookEntry'>
export type RedemptionType = Schema<'RedemptionType'>
export type Redemption = Schema<'Redemption'>
export type RefundClaim = Schema<'ClaimRefund'>

export const PASSBOOKS = ['unused', 'winnings', 'coins'] as const
export type PassbookKind = (typeof PASSBOOKS)[number]

export type PageMeta = Schema<'PageMeta'>

const PASSBOOK_PATHS = {
  unused: '/api/me/unused_passbook',
  winnings: '/api/me/winnings_passbook',
  coins: '/api/me/coins_passbook',
} as const satisfies Record<PassbookKind, string>

export const PASSBOOK_PER_PAGE = 20

/** GET /api/me/{kind}_passbook one page at a time ("Load more"), newest first. */
export const passbookQuery = (kind: PassbookKind) =>
  infiniteQueryOptions({
    queryKey: ['wallet', 'passbook', kind],
    queryFn: ({ pageParam }) =>
      data(
        http.GET(PASSBOOK_PATHS[kind], {
          params: { query: { page: pageParam, per_page: PASSBOOK_PER_PAGE } },
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.total_pages ? last.meta.page + 1 : undefined),
    staleTime: 0,
  })

/** Spec §9: credits and redemptions are read 100 at a time. */
const LIST_PER_PAGE = 100

export const creditsQuery = queryOptions({
  queryKey: ['wallet', 'credits'],
  queryFn: async () =>
    (await data(http.GET('/api/user_credits', { params: { query: { per_page: LIST_PER_PAGE } } })))
      .user_credits,
  staleTime: 0,
})

/** A fresh Idempotency-Key goes with it (every write of lib/api.ts carries one). */
export function createCredit(body: { enter_amount: number; gateway: Gateway }) {
  return data(http.POST('/api/user_credits', { body }))
}

/**
 * The gateway's callback fields, passed on unchanged: the server checks them (a 422 names a
 * missing one), so they go as the callback body the gateway's route declares.
 */
export function verifyCredit(gateway: Gateway, fields: Record<string, string>) {
  return data(
    gateway === 'paytm'
      ? http.PUT('/api/user_credits/verify_paytm', {
          body: fields as RequestBody<'/api/user_credits/verify_paytm', 'put'>,
        })
      : http.PUT('/api/user_credits/verify_payu_paisa', {
          body: fields as RequestBody<'/api/user_credits/verify_payu_paisa', 'put'>,
        }),
  )
}

/** A credit whose payment went through (the money is in the unused balance). */
export function isPaid(credit: UserCredit): boolean {
  return credit.status === 'success'
}

export const redemptionTypesQuery = queryOptions({
  queryKey: ['wallet', 'redeem', 'types'],
  queryFn: async () => (await data(http.GET('/api/redemption_types'))).redemption_types,
  staleTime: 10 * 60_000,
})

export const redemptionsQuery = queryOptions({
  queryKey: ['wallet', 'redeem', 'list'],
  queryFn: async () =>
    (await data(http.GET('/api/redemptions', { params: { query: { per_page: LIST_PER_PAGE } } })))
      .redemptions,
  staleTime: 0,
})

/** The amount is paid out; the type's fee is held on top of it (both from winnings). */
export function requestRedemption(
  body: { amount: number; redemption_type_id: number },
  idempotencyKey: string,
) {
  return data(http.POST('/api/redemptions', { headers: { 'Idempotency-Key': idempotencyKey }, body }))
}

export const refundClaimsQuery = queryOptions({
  queryKey: ['wallet', 'refunds'],
  queryFn: async () => (await data(http.GET('/api/claim_refunds'))).claim_refunds,
  staleTime: 0,
})

export function claimRefund(body: { reason: string; user_credit_id?: number; contest_id?: number }) {
  return data(http.POST('/api/claim_refunds', { body }))
}

export { newIdempotencyKey } from '../../lib/api'

/** The balances a write answers after it (`wallet`). */
export type Balances = Body<'/api/me/refer_code', 'post'>['wallet']

/**
 * Money moved: the balances (and with them the cached `me_current_balance` of spec §3, which
 * the me query writes on every load) and every passbook are stale.
 */
export async function refreshBalances(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: meQuery.queryKey }),
    client.invalidateQueries({ queryKey: ['wallet'] }),
  ])
}

/**
 * A write answered the wallet after it: put the balances in the me query and in the cached
 * `me_current_balance` at once, then refetch the rest.
 */
export function cacheBalances(client: QueryClient, wallet: Balances): void {
  const me = client.getQueryData<Me>(meQuery.queryKey)
  if (me) {
    const next = { ...me, ...wallet }
    client.setQueryData(meQuery.queryKey, next)
    cacheMe(next)
  } else {
    localStorage.setItem('me_current_balance', String(wallet.current_balance))
  }
  void refreshBalances(client)
}
