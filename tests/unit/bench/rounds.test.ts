import { describe, expect, it } from 'vitest'
import { median, roundOrder } from '../../bench/rounds'

describe('roundOrder (side-by-side benches)', () => {
  it('alternates which side goes first, round after round', () => {
    const firsts = [0, 1, 2, 3, 4].map((r) => roundOrder(r)[0])
    expect(firsts).toEqual(['server', 'baseline', 'server', 'baseline', 'server'])
    for (let r = 0; r < 5; r++) expect([...roundOrder(r)].sort()).toEqual(['baseline', 'server'])
  })

  it('runs one side alone when asked to', () => {
    expect(roundOrder(1, 'server')).toEqual(['server'])
    expect(roundOrder(0, 'baseline')).toEqual(['baseline'])
  })
})

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
  })
})
