import { randomUUID } from 'node:crypto'
import type { Deps } from '../../core/deps'
import type { UserRow } from '../../db/schema'
import { withTx } from '../../db/tx'
import { AppError, forbidden } from '../../http/errors'
import { hashSecret, newSecret } from '../../lib/secrets'

/**
 * An admin acting as a user (`fanspole --as <username>`, docs/classroom.md): an access token
 * of the user's own, handed to the admin. It is an access token only — no refresh token, so it
 * ends with its short lifetime and cannot be kept alive — and every one is recorded in
 * `admin_act_as` (who, as whom, when, until when), the audit trail an instructor can be asked
 * for. Its family id is its own, so the user's sign-out of their other sessions does not end it
 * but revoking every token of the user (a password reset, a disabled account) does.
 */
export const ACT_AS_TTL_MS = 30 * 60 * 1000

export interface ActAsToken {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
}

export async function issueActAsToken(
  deps: Deps,
  admin: { id: number },
  user: UserRow,
  clientId: string,
): Promise<ActAsToken> {
  if (user.role === 'admin')
    throw forbidden('An admin acts only as a player; sign in as the other admin instead')
  if (user.status === 'disabled') throw new AppError('CONFLICT', `${user.username}'s account is disabled`)
  const wallNowMs = deps.clock.wallNow()
  const access = newSecret()
  const familyId = randomUUID()
  await withTx(deps, async (tx) => {
    await tx
      .insertInto('oauth_access_tokens')
      .values({
        token_hash: hashSecret(access),
        user_id: user.id,
        client_id: clientId,
        family_id: familyId,
        expires_at_ms: wallNowMs + ACT_AS_TTL_MS,
        created_at_ms: wallNowMs,
      })
      .execute()
    await tx
      .insertInto('admin_act_as')
      .values({
        admin_id: admin.id,
        user_id: user.id,
        family_id: familyId,
        client_id: clientId,
        created_at_ms: wallNowMs,
        expires_at_ms: wallNowMs + ACT_AS_TTL_MS,
      })
      .execute()
  })
  deps.log.info('admin acting as a user', { admin_id: admin.id, user_id: user.id })
  return { access_token: access, token_type: 'Bearer', expires_in: Math.floor(ACT_AS_TTL_MS / 1000) }
}
