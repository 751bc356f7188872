import type { Deps } from '../../core/deps'
import { hashString } from '../../domain/rng'

/** Letters and digits that read unambiguously (no I, L, O, 0, 1). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

export interface CodeDraw {
  /** The `deps.rng` stream the codes come from (one per kind of code). */
  stream: string
  /** Who asks and when (`${userId}:${nowMs}`), so two processes that share a seed draw apart. */
  seedText: string
  length: number
  /** The hash is stirred with a fresh number at this character, so long codes do not run dry. */
  reseedAt: number
  prefix?: string
  alphabet?: string
}

/**
 * An invite code (contests, esports contests and squads, groups): drawn from `deps.rng` and
 * drawn again while `taken` says the code is in use, 20 draws at most (then `exhausted()`).
 */
export async function drawInviteCode(
  deps: Pick<Deps, 'rng'>,
  draw: CodeDraw,
  taken: (code: string) => Promise<boolean>,
  exhausted: () => Error,
): Promise<string> {
  const alphabet = draw.alphabet ?? CODE_ALPHABET
  const stream = deps.rng.stream(draw.stream)
  for (let attempt = 0; attempt < 20; attempt++) {
    let code = draw.prefix ?? ''
    let h = hashString(`${stream.uint32()}:${draw.seedText}:${attempt}`)
    for (let i = 0; i < draw.length; i++) {
      if (i === draw.reseedAt) h = hashString(`${h}:${stream.uint32()}`)
      code += alphabet[h % alphabet.length]
      h = Math.floor(h / alphabet.length)
    }
    if (!(await taken(code))) return code
  }
  throw exhausted()
}
