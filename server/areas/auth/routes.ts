import { createRoute, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import type { Deps } from '../../core/deps'
import { AppError, invalid } from '../../http/errors'
import { linkBaseOf } from '../../http/public-url'
import { bodyField, bodyText, clientAddress, limit } from '../../http/rate-limit'
import { errors, json, jsonBody, optionalJsonBody } from '../../http/responses'
import { routesOn } from '../../http/route'
import { type AppEnv, createRouter } from '../../http/router'
import { keyPart } from '../../http/throttle'
import {
  ActivationRequest,
  EmailRequest,
  MessageResponse,
  ResetRequest,
  RevokeRequest,
  TokenRequest,
  TokenResponse,
} from './schemas'
import {
  activate,
  checkActivationToken,
  checkResetToken,
  forgotPassword,
  passwordGrant,
  refreshGrant,
  requireClient,
  resetPassword,
  revokeToken,
} from './service'
import { familyOfToken } from './tokens'

// Long: a route factory, one short registration per route.
export function authRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Auth'])
  const { rateLimits } = deps.config

  const grantIs = (type: string) => async (c: Context<AppEnv>) => (await bodyField(c, 'grant_type')) === type
  const address = (c: Context<AppEnv>) => clientAddress(c, deps.config.trustProxy)
  // Sign-in attempts are counted by passwordGrant (login-throttle.ts). Refreshes count per
  // token family, never per address: a classroom behind one NAT refreshes dozens of sign-ins
  // at once. A token that names no family (never issued) counts per address instead. All of
  // it in the database, shared by every server process.
  const refreshLimiter: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!(await grantIs('refresh_token')(c))) return next()
    const token = await bodyText(c, 'refresh_token')
    const family = token ? await familyOfToken(deps.db, token) : undefined
    if (family) return limit(deps, 'refresh', rateLimits.refresh, () => family)(c, next)
    return limit(deps, 'refresh-unknown', rateLimits.refreshUnknown, address)(c, next)
  }

  for (const path of ['/oauth/token', '/post_login']) {
    const route = createRoute({
      method: 'post',
      path,
      tags: ['Auth'],
      summary:
        path === '/post_login' ? 'Token endpoint (the web client’s alias of /oauth/token)' : 'Token endpoint',
      description:
        'OAuth 2.0 password and refresh_token grants. The client is identified by the `X-Fanspole-Client` header or `client_id` (seeded: `web`, `cli`). Refresh tokens rotate on every use; presenting a rotated one again within a few seconds answers the same new pair (two tabs refreshing at once), and later revokes every token from that sign-in. Failed sign-ins are limited per account and per address (429 with Retry-After).',
      middleware: [refreshLimiter] as const,
      request: { body: jsonBody(TokenRequest) },
      responses: { 200: json(TokenResponse, 'A new token pair'), ...errors(401, 422, 429) },
    })
    app.openapi(route, async (c) => {
      const body = c.req.valid('json')
      const clientId = await requireClient(deps, c.req.header('x-fanspole-client') || body.client_id)
      if (!body.grant_type)
        throw new AppError('invalid_request', 'grant_type is required', { grant_type: ['is required'] })
      if (body.grant_type === 'password') {
        const login = body.email ?? body.username ?? body.login
        const fields: Record<string, string[]> = {}
        if (!login?.trim()) fields.email = ['is required']
        if (!body.password) fields.password = ['is required']
        if (Object.keys(fields).length > 0)
          throw new AppError('invalid_request', 'Email and password are required', fields)
        const credentials = {
          login: login as string,
          password: body.password as string,
          clientId,
          address: clientAddress(c, deps.config.trustProxy),
        }
        return c.json(await passwordGrant(deps, credentials), 200)
      }
      if (body.grant_type === 'refresh_token') {
        if (!body.refresh_token)
          throw new AppError('invalid_request', 'refresh_token is required', {
            refresh_token: ['is required'],
          })
        return c.json(await refreshGrant(deps, body.refresh_token, clientId), 200)
      }
      throw new AppError('unsupported_grant_type', `grant_type ${body.grant_type} is not supported`, {
        grant_type: ['must be password or refresh_token'],
      })
    })
  }

  route.post(
    '/oauth/revoke',
    {
      summary: 'Sign out',
      description:
        'Revokes the given token, or the bearer token of the request, together with every token from the same sign-in. Answers 200 even for unknown tokens (RFC 7009).',
      requestBody: optionalJsonBody(RevokeRequest),
      ok: json(z.object({}), 'Revoked'),
    },
    async (c) => {
      const body = c.req.valid('json') ?? {}
      await revokeToken(deps, body.token, c.get('user')?.familyId)
      return c.json({}, 200)
    },
  )

  route.post(
    '/api/users/forget_password',
    {
      summary: 'Mail a password-reset link',
      description: 'Always answers 200, whether or not the address has an account.',
      middleware: [
        // Per e-mail (nobody's inbox is flooded) and, generously, per address (a classroom
        // behind one NAT may forget many passwords in one lesson).
        limit(deps, 'forgot', rateLimits.forgotPassword, async (c) => keyPart(await bodyField(c, 'email'))),
        limit(deps, 'forgot-address', rateLimits.forgotPasswordPerAddress, address),
      ] as const,
      body: EmailRequest,
      ok: json(MessageResponse, 'Mail sent if the account exists'),
      errors: [422, 429],
    },
    async (c) => {
      await forgotPassword(deps, c.req.valid('json').email, await linkBaseOf(deps, c))
      return c.json({ message: 'If that e-mail has an account, a reset link is on its way.' }, 200)
    },
  )

  route.get(
    '/api/users/reset_password/{token}',
    {
      summary: 'Check a password-reset token',
      params: z.object({ token: z.string() }),
      ok: json(
        z.object({
          reset_password: z.object({ valid: z.boolean(), email: z.string(), username: z.string() }),
        }),
        'Valid',
      ),
      errors: [422],
    },
    async (c) => c.json({ reset_password: await checkResetToken(deps, c.req.valid('param').token) }, 200),
  )

  route.put(
    '/api/users/reset_password',
    {
      summary: 'Set a new password with a reset token',
      description: 'Signs the account out everywhere.',
      body: ResetRequest,
      ok: json(MessageResponse, 'Password changed'),
      errors: [422],
    },
    async (c) => {
      const body = c.req.valid('json')
      confirmPassword(body.password, body.password_confirmation)
      await resetPassword(deps, body.token, body.password)
      return c.json({ message: 'Your password has been changed. Sign in with the new one.' }, 200)
    },
  )

  route.get(
    '/api/users/activation/{token}',
    {
      summary: 'Check an activation token',
      description:
        '`needs_password` is true for accounts an admin invited, which choose a password to activate.',
      params: z.object({ token: z.string() }),
      ok: json(
        z.object({
          activation: z.object({ email: z.string(), username: z.string(), needs_password: z.boolean() }),
        }),
        'Valid',
      ),
      errors: [422],
    },
    async (c) => c.json({ activation: await checkActivationToken(deps, c.req.valid('param').token) }, 200),
  )

  route.post(
    '/api/users/activation',
    {
      summary: 'Verify the e-mail address and, for invited accounts, set the password',
      body: ActivationRequest,
      ok: json(
        z.object({
          activation: z.object({ email: z.string(), username: z.string(), activated: z.boolean() }),
        }),
        'Activated',
      ),
      errors: [422],
    },
    async (c) => {
      const body = c.req.valid('json')
      if (body.password) confirmPassword(body.password, body.password_confirmation)
      return c.json({ activation: await activate(deps, body.token, body.password) }, 200)
    },
  )

  return app
}

function confirmPassword(password: string, confirmation: string | undefined) {
  if (confirmation !== undefined && confirmation !== password)
    throw invalid({ password_confirmation: ["doesn't match password"] })
}
