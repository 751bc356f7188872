import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classicApply, loadClassicTeam } from '../../../server/domain/championship/classic-team'
import {
  checkTransfers,
  type LockedState,
  lockTransfers,
  planTransfers,
} from '../../../server/domain/championship/transfers'
import type { TeamPlayer } from '../../../server/domain/team-rules'
import { setCaptain, setViceCaptain } from '../../../server/domain/working-team'

/**
 * Random phases: a team is created (possibly after some matches have started: a late joiner),
 * saved again and again (changing players, reverting to the locked team, changing only the
 * captain) and locked at each match. The rules are compared after every step with a model
 * written the other way round, as a person would count on paper:
 *
 * - free transfers available = 2 for every phase match up to and including the last one the
 *   team locked at, minus every free transfer it ever used (no per-lock bookkeeping);
 * - transfers = players of the locked team no longer in the team (loops, no sets);
 * - paid = whatever exceeds the free ones; more than 2 is refused; cost by table.
 */
const POOL = 24
const SIZE = 11
const COST_BY_PAID = [0, 1500, 4000]

type Step =
  | { kind: 'lock' }
  | { kind: 'save'; out: number[]; in: number[] }
  | { kind: 'revert' }
  | { kind: 'captain'; at: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'lock' as const }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      out: fc.array(fc.nat(), { maxLength: 6 }),
      in: fc.array(fc.nat(), { maxLength: 6 }),
    }),
    weight: 5,
  },
  { arbitrary: fc.constant({ kind: 'revert' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('captain' as const), at: fc.nat() }), weight: 1 },
)

/** The paper model: only a list of facts, and counts recomputed from them each time. */
class Paper {
  matchesStarted = 0
  saved: number[] | null = null
  locked: number[] | null = null
  lastLockedMatch = -1
  freeSpent = 0
  charged = 0

  transfers(team: number[]): number {
    if (this.locked === null) return 0
    let out = 0
    for (const id of this.locked) if (!team.includes(id)) out += 1
    return out
  }
  freeAvailable(): number {
    return 2 * (this.lastLockedMatch + 1) - this.freeSpent
  }
  allowed(team: number[]): boolean {
    return this.locked === null || this.transfers(team) <= this.freeAvailable() + 2
  }
  split(team: number[]): { free: number; paid: number } {
    const used = this.transfers(team)
    const free = Math.min(used, this.freeAvailable())
    return { free, paid: used - free }
  }
  lock(): { free: number; paid: number; cost: number } | null {
    const match = this.matchesStarted
    this.matchesStarted += 1
    if (this.saved === null) return null
    const { free, paid } = this.locked === null ? { free: 0, paid: 0 } : this.split(this.saved)
    this.freeSpent += free
    this.charged += COST_BY_PAID[paid] as number
    this.locked = [...this.saved]
    this.lastLockedMatch = match
    return { free, paid, cost: COST_BY_PAID[paid] as number }
  }
}

/** A new team from the current one: drop the picked members, add picked non-members, keep 11. */
function mutate(team: number[] | null, out: number[], add: number[]): number[] {
  const next = team ? [...team] : []
  for (const at of out) if (next.length > 0) next.splice(at % next.length, 1)
  const others = () => Array.from({ length: POOL }, (_, i) => i + 1).filter((id) => !next.includes(id))
  for (const at of add) if (next.length < SIZE) next.push(others()[at % others().length] as number)
  while (next.length < SIZE) next.push(others()[0] as number)
  return next.slice(0, SIZE)
}

const players = (ids: number[]): TeamPlayer[] =>
  ids.map((id) => ({ id, style: 1, value_tenths: 80, real_team_id: 1 + (id % 2) }))

describe('championship transfers against a paper model', () => {
  it('agree on every save, refusal, lock, counter and charge', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const paper = new Paper()
        let state: LockedState | null = null
        let saved: number[] | null = null
        let charged = 0
        let matchesStarted = 0

        for (const s of steps) {
          if (s.kind === 'lock') {
            const expected = paper.lock()
            if (saved !== null) {
              const got = lockTransfers(state, saved, matchesStarted)
              expect(got.free_sub_used).toBe(expected?.free)
              expect(got.paid_sub_used).toBe(expected?.paid)
              expect(got.cost_paise).toBe(expected?.cost)
              state = got.next
              charged += got.cost_paise
            }
            matchesStarted += 1
            continue
          }
          if (s.kind === 'captain') {
            // Only the captain and vice-captain change: the builder's plan must not move.
            if (saved === null) continue
            const loaded = loadClassicTeam(
              { sport: 'pubg', players: players(saved), captain_id: saved[0]!, vice_captain_id: saved[1]! },
              state,
            )
            const pick = saved[s.at % saved.length]!
            const changed = classicApply(
              classicApply(loaded, (t) => setCaptain(t, pick)),
              (t) => setViceCaptain(t, saved!.find((id) => id !== pick)!),
            )
            expect(changed.transfers).toEqual(loaded.transfers)
            expect(changed.save_cost_change_paise).toBe(0)
            continue
          }
          const team: number[] =
            s.kind === 'revert' ? (paper.locked ?? saved ?? mutate(null, [], [])) : mutate(saved, s.out, s.in)
          const refused = checkTransfers(state, team).length > 0
          expect(refused).toBe(!paper.allowed(team))
          if (refused) {
            expect(checkTransfers(state, team)[0]?.rule).toBe('too_many_transfers')
            continue
          }
          saved = team
          paper.saved = [...team]
          const plan = planTransfers(state, team)
          expect(plan.unlimited).toBe(paper.locked === null)
          if (paper.locked !== null) {
            const { free, paid } = paper.split(team)
            expect(plan.used).toBe(paper.transfers(team))
            expect(plan.free_used).toBe(free)
            expect(plan.paid_used).toBe(paid)
            expect(plan.free_left).toBe(paper.freeAvailable() - free)
            expect(plan.paid_left).toBe(2 - paid)
            expect(plan.cost_paise).toBe(COST_BY_PAID[paid])
          }
        }
        expect(charged).toBe(paper.charged)
      }),
      { numRuns: 400 },
    )
  })
})
