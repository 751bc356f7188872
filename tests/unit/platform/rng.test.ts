import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRng } from '../../../server/domain/rng'

describe('seeded rng', () => {
  it('gives the same sequence for the same seed and stream, independent of other streams', () => {
    const a = createRng(42)
    const b = createRng(42)
    b.stream('bots').next() // draws elsewhere must not shift this stream
    const xs = Array.from({ length: 5 }, () => a.stream('sim').uint32())
    const ys = Array.from({ length: 5 }, () => b.stream('sim').uint32())
    expect(xs).toEqual(ys)
    expect(createRng(43).stream('sim').uint32()).not.toBe(xs[0])
  })

  it('keeps ints inside their bounds and shuffles to a permutation', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        (seed, min, span) => {
          const s = createRng(seed).stream('t')
          for (let i = 0; i < 20; i++) {
            const v = s.int(min, min + span)
            expect(v).toBeGreaterThanOrEqual(min)
            expect(v).toBeLessThanOrEqual(min + span)
          }
          const items = Array.from({ length: span }, (_, i) => i)
          expect([...s.shuffle(items)].sort((x, y) => x - y)).toEqual(items)
        },
      ),
    )
  })

  it('refuses impossible ranges and empty picks', () => {
    const s = createRng(1).stream('t')
    expect(() => s.int(3, 2)).toThrow(RangeError)
    expect(() => s.pick([])).toThrow(RangeError)
  })
})
