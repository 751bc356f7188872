import { z } from '@hono/zod-openapi'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../domain/user-rules'

export const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`)
  .max(MAX_PASSWORD_LENGTH)

/**
 * The token request. OAuth clients send more than we need (scope, client_secret), so
 * those are accepted and ignored; anything else is refused.
 */
export const TokenRequest = z
  .strictObject({
    grant_type: z.string().optional().openapi({ example: 'password' }),
    email: z
      .string()
      .optional()
      .openapi({ description: 'E-mail address or username', example: 'demo@fanspole.local' }),
    username: z.string().optional(),
    login: z.string().optional(),
    password: z.string().optional(),
    refresh_token: z.string().optional(),
    client_id: z.string().optional().openapi({ example: 'web' }),
    client_secret: z.string().optional(),
    scope: z.string().optional(),
  })
  .openapi('TokenRequest')

export const TokenResponse = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().openapi({ description: 'Seconds until the access token expires' }),
    created_at: z.number().int().openapi({ description: 'Unix seconds' }),
  })
  .openapi('TokenResponse')

export const RevokeRequest = z.strictObject({
  token: z.string().optional(),
  token_type_hint: z.string().optional(),
  client_id: z.string().optional(),
})

export const EmailRequest = z.strictObject({ email: z.email() })

export const ResetRequest = z.strictObject({
  token: z.string().min(1),
  password,
  password_confirmation: z.string().optional(),
})

export const ActivationRequest = z.strictObject({
  token: z.string().min(1),
  password: password.optional(),
  password_confirmation: z.string().optional(),
})

export const MessageResponse = z.object({ message: z.string() }).openapi('Message')
