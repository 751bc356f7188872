import { describe, expect, it } from 'vitest'
import {
  checkTransfers,
  FREE_TRANSFERS_PER_MATCH,
  freeTransfersLeft,
  type LockedState,
  lockedStateFromSave,
  lockTransfers,
  nextPaidFee,
  PAID_TRANSFER_FEES_PAISE,
  planTransfers,
} from '../../../server/domain/championship/transfers'

/** Examples for every transfer rule of reference §4.2 and docs/championship.md "Rules". */
const XI = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
/** XI with `n` players swapped for 101, 102, … (player 11 out first, then 10, …). */
const swap = (ids: number[], n: number) => [
  ...ids.slice(0, ids.length - n),
  ...XI.slice(0, n).map((i) => 100 + i),
]

/** Locks one match after another, as the server does, and returns each lock's result. */
function season(teams: number[][], matchesBefore = 0) {
  let state: LockedState | null = null
  return teams.map((ids, i) => {
    const result = lockTransfers(state, ids, matchesBefore + i)
    state = result.next
    return result
  })
}

describe('championship transfers: constants', () => {
  it('2 free per match; paid ₹15 then ₹25', () => {
    expect(FREE_TRANSFERS_PER_MATCH).toBe(2)
    expect(PAID_TRANSFER_FEES_PAISE).toEqual([1500, 2500])
    expect(nextPaidFee(0)).toBe(1500)
    expect(nextPaidFee(1)).toBe(2500)
    expect(nextPaidFee(2)).toBeNull()
  })
})

describe('unlimited before the first lock', () => {
  it('any change is free and allowed while the team has never locked', () => {
    const plan = planTransfers(null, [201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211])
    expect(plan).toEqual({
      unlimited: true,
      player_in: [],
      player_out: [],
      used: 0,
      free_used: 0,
      paid_used: 0,
      free_left: null,
      paid_left: null,
      cost_paise: 0,
    })
    expect(checkTransfers(null, [99])).toEqual([])
  })

  it('the first lock (match 1) uses nothing and banks 2 free transfers for match 2', () => {
    const [first] = season([XI])
    expect(first).toEqual({
      next: { player_ids: XI, free_left: 2 },
      free_sub_used: 0,
      paid_sub_used: 0,
      cost_paise: 0,
      player_in: [],
      player_out: [],
    })
  })
})

describe('2 free transfers per match, carried forward', () => {
  it('using 1 of 2 leaves 1, and the next match has 1 + 2 = 3', () => {
    const [, second, third] = season([XI, swap(XI, 1), swap(XI, 1)])
    expect(second).toMatchObject({
      free_sub_used: 1,
      paid_sub_used: 0,
      cost_paise: 0,
      next: { free_left: 3 },
    })
    expect(second?.player_in).toEqual([101])
    expect(second?.player_out).toEqual([11])
    // Match 3 keeps the same team: nothing used, the bank grows again.
    expect(third).toMatchObject({ free_sub_used: 0, next: { free_left: 5 } })
  })

  it('a bank of 3 allows 3 free transfers in one match', () => {
    const state = { player_ids: XI, free_left: 3 }
    expect(planTransfers(state, swap(XI, 3))).toMatchObject({
      used: 3,
      free_used: 3,
      paid_used: 0,
      free_left: 0,
      paid_left: 2,
      cost_paise: 0,
    })
    expect(checkTransfers(state, swap(XI, 3))).toEqual([])
  })

  it('no cap on the bank: ten matches without a change bank 20', () => {
    const results = season(Array.from({ length: 10 }, () => XI))
    expect(results.at(-1)?.next.free_left).toBe(20)
  })
})

describe('paid transfers: up to 2 per match, ₹15 then ₹25, they lapse', () => {
  const state: LockedState = { player_ids: XI, free_left: 2 }

  it('a 3rd change costs ₹15, a 4th ₹25 more', () => {
    expect(planTransfers(state, swap(XI, 3))).toMatchObject({
      free_used: 2,
      paid_used: 1,
      free_left: 0,
      paid_left: 1,
      cost_paise: 1500,
    })
    expect(planTransfers(state, swap(XI, 4))).toMatchObject({
      free_used: 2,
      paid_used: 2,
      free_left: 0,
      paid_left: 0,
      cost_paise: 4000,
    })
  })

  it('a 5th is refused, naming the rule and the numbers', () => {
    const violations = checkTransfers(state, swap(XI, 5))
    expect(violations).toEqual([
      {
        rule: 'too_many_transfers',
        field: 'player_ids',
        message: 'transfers: 5 used, 2 free + 2 paid left',
        player_ids: [101, 102, 103, 104, 105],
      },
    ])
    expect(() => lockTransfers(state, swap(XI, 5), 3)).toThrow(RangeError)
  })

  it('with an empty bank: 3 changes are refused as "3 used, 0 free + 2 paid left"', () => {
    const empty = { player_ids: XI, free_left: 0 }
    expect(checkTransfers(empty, swap(XI, 3))[0]?.message).toBe('transfers: 3 used, 0 free + 2 paid left')
    expect(checkTransfers(empty, swap(XI, 2))).toEqual([])
    expect(planTransfers(empty, swap(XI, 2)).cost_paise).toBe(4000)
  })

  it('paid transfers lapse: the next match again has 2 paid and only the new free ones', () => {
    const results = season([XI, swap(XI, 4), swap(XI, 4)])
    expect(results[1]).toMatchObject({
      free_sub_used: 2,
      paid_sub_used: 2,
      cost_paise: 4000,
      next: { free_left: 2 },
    })
    const after = results[1]?.next as LockedState
    expect(planTransfers(after, after.player_ids)).toMatchObject({ free_left: 2, paid_left: 2 })
    // 4 more at match 3: 2 free + 2 paid again, the unused paid ones of before did not carry.
    expect(planTransfers(after, [1, 2, 3, 101, 102, 103, 104, 201, 202, 203, 204])).toMatchObject({
      paid_used: 2,
      cost_paise: 4000,
    })
  })
})

describe('net change against the team at the last lock', () => {
  const state: LockedState = { player_ids: XI, free_left: 2 }

  it('out and back in again before the lock costs nothing', () => {
    // Saved twice: first without player 11, then with 11 back.
    expect(planTransfers(state, swap(XI, 1)).used).toBe(1)
    expect(planTransfers(state, XI)).toMatchObject({ used: 0, free_used: 0, cost_paise: 0, free_left: 2 })
  })

  it('swapping one transferred-in player for another still counts once', () => {
    const viaA = [...XI.slice(0, 10), 500]
    const viaB = [...XI.slice(0, 10), 600]
    expect(planTransfers(state, viaA).used).toBe(1)
    expect(planTransfers(state, viaB)).toMatchObject({ used: 1, player_in: [600], player_out: [11] })
  })

  it('a reverted paid transfer is not charged at the lock', () => {
    const [, second] = season([XI, XI])
    expect(second?.cost_paise).toBe(0)
    expect(planTransfers({ player_ids: XI, free_left: 2 }, swap(XI, 3)).cost_paise).toBe(1500)
  })

  it('order and repeats of the ids do not matter', () => {
    expect(planTransfers(state, [...XI].reverse()).used).toBe(0)
    expect(planTransfers(state, [...XI, 1, 1]).used).toBe(0)
  })

  it('a short team counts every removed player', () => {
    expect(planTransfers(state, XI.slice(0, 9)).used).toBe(2)
  })
})

describe('captain and vice-captain changes are free', () => {
  it('the plan depends on the players only', () => {
    // The rules take no captain at all: changing C/VC before any match changes nothing here.
    const state = { player_ids: XI, free_left: 0 }
    expect(planTransfers(state, XI)).toMatchObject({ used: 0, cost_paise: 0 })
    expect(checkTransfers(state, XI)).toEqual([])
  })
})

describe('late joiners', () => {
  it('unlimited until their first lock', () => {
    expect(planTransfers(null, swap(XI, 11)).unlimited).toBe(true)
  })

  it('joining at match 6 gives 12 free transfers for match 7 (reference §4.2)', () => {
    // Matches 1–5 started before the team's first lock at match 6.
    const [first] = season([XI], 5)
    expect(first?.next.free_left).toBe(12)
  })

  it('a late joiner is never behind a team that played from match 1 and never transferred', () => {
    const fromStart = season(Array.from({ length: 6 }, () => XI)).at(-1)?.next.free_left
    expect(fromStart).toBe(12)
  })

  it('joining at match 3 gives 6, and they are used like any others', () => {
    const results = season([XI, swap(XI, 5)], 2)
    expect(results[0]?.next.free_left).toBe(6)
    expect(results[1]).toMatchObject({ free_sub_used: 5, paid_sub_used: 0, next: { free_left: 3 } })
  })
})

describe('spec §4 free transfers left (builder)', () => {
  it('original free − (players now in − players in at last save)', () => {
    // Loaded with 3 free left after a save that brought in 1 player; now 2 are in.
    expect(freeTransfersLeft(3, 2, 1)).toBe(2)
    // Reverting the saved transfer gives it back.
    expect(freeTransfersLeft(3, 0, 1)).toBe(4)
    expect(freeTransfersLeft(2, 2, 0)).toBe(0)
  })

  it('never below 0 (the rest are paid)', () => {
    expect(freeTransfersLeft(2, 4, 0)).toBe(0)
  })

  it('the bank is recovered from what a saved team reports', () => {
    const locked = { player_ids: XI, free_left: 3 }
    for (const n of [0, 1, 3, 4, 5]) {
      const saved = swap(XI, n)
      const plan = planTransfers(locked, saved)
      expect(lockedStateFromSave(XI, saved, plan.free_left ?? 0, plan.paid_left ?? 0)).toEqual(locked)
    }
  })
})
