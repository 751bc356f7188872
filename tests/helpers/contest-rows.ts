import type { Deps } from '../../server/core/deps'
import type { ContestStatus } from '../../server/db/schema'
import { rowById, rowsWhere } from './db'

let codes = 0

interface RowOptions {
  status?: ContestStatus
  createdById?: number | null
  isPrivate?: boolean
  name?: string
}

/** What a daily and a championship contest row have alike: 4 members, 15% rake, one winner, no prizes yet. */
const commonColumns = (deps: Deps, options: RowOptions) => ({
  members_limit: 4,
  rake_bps: 1500,
  prize_pool_paise: 0,
  prize_structure: '[]',
  winner_count: 1,
  created_by_id: options.createdById ?? null,
  is_private: options.isPrivate ? 1 : 0,
  status: options.status ?? 'open',
  created_at_ms: deps.clock.now(),
})

/**
 * A daily contest straight into the tables (no ledger): for tests of rules that only read
 * contests — access (completed paid contests, open owned ones), reports, visibility.
 */
export async function contestRow(
  deps: Deps,
  options: RowOptions & { entryFeePaise?: number } = {},
): Promise<number> {
  const match = await deps.db.selectFrom('matches').select('id').orderBy('id').executeTakeFirstOrThrow()
  codes++
  const row = await deps.db
    .insertInto('contests')
    .values({
      match_id: match.id,
      name: options.name ?? `Test contest ${codes}`,
      kind: 'small',
      entry_fee_paise: options.entryFeePaise ?? 0,
      invite_code: `TESTROW${process.pid}X${codes}`,
      ...commonColumns(deps, options),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** A throwaway team (players 1, 2 and 3) of `userId` for `matchId`, straight into the table. */
export function teamRow(deps: Deps, userId: number, matchId: number, teamNo: number) {
  const now = deps.clock.now()
  return deps.db
    .insertInto('user_teams')
    .values({
      user_id: userId,
      match_id: matchId,
      team_no: teamNo,
      player_ids: '1,2,3',
      captain_id: 1,
      vice_captain_id: 2,
      budget_used_tenths: 0,
      created_at_ms: now,
      updated_at_ms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** `userId` as a member of `contestId` with a throwaway team (no ledger). */
export async function memberRow(
  deps: Deps,
  contestId: number,
  userId: number,
  entryFeePaise = 0,
): Promise<void> {
  const contest = await rowById(deps.db, 'contests', contestId, 'match_id')
  const now = deps.clock.now()
  const teams = await rowsWhere(deps.db, 'user_teams', { user_id: userId, match_id: contest.match_id }, 'id')
  const team = await teamRow(deps, userId, contest.match_id, teams.length + 1)
  await deps.db
    .insertInto('contest_members')
    .values({
      contest_id: contestId,
      user_id: userId,
      user_team_id: team.id,
      entry_fee_paise: entryFeePaise,
      joined_at_ms: now,
    })
    .execute()
}

/** A championship contest straight into the tables, on the first series phase. */
export async function championshipContestRow(deps: Deps, options: RowOptions = {}): Promise<number> {
  const phase = await deps.db.selectFrom('series_phases').select('id').orderBy('id').executeTakeFirstOrThrow()
  codes++
  const row = await deps.db
    .insertInto('championship_contests')
    .values({
      phase_id: phase.id,
      name: options.name ?? `Test championship contest ${codes}`,
      entry_fee_paise: 0,
      ...commonColumns(deps, options),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}
