import { createHash, randomBytes } from 'node:crypto'

/** A fresh opaque secret (32 random bytes, base64url). Only its hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
