import { creditsToTenths, tenthsToCredits } from './money'
import { type BalanceFlags, positionRules } from './team/positions'
import { countStyles, type SportRules, sportRules, type TeamPlayer } from './team/sports'
import { has, type Violation, type ViolationField, violation } from './team/violations'

export { canComplete, completionExists } from './team/completion'
export { type RoleTab, roleTabs, teamRows } from './team/display'
export type { BalanceFlag, BalanceFlags } from './team/positions'
export { BUDGET_TENTHS, SPORT_RULES, type SportRules, sportRules, type TeamPlayer } from './team/sports'
/**
 * Team validity (spec §4 "Team validity", §5; DESIGN §5 "Teams"): one pure function shared
 * by the server (the authority), the web builder and the CLI. It returns every violation,
 * never just the first. Rule ids are stable (docs/team-rules.md):
 *
 * | rule                                | field        | fires when                                          |
 * | ----------------------------------- | ------------ | --------------------------------------------------- |
 * | player_not_in_match                 | player_ids   | an id is not a player of this match                 |
 * | duplicate_player                    | player_ids   | an id is given more than once                       |
 * | team_size                           | player_ids   | distinct ids ≠ 11 (cricket, football) or 5 (others) |
 * | over_budget                         | player_ids   | the values add up to more than 100 credits          |
 * | cricket_max_pure_keeper             | player_ids   | more than 1 pure wicket-keeper (style 7)            |
 * | cricket_min_keeper                  | player_ids   | no wicket-keeper (7, or a 5 keeping wicket)         |
 * | cricket_min_batters                 | player_ids   | fewer than 4 batters (1, 3, 5)                      |
 * | cricket_min_allrounders             | player_ids   | no all-rounder (9, 3, 11)                           |
 * | cricket_min_bowlers                 | player_ids   | fewer than 2 bowlers (13, 11)                       |
 * | cricket_min_allrounders_and_bowlers | player_ids   | all-rounders + bowlers fewer than 5                 |
 * | football_goalkeeper                 | player_ids   | goalkeepers (101) ≠ 1                               |
 * | football_defenders                  | player_ids   | defenders (102) outside 3–5                         |
 * | football_midfielders                | player_ids   | midfielders (103) outside 3–5                       |
 * | football_forwards                   | player_ids   | forwards (104) outside 1–3                          |
 * | captain_required                    | captain      | no captain                                          |
 * | captain_not_in_team                 | captain      | the captain is not one of the selected players      |
 * | vice_captain_required               | vice_captain | no vice-captain                                     |
 * | vice_captain_not_in_team            | vice_captain | the vice-captain is not one of the selected players |
 * | captain_is_vice_captain             | vice_captain | captain and vice-captain are the same player        |
 *
 * Cricket's flexible styles count towards whichever role is short: every split of them
 * between their two roles is tried and the best one decides the flags (team/cricket.ts).
 * Racing and battle-royale players have no positions: any 5 within budget make a team.
 */
export type { RuleId, Violation, ViolationField } from './team/violations'

export interface TeamSelection {
  player_ids: ReadonlyArray<number>
  captain_id?: number | null
  vice_captain_id?: number | null
}

/** A selected player as the working team shows it (spec §3): `value` in credits, e.g. 9.5. */
export interface SelectedPlayer {
  id: number
  style: number
  value: number
  team: { id: number }
}

export interface TeamCheck extends BalanceFlags {
  sport: string
  /** Every rule holds, captain and vice-captain included. */
  valid_team: boolean
  /** Every rule about the players holds (the captain/vice-captain rules may not yet). */
  players_valid: boolean
  /** Adding players to the free slots (then choosing captain and vice) can still fix every rule. */
  can_still_be_valid: boolean
  violations: Violation[]
  selected_players_count: number
  selected_players_hash: SelectedPlayer[]
  /** Real team id → selected players from it. */
  team_players_count: Record<number, number>
  /** Credits left: 100 − the sum of values (negative when over budget). */
  budget: number
  budget_used: number
  budget_used_tenths: number
  /** Slots still free (0 when full or over). */
  players_needed: number
  role_counts: Record<string, number>
}

export function validateTeam(
  sport: SportRules | string,
  pool: ReadonlyArray<TeamPlayer>,
  selection: TeamSelection,
): TeamCheck {
  const rules = sportRules(sport)
  const { seen, unknown, duplicates, selected } = pickPlayers(pool, selection.player_ids)
  const usedTenths = selected.reduce((sum, p) => sum + p.value_tenths, 0)
  const lineup = positionRules(rules.family).check(countStyles(selected))
  const violations: Violation[] = []
  if (unknown.length > 0)
    violations.push(
      violation('player_not_in_match', `${players(unknown)} ${isAre(unknown)} not in this match.`, unknown),
    )
  if (duplicates.length > 0)
    violations.push(
      violation(
        'duplicate_player',
        `${players(duplicates)} ${isAre(duplicates)} picked more than once.`,
        duplicates,
      ),
    )
  if (seen.size !== rules.team_size)
    violations.push(
      violation('team_size', `Your team needs exactly ${rules.team_size} players; it has ${has(seen.size)}.`),
    )
  if (usedTenths > rules.budget_tenths)
    violations.push(
      violation(
        'over_budget',
        `Your players cost ${tenthsToCredits(usedTenths)} credits, more than the budget of ${tenthsToCredits(rules.budget_tenths)}.`,
      ),
    )
  violations.push(...lineup.violations)
  const playersValid = violations.length === 0
  violations.push(...captaincy(selection, new Set(selected.map((p) => p.id))))

  const free = rules.team_size - seen.size
  const teamCounts: Record<number, number> = {}
  for (const p of selected) teamCounts[p.real_team_id] = (teamCounts[p.real_team_id] ?? 0) + 1
  return {
    sport: rules.slug,
    ...lineup.flags,
    valid_team: violations.length === 0,
    players_valid: playersValid,
    can_still_be_valid:
      unknown.length === 0 &&
      duplicates.length === 0 &&
      usedTenths <= rules.budget_tenths &&
      free >= 0 &&
      lineup.additions_needed <= free,
    violations,
    selected_players_count: selected.length,
    selected_players_hash: selected.map(toSelectedPlayer),
    team_players_count: teamCounts,
    budget: tenthsToCredits(rules.budget_tenths - usedTenths),
    budget_used: tenthsToCredits(usedTenths),
    budget_used_tenths: usedTenths,
    players_needed: Math.max(0, free),
    role_counts: lineup.role_counts,
  }
}

/** The picked ids sorted out: the pool's players in pick order, ids not in it, ids picked twice. */
function pickPlayers(pool: ReadonlyArray<TeamPlayer>, ids: ReadonlyArray<number>) {
  const byId = new Map(pool.map((p) => [p.id, p]))
  const seen = new Set<number>()
  const unknown: number[] = []
  const duplicates: number[] = []
  const selected: TeamPlayer[] = []
  for (const id of ids) {
    if (seen.has(id)) {
      if (!duplicates.includes(id)) duplicates.push(id)
      continue
    }
    seen.add(id)
    const player = byId.get(id)
    if (player) selected.push(player)
    else unknown.push(id)
  }
  return { seen, unknown, duplicates, selected }
}

function captaincy(selection: TeamSelection, inTeam: ReadonlySet<number>): Violation[] {
  const out: Violation[] = []
  const captain = selection.captain_id ?? null
  const vice = selection.vice_captain_id ?? null
  if (captain === null) out.push(violation('captain_required', 'Choose a captain.'))
  else if (!inTeam.has(captain))
    out.push(violation('captain_not_in_team', 'The captain must be one of your selected players.'))
  if (vice === null) out.push(violation('vice_captain_required', 'Choose a vice-captain.'))
  else if (!inTeam.has(vice))
    out.push(violation('vice_captain_not_in_team', 'The vice-captain must be one of your selected players.'))
  if (captain !== null && captain === vice)
    out.push(
      violation('captain_is_vice_captain', 'The captain and the vice-captain must be different players.'),
    )
  return out
}

export function toSelectedPlayer(p: TeamPlayer): SelectedPlayer {
  return { id: p.id, style: p.style, value: tenthsToCredits(p.value_tenths), team: { id: p.real_team_id } }
}

/** The inverse of `toSelectedPlayer`, for players as the API sends them (`value` 9.5 or "9.5"). */
export function teamPlayerFromApi(p: {
  id: number
  style: number
  value: number | string
  team: { id: number }
}): TeamPlayer {
  const tenths = creditsToTenths(p.value)
  if (tenths === null) throw new Error(`Player ${p.id} has an invalid value "${p.value}"`)
  return { id: p.id, style: p.style, value_tenths: tenths, real_team_id: p.team.id }
}

/** Messages per field, for a 422 `errors` body: `{ player_ids: [...], captain: [...] }`. */
export function violationsByField(
  violations: ReadonlyArray<Violation>,
): Partial<Record<ViolationField, string[]>> {
  const out: Partial<Record<ViolationField, string[]>> = {}
  for (const v of violations) out[v.field] = [...(out[v.field] ?? []), v.message]
  return out
}

/** All messages as one paragraph, for the `error` line of a 422. */
export function violationSummary(violations: ReadonlyArray<Violation>): string {
  return violations.map((v) => v.message).join(' ')
}

function players(ids: ReadonlyArray<number>): string {
  if (ids.length === 1) return `Player ${ids[0]}`
  return `Players ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`
}

function isAre(ids: ReadonlyArray<number>): string {
  return ids.length === 1 ? 'is' : 'are'
}
