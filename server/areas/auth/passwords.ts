import { hash, verify } from '@node-rs/argon2'

// OWASP's argon2id minimum: 19 MiB of memory, 2 iterations, 1 lane (~60 ms here).
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

/**
 * An argon2id hash with a random salt. `salt` is only for the seeded demo accounts, whose
 * passwords are published anyway, so that seeding twice gives the same bytes (seeds/demo-league.ts).
 */
export function hashPassword(password: string, salt?: Uint8Array): Promise<string> {
  return hash(password, salt ? { ...OPTIONS, salt } : OPTIONS)
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Same work as a real check, so response time does not reveal whether the account exists.
    dummyHash ??= hash('fanspole-dummy-password', OPTIONS)
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}

let dummyHash: Promise<string> | undefined
