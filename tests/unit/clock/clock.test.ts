import { describe, expect, it } from 'vitest'
import { createClock, manualWallClock } from '../../../server/lib/clock'

const START = Date.UTC(2026, 10, 22, 6)

describe('clock', () => {
  it('runs at real speed by default and at the set speed after a change', () => {
    const wall = manualWallClock(START)
    const clock = createClock({ wallNow: wall.now })
    wall.advance(1000)
    expect(clock.now()).toBe(START + 1000)
    clock.set({ speed: 60 })
    wall.advance(1000)
    expect(clock.now()).toBe(START + 1000 + 60_000)
    expect(clock.wallNow()).toBe(START + 2000)
  })

  it('pauses, advances and jumps forward, but never backwards', () => {
    const wall = manualWallClock(START)
    const clock = createClock({ wallNow: wall.now })
    clock.set({ paused: true })
    wall.advance(5000)
    expect(clock.now()).toBe(START)
    clock.set({ advance_ms: 3_600_000 })
    expect(clock.now()).toBe(START + 3_600_000)
    clock.set({ now_in_millis: START + 7_200_000 })
    expect(clock.state()).toEqual({ now_in_millis: START + 7_200_000, speed: 1, paused: true })
    expect(() => clock.set({ now_in_millis: START })).toThrow(RangeError)
    expect(() => clock.set({ speed: 0 })).toThrow(RangeError)
    expect(clock.now()).toBe(START + 7_200_000)
  })

  it('tells listeners the previous and current state', () => {
    const wall = manualWallClock(START)
    const clock = createClock({ wallNow: wall.now })
    const seen: number[] = []
    clock.onChange(({ previous, current }) => seen.push(current.now_in_millis - previous.now_in_millis))
    clock.set({ advance_ms: 10 })
    expect(seen).toEqual([10])
  })

  it('resumes from a saved anchor as if the server had kept running', () => {
    const wall = manualWallClock(START + 10_000)
    const clock = createClock({
      wallNow: wall.now,
      anchor: { anchorRealMs: START, anchorGameMs: START + 1_000_000, speed: 2, paused: false },
    })
    expect(clock.now()).toBe(START + 1_000_000 + 20_000)
  })

  it('converts game deadlines into real delays', () => {
    const wall = manualWallClock(START)
    const clock = createClock({ wallNow: wall.now })
    clock.set({ speed: 10 })
    expect(clock.realDelayUntil(START + 10_000)).toBe(1000)
    expect(clock.realDelayUntil(START - 1)).toBe(0)
    clock.set({ paused: true })
    expect(clock.realDelayUntil(START + 10_000)).toBe(Number.POSITIVE_INFINITY)
  })
})
