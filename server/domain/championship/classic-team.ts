import type { SportRules } from '../team/sports'
import { emptyTeam, loadTeam, type SavedTeam, type WorkingTeam } from '../working-team'
import { checkTransfers, type LockedState, planTransfers, type TransferPlan } from './transfers'

/**
 * The championship builder's working team (spec §3 "Working team": free_transfers_left,
 * last_team_player_ids, current_player_in/out, last_saved_player_in/out; spec §4 "Classic
 * reset"): the daily working team plus the transfers the save would use, recomputed after
 * every change so the builder shows free and paid transfers left and what the save will cost.
 * Use the daily functions through `classicApply`: `classicApply(t, (w) => addPlayer(w, p, pool))`.
 */
export interface ClassicWorkingTeam extends WorkingTeam {
  /** The team as loaded (null for a new one): classic reset goes back to it. */
  loaded: SavedTeam | null
  /** The team at its last lock; null before the first lock (unlimited changes). */
  lock: LockedState | null
  /** Players at the last lock ([] before it). */
  last_team_player_ids: number[]
  /** Players as last saved ([] for a new team). */
  last_saved_player_ids: number[]
  current_player_in: number[]
  current_player_out: number[]
  last_saved_player_in: number[]
  last_saved_player_out: number[]
  /** Plan of the team as it stands now; `cost_paise` is what saving it would charge at the lock. */
  transfers: TransferPlan
  /** null while unlimited (shown "∞"). */
  free_transfers_left: number | null
  paid_transfers_left: number | null
  /** The change in the charge at the next lock if this team replaced the saved one (may be < 0). */
  save_cost_change_paise: number
}

export function newClassicTeam(sport: SportRules | string): ClassicWorkingTeam {
  return withTransfers(emptyTeam(sport), null, null, [])
}

/** A saved team and its last lock (null if it has not locked yet). */
export function loadClassicTeam(saved: SavedTeam, lock: LockedState | null): ClassicWorkingTeam {
  return withTransfers(
    loadTeam(saved),
    saved,
    lock,
    saved.players.map((p) => p.id),
  )
}

/** Applies a daily working-team step (add, remove, captain…) and recomputes the transfers. */
export function classicApply(
  team: ClassicWorkingTeam,
  step: (team: WorkingTeam) => WorkingTeam,
): ClassicWorkingTeam {
  return withTransfers(step(team), team.loaded, team.lock, team.last_saved_player_ids)
}

/** Spec §4: classic reset restores the team as loaded, or clears it if none was loaded. */
export function classicReset(team: ClassicWorkingTeam): ClassicWorkingTeam {
  return team.loaded
    ? loadClassicTeam(team.loaded, team.lock)
    : withTransfers(emptyTeam(team.sport), null, team.lock, [])
}

function withTransfers(
  base: WorkingTeam,
  loaded: SavedTeam | null,
  lock: LockedState | null,
  savedIds: number[],
): ClassicWorkingTeam {
  const daily = stripClassic(base)
  const transfers = planTransfers(lock, daily.selected_players)
  const saved = planTransfers(lock, savedIds)
  // A refused step hands back the classic team itself: drop its old transfer verdict.
  const violations = [
    ...daily.violations.filter((v) => v.rule !== 'too_many_transfers'),
    ...checkTransfers(lock, daily.selected_players),
  ]
  return {
    ...daily,
    violations,
    valid_team: violations.length === 0,
    players_valid: violations.every((v) => v.field !== 'player_ids'),
    loaded,
    lock,
    last_team_player_ids: lock ? [...lock.player_ids] : [],
    last_saved_player_ids: [...savedIds],
    current_player_in: transfers.player_in,
    current_player_out: transfers.player_out,
    last_saved_player_in: saved.player_in,
    last_saved_player_out: saved.player_out,
    transfers,
    free_transfers_left: transfers.free_left,
    paid_transfers_left: transfers.paid_left,
    save_cost_change_paise: transfers.cost_paise - saved.cost_paise,
  }
}

/** The daily fields only: a step given a classic team returns it with the classic fields still on. */
function stripClassic(team: WorkingTeam): WorkingTeam {
  const {
    loaded: _l,
    lock: _k,
    last_team_player_ids: _t,
    last_saved_player_ids: _s,
    current_player_in: _ci,
    current_player_out: _co,
    last_saved_player_in: _si,
    last_saved_player_out: _so,
    transfers: _p,
    free_transfers_left: _f,
    paid_transfers_left: _pl,
    save_cost_change_paise: _c,
    ...daily
  } = team as ClassicWorkingTeam
  return daily
}
