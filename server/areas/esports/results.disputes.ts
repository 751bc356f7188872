import { isUniqueViolation } from '../../db/errors'
import { lockRows } from '../../db/lock'
import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { AppError, invalid, notFound } from '../../http/errors'
import { notify } from '../notifications'
import { type Caller, findContest, memberRow } from './core'
import { DISPUTE_WINDOW_MS } from './results.service'

export interface DisputeInput {
  text: string
  squad_id?: number
}

/**
 * A member disputes the results: a report of the contest in the admins' queue (subject type
 * `esports_contest`, reason `wrong_results`), within 24 hours of the latest version. The host
 * and the admins are notified. One open dispute per member and contest.
 */
export async function disputeResults(
  deps: Deps,
  caller: Caller,
  contestId: number,
  input: DisputeInput,
): Promise<number> {
  try {
    return await withTx(deps, async (tx, after) => {
      await lockRows(tx, 'users', caller.id)
      const contest = await findContest(tx, contestId)
      if (!contest || !(await memberRow(tx, contestId, caller.id))) throw notFound('Contest')
      const now = deps.clock.now()
      const latest = await tx
        .selectFrom('esports_results')
        .select(['version', 'created_at_ms'])
        .where('contest_id', '=', contest.id)
        .orderBy('version', 'desc')
        .executeTakeFirst()
      if (!latest) throw new AppError('CONFLICT', 'There are no results to dispute yet')
      if (now > Number(latest.created_at_ms) + DISPUTE_WINDOW_MS)
        throw new AppError('CONFLICT', 'Disputes close 24 hours after the results were entered')
      let about = ''
      if (input.squad_id !== undefined) {
        const squad = await tx
          .selectFrom('esports_squads')
          .select('name')
          .where('id', '=', input.squad_id)
          .where('contest_id', '=', contest.id)
          .executeTakeFirst()
        if (!squad) throw invalid({ squad_id: ['is not a squad of this contest'] })
        about = `About ${squad.name}: `
      }
      const open = await tx
        .selectFrom('reports')
        .select('id')
        .where('reporter_id', '=', caller.id)
        .where('contest_type', '=', 'esports_contest')
        .where('contest_id', '=', contest.id)
        .where('status', '=', 'open')
        .executeTakeFirst()
      if (open) throw alreadyDisputed()
      const row = await tx
        .insertInto('reports')
        .values({
          reporter_id: caller.id,
          contest_type: 'esports_contest',
          contest_id: contest.id,
          reason: 'wrong_results',
          text: `${about}${input.text}`,
          created_at_ms: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const admins = await tx
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .orderBy('id')
        .execute()
      const told = new Set([contest.host_id, ...admins.map((a) => a.id)])
      told.delete(caller.id)
      const who = await tx
        .selectFrom('users')
        .select('username')
        .where('id', '=', caller.id)
        .executeTakeFirstOrThrow()
      for (const userId of told)
        await notify(
          tx,
          after,
          userId,
          {
            kind: 'esports_dispute',
            body: `${who.username} disputed the results of ${contest.name} (version ${latest.version})`,
            data: {
              esports_contest_id: contest.id,
              report_id: Number(row.id),
              version: Number(latest.version),
            },
          },
          now,
        )
      return Number(row.id)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyDisputed()
    throw error
  }
}

const alreadyDisputed = () =>
  new AppError('CONFLICT', 'You already disputed these results; an admin will look at it soon')
