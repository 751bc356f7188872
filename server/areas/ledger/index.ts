/** Double-entry money: accounts, postings, balances, the integrity check (docs/wallet.md). The front door. */
export { type AccountRow, postMany, type RawHandles, readAccounts } from './bulk'
export { ledgerRoutes } from './routes'
export {
  createUserAccounts,
  type PostingRequest,
  type PostingResult,
  paidToUser,
  post,
  SYSTEM_ACCOUNTS,
  systemAccountId,
  type UserCompartment,
  userAccountCode,
  userAccountId,
  userBalances,
  walletJson,
} from './service'
export { verifyLedger } from './verify'
