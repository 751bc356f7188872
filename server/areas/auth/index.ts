/** Sign-in, tokens, passwords, act-as and network passwords (docs/users-and-auth.md). The front door. */
export { issueActAsToken } from './act-as'
export {
  configuredPasswordsHold,
  type NetworkPasswords,
  noPasswords,
  secureNetworkAccounts,
  servesNetwork,
  settleNetworkPasswords,
} from './network-passwords'
export { hashPassword, verifyPassword } from './passwords'
export { successorTokens } from './refresh-rotation'
export { authRoutes } from './routes'
export { issueTokenPair } from './tokens'
export { issueUserToken, mailUserToken } from './user-tokens'
