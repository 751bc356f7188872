/**
 * Rule ids and the violation shape. The ids are stable: clients match on them, the API sends
 * them, docs/team-rules.md lists them. The table in server/domain/team-rules.ts says when
 * each one fires.
 */
export const RULE_FIELD = {
  player_not_in_match: 'player_ids',
  duplicate_player: 'player_ids',
  team_size: 'player_ids',
  over_budget: 'player_ids',
  cricket_max_pure_keeper: 'player_ids',
  cricket_min_keeper: 'player_ids',
  cricket_min_batters: 'player_ids',
  cricket_min_allrounders: 'player_ids',
  cricket_min_bowlers: 'player_ids',
  cricket_min_allrounders_and_bowlers: 'player_ids',
  football_goalkeeper: 'player_ids',
  football_defenders: 'player_ids',
  football_midfielders: 'player_ids',
  football_forwards: 'player_ids',
  captain_required: 'captain',
  captain_not_in_team: 'captain',
  vice_captain_required: 'vice_captain',
  vice_captain_not_in_team: 'vice_captain',
  captain_is_vice_captain: 'vice_captain',
  // Championship (server/domain/championship/transfers.ts): more changes since the last lock
  // than the free transfers banked plus the paid ones a match allows.
  too_many_transfers: 'player_ids',
} as const

export type RuleId = keyof typeof RULE_FIELD
export type ViolationField = (typeof RULE_FIELD)[RuleId]

export interface Violation {
  rule: RuleId
  /** A sentence a player understands, e.g. "You need at least 4 batters (…); your team has 3." */
  message: string
  field: ViolationField
  /** The offending ids, for the rules about particular players (not in match, duplicate). */
  player_ids?: number[]
}

export function violation(rule: RuleId, message: string, playerIds?: number[]): Violation {
  return playerIds
    ? { rule, message, field: RULE_FIELD[rule], player_ids: playerIds }
    : { rule, message, field: RULE_FIELD[rule] }
}

/** "none", "1", "3": how many the team has, in a sentence. */
export function has(count: number): string {
  return count === 0 ? 'none' : String(count)
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many
}
