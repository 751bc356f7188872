import type { Deps } from '../../core/deps'
import { withTx } from '../../db/tx'
import { AppError, invalid } from '../../http/errors'
import { resetPasswordMail } from '../mail'
import { findUserByEmail, findUserById, findUserByLogin } from '../users'
import { beginSignIn } from './login-throttle'
import { hashPassword, verifyPassword } from './passwords'
import { consumeRefreshToken } from './refresh-rotation'
import { tokenKey } from './secrets'
import { familyOfToken, issueTokenPair, revokeAllForUser, revokeFamily, type TokenPair } from './tokens'
import { checkUserToken, consumeUserToken, mailUserToken, type TokenCheck } from './user-tokens'

export async function requireClient(deps: Deps, clientId: string | undefined): Promise<string> {
  if (!clientId)
    throw new AppError('invalid_client', 'A client id is required (X-Fanspole-Client header or client_id)')
  const client = await deps.db
    .selectFrom('oauth_clients')
    .select('id')
    .where('id', '=', clientId)
    .executeTakeFirst()
  if (!client) throw new AppError('invalid_client', 'Unknown client id')
  return client.id
}

const BAD_LOGIN = 'Invalid email or password'

/**
 * grant_type=password: e-mail or username plus password. Failures never say which part was
 * wrong, and count against the account, the account at the caller's address and the address
 * (login-throttle.ts); a success is not counted.
 */
export async function passwordGrant(
  deps: Deps,
  credentials: { login: string; password: string; clientId: string; address: string },
): Promise<TokenPair> {
  const login = credentials.login.trim()
  const user = await findUserByLogin(deps.db, login)
  // Counted before the password is hashed: a refused attempt costs the server no argon2 work.
  const attempt = await beginSignIn(deps, user?.id, login, credentials.address)
  const ok = await verifyPassword(user?.password_hash ?? null, credentials.password)
  if (!user || !ok || user.status !== 'active')
    throw attempt.failed() ?? new AppError('invalid_grant', BAD_LOGIN)
  await attempt.succeeded()
  return withTx(deps, (tx) =>
    issueTokenPair(
      tx,
      { userId: user.id, clientId: credentials.clientId },
      deps.config,
      deps.clock.wallNow(),
    ),
  )
}

/**
 * grant_type=refresh_token: rotates the pair. Presenting the rotated token again within the
 * grace period answers the same new pair; after it, reuse revokes the family.
 */
export async function refreshGrant(deps: Deps, refreshToken: string, clientId: string): Promise<TokenPair> {
  // Outside the transaction: on SQLite the outer handle must not be used inside one.
  const key = await tokenKey(deps.db, deps.clock.now())
  const outcome = await withTx(deps, async (tx) => {
    const wallNowMs = deps.clock.wallNow()
    const result = await consumeRefreshToken(tx, {
      token: refreshToken,
      clientId,
      key,
      wallNowMs,
      graceMs: deps.config.refreshGraceMs,
      ttl: deps.config,
      lock: deps.dbHandle.kind === 'postgres',
    })
    if (!result.ok) return result
    const user = await findUserById(tx, result.userId)
    if (user?.status !== 'active') return { ok: false as const, reason: 'revoked' as const }
    if (result.kind === 'replay') return { ok: true as const, pair: result.pair }
    const pair = await issueTokenPair(
      tx,
      {
        userId: result.userId,
        clientId,
        familyId: result.familyId,
        parentId: result.parentId,
        tokens: result.tokens,
      },
      deps.config,
      wallNowMs,
    )
    return { ok: true as const, pair }
  })
  if (outcome.ok) return outcome.pair
  if (outcome.reason === 'reused') deps.log.warn('refresh token reuse: token family revoked')
  const messages = {
    unknown: 'The refresh token is invalid',
    expired: 'The refresh token has expired',
    revoked: 'The refresh token was revoked',
    reused: 'The refresh token was already used; every session from that sign-in has been signed out',
    wrong_client: 'The refresh token belongs to another client',
  }
  throw new AppError('invalid_grant', messages[outcome.reason])
}

/** Sign-out: revokes the token's whole family (its access and refresh tokens). */
export async function revokeToken(
  deps: Deps,
  token: string | undefined,
  fallbackFamily?: string,
): Promise<void> {
  const family = (token ? await familyOfToken(deps.db, token) : undefined) ?? fallbackFamily
  if (family) await withTx(deps, (tx) => revokeFamily(tx, family, deps.clock.wallNow()))
}

/** Always answers the same way, so the endpoint cannot be used to probe which e-mails exist. */
export async function forgotPassword(deps: Deps, email: string, linkBase: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email)
  if (!user || user.status === 'disabled') return
  await withTx(deps, async (tx) => {
    await mailUserToken(deps, tx, user, 'reset_password', resetPasswordMail, deps.clock.now(), linkBase)
  })
}

function tokenError(check: Exclude<TokenCheck, { ok: true }>): AppError {
  const why = { unknown: 'is invalid', used: 'has already been used', expired: 'has expired' }[check.reason]
  return invalid({ token: [why] })
}

export async function checkResetToken(deps: Deps, token: string) {
  const check = await checkUserToken(deps.db, token, 'reset_password', deps.clock.wallNow())
  if (!check.ok) throw tokenError(check)
  const user = await findUserById(deps.db, check.userId)
  return { valid: true, email: user?.email ?? '', username: user?.username ?? '' }
}

/** Sets a new password and signs the account out everywhere. */
export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  const check = await checkUserToken(deps.db, token, 'reset_password', deps.clock.wallNow())
  if (!check.ok) throw tokenError(check)
  const passwordHash = await hashPassword(password)
  await withTx(deps, async (tx) => {
    if (!(await consumeUserToken(tx, check.tokenId, deps.clock.wallNow())))
      throw invalid({ token: ['has already been used'] })
    await tx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at_ms: deps.clock.now() })
      .where('id', '=', check.userId)
      .execute()
    await revokeAllForUser(tx, check.userId, deps.clock.wallNow())
  })
}

export async function checkActivationToken(deps: Deps, token: string) {
  const check = await checkUserToken(deps.db, token, 'activation', deps.clock.wallNow())
  if (!check.ok) throw tokenError(check)
  const user = await findUserById(deps.db, check.userId)
  if (!user) throw invalid({ token: ['is invalid'] })
  return { email: user.email, username: user.username, needs_password: user.password_hash === null }
}

/**
 * Uses an activation token: verifies the e-mail address and, for an invited account
 * (no password yet), sets the password and activates it.
 */
export async function activate(deps: Deps, token: string, password: string | undefined) {
  const check = await checkUserToken(deps.db, token, 'activation', deps.clock.wallNow())
  if (!check.ok) throw tokenError(check)
  const user = await findUserById(deps.db, check.userId)
  if (!user) throw invalid({ token: ['is invalid'] })
  const needsPassword = user.password_hash === null
  if (needsPassword && !password) throw invalid({ password: ['is required to activate this account'] })
  const passwordHash = password ? await hashPassword(password) : undefined
  await withTx(deps, async (tx) => {
    if (!(await consumeUserToken(tx, check.tokenId, deps.clock.wallNow())))
      throw invalid({ token: ['has already been used'] })
    await tx
      .updateTable('users')
      .set({
        email_verified_at_ms: user.email_verified_at_ms ?? deps.clock.now(),
        status: user.status === 'invited' ? 'active' : user.status,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        updated_at_ms: deps.clock.now(),
      })
      .where('id', '=', user.id)
      .execute()
  })
  return { email: user.email, username: user.username, activated: true }
}
