import { describe, expect, it } from 'vitest'
import { SmallMap } from '../../../server/cable/small-map'

describe('SmallMap', () => {
  it('holds one entry like a Map', () => {
    const m = new SmallMap<string, number>()
    expect(m.size).toBe(0)
    expect(m.get('a')).toBeUndefined()
    m.set('a', 1)
    m.set('a', 2)
    expect(m.size).toBe(1)
    expect(m.has('a')).toBe(true)
    expect(m.has('b')).toBe(false)
    expect(m.get('a')).toBe(2)
    expect(m.entries()).toEqual([['a', 2]])
    expect(m.delete('b')).toBe(false)
    expect(m.delete('a')).toBe(true)
    expect(m.size).toBe(0)
    expect(m.entries()).toEqual([])
  })

  it('keeps every entry, in insertion order, once a second key arrives', () => {
    const m = new SmallMap<string, number>()
    m.set('a', 1)
    m.set('b', 2)
    m.set('c', 3)
    expect(m.size).toBe(3)
    expect(m.get('a')).toBe(1)
    expect(m.values()).toEqual([1, 2, 3])
    expect(m.delete('a')).toBe(true)
    expect(m.entries()).toEqual([
      ['b', 2],
      ['c', 3],
    ])
    m.delete('b')
    m.delete('c')
    expect(m.size).toBe(0)
    m.set('d', 4)
    expect(m.entries()).toEqual([['d', 4]])
  })

  it('tells an undefined value from a missing key', () => {
    const m = new SmallMap<string, undefined>()
    m.set('a', undefined)
    expect(m.has('a')).toBe(true)
    expect(m.size).toBe(1)
  })

  it('hands out copies: deleting while iterating misses nothing', () => {
    const m = new SmallMap<number, number>()
    for (let i = 0; i < 5; i++) m.set(i, i)
    const seen: number[] = []
    for (const [key] of m.entries()) {
      seen.push(key)
      m.delete(key)
    }
    expect(seen).toEqual([0, 1, 2, 3, 4])
    expect(m.size).toBe(0)
  })
})
