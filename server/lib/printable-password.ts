import { randomInt } from 'node:crypto'

/** Unambiguous lower-case letters and digits (no 0/o, 1/l/i): passwords are read off paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/**
 * A printable password, `xxxx-xxxx-xxxx` (≈ 59 bits): class students' (docs/classroom.md) and
 * the accounts of a server on a network (auth/network-passwords.ts). A secret, so from
 * crypto, not deps.rng.
 */
export function printablePassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  return `${group()}-${group()}-${group()}`
}
