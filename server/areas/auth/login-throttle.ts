import type { Deps } from '../../core/deps'
import { normaliseEmail, usernameKey } from '../../domain/user-rules'
import { type Attempt, beginAttempt, keyPart, type ThrottleBuckets } from '../../http/throttle'

/**
 * Failed sign-ins (docs/errors.md, RATE_LIMITED), through the failure throttle
 * (server/http/throttle.ts), under three buckets:
 *
 * - the account (by user id, so its e-mail and its username share one count; a login that
 *   matches no account is counted under its canonical form, so throttling never tells which
 *   logins exist), from every address: bounds guessing spread over many addresses;
 * - the account at this address: bounds one address guessing one account, and is the
 *   account's "has it failed here" when the address is over its limit;
 * - the address, across accounts: once full, failures from there answer 429 and accounts
 *   that failed from there wait, but an account with no failures from there still signs in.
 *   A classroom behind one NAT is not locked out by its neighbours' typos.
 *
 * Only failures count (a success is taken back out), so any number of people may sign in at
 * once from one address.
 */
export function loginBuckets(deps: Deps, userId: number | undefined, login: string, address: string) {
  const { loginPerAccount, loginPerAccountAddress, loginPerAddress } = deps.config.rateLimits
  const canonical = login.includes('@') ? normaliseEmail(login) : usernameKey(login)
  const account = userId === undefined ? `login=${keyPart(canonical)}` : `user=${userId}`
  const at = keyPart(address)
  const here = { key: `login:account-address:${account}@${at}`, rule: loginPerAccountAddress }
  const buckets: ThrottleBuckets = {
    subjects: [{ key: `login:account:${account}`, rule: loginPerAccount }, here],
    address: { key: `login:address:${at}`, rule: loginPerAddress },
    clean: here,
  }
  return buckets
}

const TOO_MANY = 'Too many failed sign-ins; wait a while and try again'

/** Counts a sign-in attempt before its password is checked; 429 when it may not be checked. */
export function beginSignIn(
  deps: Deps,
  userId: number | undefined,
  login: string,
  address: string,
): Promise<Attempt> {
  return beginAttempt(deps, loginBuckets(deps, userId, login, address), TOO_MANY)
}
