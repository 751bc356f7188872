import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canComplete, type TeamPlayer, validateTeam } from '../../../server/domain/team-rules'
import {
  addPlayer,
  canAdd,
  emptyTeam,
  removePlayer,
  resetTeam,
  setCaptain,
  setViceCaptain,
  type WorkingTeam,
} from '../../../server/domain/working-team'
import { CRICKET_STYLES, FOOTBALL_STYLES } from './team-rules.fixtures'

type Op =
  | { kind: 'add' | 'remove' | 'captain' | 'vice'; at: number }
  | { kind: 'clear_captain' | 'clear_vice' | 'reset' }

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('add' as const), at: fc.nat() }), weight: 8 },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constantFrom('captain' as const, 'vice' as const), at: fc.nat() }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ kind: fc.constantFrom('clear_captain' as const, 'clear_vice' as const) }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'reset' as const }), weight: 1 },
)

const SETUP = {
  cricket: { styles: CRICKET_STYLES, size: 11, values: [12, 21] },
  football: { styles: FOOTBALL_STYLES, size: 11, values: [12, 21] },
  pubg: { styles: [301], size: 5, values: [30, 50] },
} as const

function poolFor(sport: keyof typeof SETUP) {
  const { styles, size, values } = SETUP[sport]
  return fc
    .array(
      fc.record({
        style: fc.constantFrom(...styles),
        value_tenths: fc.integer({ min: values[0], max: values[1] }).map((half) => half * 5),
      }),
      { minLength: size, maxLength: size + 10 },
    )
    .map((rows): TeamPlayer[] => rows.map((r, i) => ({ ...r, id: i + 1, real_team_id: 1 + (i % 3) })))
}

/** One step; `pool` is passed to addPlayer so additions keep the team completable from it. */
function apply(team: WorkingTeam, step: Op, pool: TeamPlayer[]): WorkingTeam {
  const pick = (at: number, from: ReadonlyArray<number>) =>
    from.length === 0 ? null : from[at % from.length]!
  switch (step.kind) {
    case 'add':
      return addPlayer(team, pool[step.at % pool.length]!, pool)
    case 'remove': {
      const id = pick(step.at, team.selected_players)
      return id === null ? team : removePlayer(team, id)
    }
    case 'captain':
    case 'vice': {
      const id = pick(step.at, team.selected_players)
      if (id === null) return team
      return step.kind === 'captain' ? setCaptain(team, id) : setViceCaptain(team, id)
    }
    case 'clear_captain':
      return setCaptain(team, null)
    case 'clear_vice':
      return setViceCaptain(team, null)
    case 'reset':
      return resetTeam(team)
  }
}

function expectInvariants(team: WorkingTeam, pool: TeamPlayer[]) {
  const byId = new Map(pool.map((p) => [p.id, p]))
  const picked = team.selected_players.map((id) => byId.get(id)!)
  expect(new Set(team.selected_players).size).toBe(team.selected_players.length)
  expect(team.selected_players_count).toBe(team.selected_players.length)
  expect(team.selected_players_hash.map((p) => p.id)).toEqual(team.selected_players)
  const used = picked.reduce((sum, p) => sum + p.value_tenths, 0)
  expect(team.budget).toBe((1000 - used) / 10)
  expect(team.budget).toBeGreaterThanOrEqual(0)
  expect(Object.values(team.team_players_count).reduce((a, b) => a + b, 0)).toBe(team.selected_players_count)
  if (team.captain_id !== null) {
    expect(team.selected_players).toContain(team.captain_id)
    expect(team.captain_id).not.toBe(team.vice_captain_id)
  }
  if (team.vice_captain_id !== null) expect(team.selected_players).toContain(team.vice_captain_id)
  // What the builder shows is what the server will answer.
  const check = validateTeam(team.sport, pool, {
    player_ids: team.selected_players,
    captain_id: team.captain_id,
    vice_captain_id: team.vice_captain_id,
  })
  expect(team.valid_team).toBe(check.valid_team)
  expect(team.violations).toEqual(check.violations)
  // Additions go through canAdd with the pool, so the team can always still be completed.
  expect(team.can_still_be_valid).toBe(true)
  expect(canComplete(team.sport, pool, team.selected_players)).toBe(true)
}

describe('working team invariants under random builder actions', () => {
  it.each(Object.keys(SETUP) as Array<keyof typeof SETUP>)('%s', (sport) => {
    fc.assert(
      fc.property(
        poolFor(sport).filter((pool) => canComplete(sport, pool, [])),
        fc.array(op, { minLength: 1, maxLength: 40 }),
        (pool, ops) => {
          let team = emptyTeam(sport)
          for (const step of ops) {
            team = apply(team, step, pool)
            expectInvariants(team, pool)
          }
          // Whatever happened, one pass over the pool adding every player canAdd accepts
          // completes a valid team: an accepted player never closes the last way out.
          for (const player of pool) team = addPlayer(team, player, pool)
          const [first, second] = team.selected_players
          team = setViceCaptain(setCaptain(team, first!), second!)
          expectInvariants(team, pool)
          expect(team.violations).toEqual([])
          expect(team.valid_team).toBe(true)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('canAdd with the pool says yes exactly when the player fits and a valid team can still be completed', () => {
    fc.assert(
      fc.property(
        poolFor('cricket'),
        fc.array(fc.nat(), { maxLength: 11 }),
        fc.nat(),
        (pool, picks, candidate) => {
          const team = picks.reduce(
            (t, at) => addPlayer(t, pool[at % pool.length]!, pool),
            emptyTeam('cricket'),
          )
          const player = pool[candidate % pool.length]!
          const verdict = canAdd(team, player, pool)
          const fits =
            !team.selected_players.includes(player.id) &&
            canComplete('cricket', pool, [...team.selected_players, player.id])
          expect(verdict.ok).toBe(fits)
        },
      ),
      { numRuns: 300 },
    )
  })
})
