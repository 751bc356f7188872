import { CRICKET } from './cricket'
import { FOOTBALL } from './football'
import type { PositionRules } from './position-types'
import type { SportFamily } from './sports'

export {
  type BalanceFlag,
  type BalanceFlags,
  CRICKET_FLAGS,
  FOOTBALL_FLAGS,
  type LineupCheck,
  type PositionRules,
  type StyleCap,
} from './position-types'

/** Racing and battle-royale players have no positions: any player fills any slot. */
function anyPlayer(roleKey: string): PositionRules {
  return {
    check: (counts) => ({
      flags: {},
      role_counts: { [roleKey]: [...counts.values()].reduce((a, b) => a + b, 0) },
      violations: [],
      additions_needed: 0,
    }),
    additionsNeeded: () => 0,
    caps: [],
  }
}

const BY_FAMILY: Record<SportFamily, PositionRules> = {
  cricket: CRICKET,
  football: FOOTBALL,
  racing: anyPlayer('DRV'),
  battle_royale: anyPlayer('PLR'),
}

export function positionRules(family: SportFamily): PositionRules {
  return BY_FAMILY[family]
}
