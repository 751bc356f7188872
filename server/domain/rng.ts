/**
 * Seeded randomness. One root seed per run; every consumer (simulators, bots, scratch
 * cards, tie-breaks, seeds) draws from its own named sub-stream, so adding draws in one
 * place never changes the outcome in another, and the same seed gives the same run.
 */
export interface RandomStream {
  /** Uniform float in [0, 1). */
  next(): number
  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number
  bool(probability?: number): boolean
  pick<T>(items: readonly T[]): T
  shuffle<T>(items: readonly T[]): T[]
  /** A 32-bit integer, e.g. to seed another generator. */
  uint32(): number
}

export interface Rng {
  readonly seed: number
  stream(name: string): RandomStream
}

export function createRng(seed: number): Rng {
  const streams = new Map<string, RandomStream>()
  return {
    seed,
    stream(name) {
      let s = streams.get(name)
      if (!s) {
        s = randomStream(hashString(`${seed}:${name}`))
        streams.set(name, s)
      }
      return s
    },
  }
}

/** A fresh stream from a numeric seed (sfc32 seeded through splitmix32). */
export function randomStream(seed: number): RandomStream {
  let state = seed >>> 0
  const split = () => {
    state = (state + 0x9e3779b9) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
  let a = split()
  let b = split()
  let c = split()
  let d = split()
  const uint32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = ((c << 21) | (c >>> 11)) >>> 0
    c = (c + t) >>> 0
    return t >>> 0
  }
  for (let i = 0; i < 12; i++) uint32()
  const next = () => uint32() / 4294967296
  const int = (min: number, max: number) => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min)
      throw new RangeError(`bad range ${min}..${max}`)
    return min + Math.floor(next() * (max - min + 1))
  }
  return {
    next,
    int,
    uint32,
    bool: (p = 0.5) => next() < p,
    pick(items) {
      if (items.length === 0) throw new RangeError('cannot pick from an empty list')
      return items[int(0, items.length - 1)] as (typeof items)[number]
    },
    shuffle(items) {
      const out = [...items]
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[out[i], out[j]] = [out[j] as (typeof out)[number], out[i] as (typeof out)[number]]
      }
      return out
    },
  }
}

/** FNV-1a, 32 bits. */
export function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
