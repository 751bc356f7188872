import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

const wallet = () => import('./pages')

/** Wallet, payments and verification: all about the signed-in player's money. */
export const walletRoutes: RouteObject[] = [
  { path: 'wallet', ...page(wallet, 'WalletPage') },
  { path: 'wallet/unused-passbook', ...page(wallet, 'UnusedPassbookPage') },
  { path: 'wallet/winnings-passbook', ...page(wallet, 'WinningsPassbookPage') },
  { path: 'wallet/coins-passbook', ...page(wallet, 'CoinsPassbookPage') },
  { path: 'wallet/verify-mobile', ...page(wallet, 'VerifyMobilePage') },
  { path: 'wallet/verify-pan-card', ...page(wallet, 'VerifyPanPage') },
  { path: 'wallet/verify-bank-account', ...page(wallet, 'VerifyBankPage') },
  { path: 'wallet/verify-upi', ...page(wallet, 'VerifyUpiPage') },
  { path: 'wallet/withdraw', ...page(wallet, 'WithdrawPage') },
  { path: 'wallet/refund-and-cancellation', ...page(wallet, 'RefundPolicyPage') },
  { path: 'add-cash', ...page(wallet, 'AddCashPage') },
  { path: 'add-cash/payment-options', ...page(wallet, 'PaymentOptionsPage') },
  { path: 'paytm/payment', ...page(wallet, 'PaytmResultPage') },
  { path: 'payumoney/success', ...page(wallet, 'PayuSuccessPage') },
  { path: 'payumoney/failure', ...page(wallet, 'PayuFailurePage') },
]
