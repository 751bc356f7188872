import { createHash, createHmac, randomBytes } from 'node:crypto'

/** A fresh opaque secret (32 random bytes, base64url). Only its hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/**
 * A secret derived from another under the server's token key: HMAC-SHA256, base64url, the
 * same 43 characters as newSecret(). Nobody without the key can compute it, and since the
 * key is only half of the input, nobody can compute it from the database either: tokens are
 * stored as hashes, so the plaintext it is derived `from` is nowhere at rest.
 */
export function deriveSecret(key: string, purpose: string, from: string): string {
  return createHmac('sha256', key).update(`${purpose}\0${from}`).digest('base64url')
}
