import type { Deps } from '../../core/deps'
import { isUniqueViolation } from '../../db/errors'
import { lockRows, shareRows } from '../../db/lock'
import { rowWhere } from '../../db/query'
import { type Executor, withTx } from '../../db/tx'
import { checkTransfers, planTransfers } from '../../domain/championship/transfers'
import { splitDebit } from '../../domain/ledger'
import { paiseToRupees } from '../../domain/money'
import { AppError, invalid, notFound } from '../../http/errors'
import { userBalances } from '../ledger'
import { checkPick, refuseTeam } from '../teams'
import {
  asPool,
  type ClassicTeamRow,
  findClassicTeam,
  findPhase,
  hasStarted,
  lockedStateOf,
  type PhaseRow,
  phaseMatches,
  phasePlayers,
} from './queries'

export interface ClassicTeamInput {
  /** Comma-joined ids ("1,2,3") or an array. */
  player_ids: string | number[]
  captain: number
  vice_captain: number
}

export function parseIds(input: string | number[]): number[] {
  if (Array.isArray(input)) return input
  const parts = input.split(',').map((s) => s.trim())
  if (parts.some((p) => !/^\d{1,10}$/.test(p)))
    throw invalid({ player_ids: ['must be a comma-joined list of player ids'] })
  return parts.map(Number)
}

/**
 * The phase is open for saves until its last match starts (a team saved after that could
 * score nothing). 409 EVENT_LOCKED once it has, and while a match is past its start time but
 * not yet locked.
 */
async function openPhase(deps: Deps, db: Executor, phaseId: number): Promise<PhaseRow> {
  const phase = await findPhase(db, phaseId)
  if (!phase) throw notFound('Phase')
  const matches = await phaseMatches(db, phaseId)
  const last = matches.at(-1)
  if (!last) throw new AppError('EVENT_LOCKED', 'This phase has no matches to play')
  const now = deps.clock.now()
  if (hasStarted(last, now))
    throw new AppError('EVENT_LOCKED', 'The phase’s last match has started: its teams can no longer change')
  // A match past its start time that has not locked yet: a save now would slip into the team
  // that plays it, after its deadline. Refused until the lock has taken the snapshot.
  const starting = matches.find((m) => m.status === 'upcoming' && Number(m.event_time_ms) <= now)
  if (starting)
    throw new AppError('EVENT_LOCKED', `${starting.title} is starting: save again once it has locked`)
  return phase
}

/** The team rules of daily fantasy against the phase's players (a player outside it: 422). */
async function checkTeam(db: Executor, phase: PhaseRow, input: ClassicTeamInput) {
  const ids = parseIds(input.player_ids)
  return checkPick(phase.sport_slug, asPool(await phasePlayers(db, phase.id)), ids, input, (v) =>
    v.rule === 'player_not_in_match' ? { ...v, message: v.message.replace('this match', 'this phase') } : v,
  )
}

/**
 * Transfers against the team at its last lock: too many → 422 naming the numbers; a plan
 * with paid transfers needs the balance to pay for them (unused then winnings, as an entry
 * fee is paid) → else 409 INSUFFICIENT_BALANCE. Nothing is charged here: the charge is made
 * when the next match locks with the transfers still in the team (lock.ts).
 */
async function checkPlan(tx: Executor, teamId: number | null, userId: number, ids: number[]) {
  const state = teamId === null ? null : await lockedStateOf(tx, teamId)
  const violations = checkTransfers(state, ids)
  if (violations.length > 0) refuseTeam(violations)
  const plan = planTransfers(state, ids)
  if (plan.cost_paise > 0) {
    const split = splitDebit(plan.cost_paise, await userBalances(tx, userId))
    if (!split.sufficient)
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        `These transfers cost ₹${paiseToRupees(plan.cost_paise)} at the next match's start; add cash first`,
      )
  }
  return plan
}

export async function createClassicTeam(
  deps: Deps,
  userId: number,
  phaseId: number,
  input: ClassicTeamInput,
): Promise<ClassicTeamRow> {
  const phase = await openPhase(deps, deps.db, phaseId)
  const { ids, saved } = await checkTeam(deps.db, phase, input)
  const matchIds = (await phaseMatches(deps.db, phaseId)).map((m) => m.id)
  try {
    return await withTx(deps, async (tx) => {
      // The user's saves take turns; the phase's matches are held so none starts meanwhile.
      await lockRows(tx, 'users', userId)
      await shareRows(tx, 'matches', matchIds)
      await openPhase(deps, tx, phaseId)
      const existing = await rowWhere(tx, 'classic_teams', { user_id: userId, phase_id: phaseId })
      if (existing) throw alreadyHave(existing.id)
      await checkPlan(tx, null, userId, ids)
      const now = deps.clock.now()
      return tx
        .insertInto('classic_teams')
        .values({
          user_id: userId,
          phase_id: phaseId,
          player_ids: JSON.stringify(ids),
          ...saved,
          created_at_ms: now,
          updated_at_ms: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  } catch (error) {
    // Two creations at once: the unique (user, phase) lets one through.
    if (isUniqueViolation(error)) throw alreadyHave(null)
    throw error
  }
}

const alreadyHave = (id: number | null) =>
  new AppError(
    'CLASSIC_TEAM_EXISTS',
    'You already have a team in this phase: change it instead',
    id === null ? undefined : { classic_team_id: [String(id)] },
  )

export async function updateClassicTeam(
  deps: Deps,
  userId: number,
  teamId: number,
  input: ClassicTeamInput,
): Promise<ClassicTeamRow> {
  const team = await findClassicTeam(deps.db, teamId)
  if (!team || team.user_id !== userId) throw notFound('Classic team')
  const phase = await openPhase(deps, deps.db, team.phase_id)
  const { ids, saved } = await checkTeam(deps.db, phase, input)
  const matchIds = (await phaseMatches(deps.db, phase.id)).map((m) => m.id)
  return withTx(deps, async (tx) => {
    await lockRows(tx, 'users', userId)
    await shareRows(tx, 'matches', matchIds)
    await openPhase(deps, tx, phase.id)
    await checkPlan(tx, teamId, userId, ids)
    return tx
      .updateTable('classic_teams')
      .set({
        player_ids: JSON.stringify(ids),
        ...saved,
        updated_at_ms: deps.clock.now(),
      })
      .where('id', '=', teamId)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

/** The viewer's own team (edit data): anyone else's is 404. */
export async function ownClassicTeam(deps: Deps, viewerId: number, teamId: number) {
  const team = await findClassicTeam(deps.db, teamId)
  if (!team || team.user_id !== viewerId) throw notFound('Classic team')
  return team
}
