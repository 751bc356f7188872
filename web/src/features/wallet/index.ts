/** The front door of features/wallet: what other features may use. The wallet: balances, payments, verification, refunds. */
export { type Balances, cacheBalances } from './api'
export { ClaimRefundForm, RefundStatusList } from './refunds'
