import { createHash } from 'node:crypto'

/** The app_settings key under which the demo league's summary is kept once it is seeded. */
export const DEMO_LEAGUE_KEY = 'demo_league'

/**
 * 16 bytes, a function of the seed and the (published) password: a published password's hash is
 * the same on every install with the same seed, which lets the network check recognise it.
 */
export function publishedSalt(seed: number, password: string): Uint8Array {
  return createHash('sha256').update(`fanspole demo salt\0${seed}\0${password}`).digest().subarray(0, 16)
}
