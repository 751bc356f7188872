import { describe, expect, it } from 'vitest'
import { tickPeriodFor } from '../../../web/src/lib/use-now'

/** How often a "… ago" is re-read (web/src/lib/use-now.ts): as often as its text can change. */
describe('tickPeriodFor', () => {
  it('ticks each second while the text counts seconds, then every 15 s, then every minute', () => {
    expect(tickPeriodFor(12_000)).toBe(1000)
    expect(tickPeriodFor(-12_000)).toBe(1000)
    expect(tickPeriodFor(5 * 60_000)).toBe(15_000)
    expect(tickPeriodFor(3 * 3_600_000)).toBe(60_000)
  })

  it('ticks faster on a fast clock, never more than once a second', () => {
    // At 60× a game minute is a real second: "5 minutes ago" moves every second.
    expect(tickPeriodFor(5 * 60_000, 60)).toBe(1000)
    expect(tickPeriodFor(3 * 3_600_000, 4)).toBe(15_000)
    expect(tickPeriodFor(3 * 3_600_000, 12)).toBe(5000)
    expect(tickPeriodFor(10_000, 120)).toBe(1000)
  })
})
