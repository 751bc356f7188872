import { describe, expect, it } from 'vitest'
import type { AuctionPlayer } from '../../../server/domain/auction/rules'
import { CLASS_MIN_SEATS, classSeats, classSquad } from '../../../server/domain/classroom'
import { STYLE } from '../../../server/domain/styles'

/** A pool of `n` players in squad-like proportions: per 11, one keeper, five batters, five bowlers. */
function pool(n: number, keepers = true): AuctionPlayer[] {
  return Array.from({ length: n }, (_, i) => {
    const slot = i % 11
    const style = slot === 0 && keepers ? STYLE.BATTER_KEEPER : slot <= 5 ? STYLE.BATTER : STYLE.BOWLER
    return { id: i + 1, basePrice: 20, style, star: false }
  })
}

describe('classSeats', () => {
  it('seats the students, at least four', () => {
    expect(classSeats(1)).toBe(CLASS_MIN_SEATS)
    expect(classSeats(30)).toBe(30)
    expect(classSeats(3, 9)).toBe(9)
  })
})

describe('classSquad', () => {
  it('gives balanced squads of 11–15 when the pool holds them', () => {
    expect(classSquad(pool(176), 8)).toEqual({
      squad_min: 11,
      squad_max: 15,
      balanced: true,
      players_per_franchise: 22,
    })
  })

  it('gives every franchise what the pool allows, unbalanced, when 11 each do not fit', () => {
    // 30 × 11 = 330 > 176: squads of ⌊176 / 30⌋ = 5, every franchise can complete one.
    const squad = classSquad(pool(176), 30)
    expect(squad).toEqual({ squad_min: 5, squad_max: 5, balanced: false, players_per_franchise: 5 })
    expect((squad?.squad_min ?? 0) * 30).toBeLessThanOrEqual(176)
  })

  it('is unbalanced when the pool lacks the roles (no keepers), even with room for 11', () => {
    expect(classSquad(pool(176, false), 8)).toMatchObject({ squad_min: 11, balanced: false })
  })

  it('refuses a pool that cannot give every franchise a player', () => {
    expect(classSquad(pool(10), 11)).toBeNull()
    expect(classSquad([], 2)).toBeNull()
  })
})
