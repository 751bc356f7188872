import { tenthsToCredits } from './money'
import { completionExists } from './team/completion'
import { CRICKET_FLAGS, FOOTBALL_FLAGS, positionRules } from './team/positions'
import { countStyles, type SportRules, sportRules, type TeamPlayer } from './team/sports'
import type { RuleId } from './team/violations'
import { type TeamCheck, validateTeam } from './team-rules'

/**
 * The team being built in the web builder (spec §3 "Working team", §4 "Team validity") as
 * plain data, and pure functions from one state to the next. Every function returns a new
 * object; every derived field (flags, budget, counts, violations) comes from `validateTeam`,
 * so the builder shows exactly what the server will answer.
 */
export interface WorkingTeam extends Omit<TeamCheck, 'budget_used_tenths'> {
  captain_id: number | null
  vice_captain_id: number | null
  /** Selected ids in the order they were picked. */
  selected_players: number[]
}

/** A team as saved (spec §4: loading it makes it valid with every flag true). */
export interface SavedTeam {
  sport: SportRules | string
  players: ReadonlyArray<TeamPlayer>
  captain_id: number
  vice_captain_id: number
}

export type AddRefusal = 'already_selected' | 'team_full' | 'over_budget' | 'cannot_complete' | RuleId
export type CanAdd = { ok: true } | { ok: false; reason: AddRefusal; message: string }

export function emptyTeam(sport: SportRules | string): WorkingTeam {
  return build(sport, [], null, null)
}

/** Resetting clears everything: budget 100, no players, no captain (spec §4). */
export function resetTeam(team: WorkingTeam): WorkingTeam {
  return emptyTeam(team.sport)
}

export function loadTeam(saved: SavedTeam): WorkingTeam {
  const team = build(saved.sport, saved.players, saved.captain_id, saved.vice_captain_id)
  // Spec §4: a loaded team is valid with all balance flags true — it passed validateTeam
  // when it was saved, and the server checks it again on the next save.
  const family = sportRules(saved.sport).family
  const flags = family === 'cricket' ? CRICKET_FLAGS : family === 'football' ? FOOTBALL_FLAGS : []
  for (const flag of flags) team[flag] = true
  return { ...team, valid_team: true, players_valid: true, can_still_be_valid: true, violations: [] }
}

/**
 * Adds `player` when `canAdd` allows it; otherwise returns `team` unchanged (the builder
 * shows `canAdd`'s reason). With `pool`, the completion check uses the match's real players.
 */
export function addPlayer(
  team: WorkingTeam,
  player: TeamPlayer,
  pool?: ReadonlyArray<TeamPlayer>,
): WorkingTeam {
  if (!canAdd(team, player, pool).ok) return team
  return build(team.sport, [...playersOf(team), player], team.captain_id, team.vice_captain_id)
}

/** Removing the captain or vice-captain also clears that choice. */
export function removePlayer(team: WorkingTeam, playerId: number): WorkingTeam {
  if (!team.selected_players.includes(playerId)) return team
  const players = playersOf(team).filter((p) => p.id !== playerId)
  const captain = team.captain_id === playerId ? null : team.captain_id
  const vice = team.vice_captain_id === playerId ? null : team.vice_captain_id
  return build(team.sport, players, captain, vice)
}

/** Sets (or clears, with null) the captain; the vice-captain is cleared if it is the same player. Only selected players can be captain. */
export function setCaptain(team: WorkingTeam, playerId: number | null): WorkingTeam {
  if (playerId !== null && !team.selected_players.includes(playerId)) return team
  const vice = playerId !== null && team.vice_captain_id === playerId ? null : team.vice_captain_id
  return build(team.sport, playersOf(team), playerId, vice)
}

/** Sets (or clears) the vice-captain; the captain is cleared if it is the same player. */
export function setViceCaptain(team: WorkingTeam, playerId: number | null): WorkingTeam {
  if (playerId !== null && !team.selected_players.includes(playerId)) return team
  const captain = playerId !== null && team.captain_id === playerId ? null : team.captain_id
  return build(team.sport, playersOf(team), captain, playerId)
}

/**
 * Why `player` cannot join `team` now, so the builder can grey it out with the reason.
 * Checked in order: already selected, team full, not enough credits, a style at its maximum
 * (cricket's one pure keeper, football's position caps), and finally whether the team could
 * still be completed validly: by any styles (without `pool`) or from `pool`'s players within
 * the credits left (with it).
 */
export function canAdd(team: WorkingTeam, player: TeamPlayer, pool?: ReadonlyArray<TeamPlayer>): CanAdd {
  const rules = sportRules(team.sport)
  const current = playersOf(team)
  if (team.selected_players.includes(player.id))
    return { ok: false, reason: 'already_selected', message: 'This player is already in your team.' }
  if (current.length >= rules.team_size)
    return { ok: false, reason: 'team_full', message: `Your team already has ${rules.team_size} players.` }
  const leftTenths = rules.budget_tenths - current.reduce((sum, p) => sum + p.value_tenths, 0)
  if (player.value_tenths > leftTenths)
    return {
      ok: false,
      reason: 'over_budget',
      message: `This player costs ${tenthsToCredits(player.value_tenths)} credits; you have ${tenthsToCredits(leftTenths)} left.`,
    }
  const positions = positionRules(rules.family)
  const counts = countStyles(current)
  for (const cap of positions.caps)
    if (cap.style === player.style && (counts.get(cap.style) ?? 0) >= cap.max)
      return { ok: false, reason: cap.rule, message: cap.message }

  const after = [...current, player]
  const free = rules.team_size - after.length
  if (positions.additionsNeeded(countStyles(after)) > free) {
    const needs = team.violations.filter((v) => v.rule.startsWith(`${rules.family}_`)).map((v) => v.message)
    return {
      ok: false,
      reason: 'cannot_complete',
      message:
        `Adding this player leaves too few places for what your team still needs. ${needs.join(' ')}`.trim(),
    }
  }
  if (pool && !completionExists(rules, after, pool))
    return {
      ok: false,
      reason: 'cannot_complete',
      message: "Adding this player leaves no valid team within the credits left from this match's players.",
    }
  return { ok: true }
}

function build(
  sport: SportRules | string,
  players: ReadonlyArray<TeamPlayer>,
  captain: number | null,
  vice: number | null,
): WorkingTeam {
  const ids = players.map((p) => p.id)
  const { budget_used_tenths: _tenths, ...check } = validateTeam(sport, players, {
    player_ids: ids,
    captain_id: captain,
    vice_captain_id: vice,
  })
  return { ...check, captain_id: captain, vice_captain_id: vice, selected_players: ids }
}

/** The working team keeps credits (9.5) as the spec shows them; the rules count tenths. */
function playersOf(team: WorkingTeam): TeamPlayer[] {
  return team.selected_players_hash.map((p) => ({
    id: p.id,
    style: p.style,
    value_tenths: Math.round(p.value * 10),
    real_team_id: p.team.id,
  }))
}
