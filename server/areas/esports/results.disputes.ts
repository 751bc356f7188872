import type { Deps } from '../../core/deps'
import { isUniqueViolation } from '../../db/errors'
import { lockRows } from '../../db/lock'
import { type AfterCommit, type Tx, withTx } from '../../db/tx'
import { AppError, invalid, notFound } from '../../http/errors'
import { usernameOf } from '../contests'
import { adminIds, type Caller, type EsportsContestRow, findContest, memberRow, notifyEach } from './core'
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
      const latest = await disputableVersion(tx, contest.id, now)
      const about = input.squad_id === undefined ? '' : await aboutSquad(tx, contest.id, input.squad_id)
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
      const reportId = Number(row.id)
      await tellOfDispute(
        tx,
        after,
        { contest, reporterId: caller.id, version: latest.version, reportId },
        now,
      )
      return reportId
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyDisputed()
    throw error
  }
}

/** The latest results version, while it may still be disputed (409 without results or after the window). */
async function disputableVersion(tx: Tx, contestId: number, now: number) {
  const latest = await tx
    .selectFrom('esports_results')
    .select(['version', 'created_at_ms'])
    .where('contest_id', '=', contestId)
    .orderBy('version', 'desc')
    .executeTakeFirst()
  if (!latest) throw new AppError('CONFLICT', 'There are no results to dispute yet')
  if (now > Number(latest.created_at_ms) + DISPUTE_WINDOW_MS)
    throw new AppError('CONFLICT', 'Disputes close 24 hours after the results were entered')
  return latest
}

/** The dispute's opening words for a squad of the contest (422 for another contest's squad). */
async function aboutSquad(tx: Tx, contestId: number, squadId: number): Promise<string> {
  const squad = await tx
    .selectFrom('esports_squads')
    .select('name')
    .where('id', '=', squadId)
    .where('contest_id', '=', contestId)
    .executeTakeFirst()
  if (!squad) throw invalid({ squad_id: ['is not a squad of this contest'] })
  return `About ${squad.name}: `
}

/** The host and every admin (but the reporter) told who disputed which version. */
async function tellOfDispute(
  tx: Tx,
  after: AfterCommit,
  d: { contest: EsportsContestRow; reporterId: number; version: number; reportId: number },
  now: number,
): Promise<void> {
  const told = new Set([d.contest.host_id, ...(await adminIds(tx))])
  told.delete(d.reporterId)
  const who = await usernameOf(tx, d.reporterId)
  await notifyEach(
    tx,
    after,
    told,
    {
      kind: 'esports_dispute',
      body: `${who} disputed the results of ${d.contest.name} (version ${d.version})`,
      data: {
        esports_contest_id: d.contest.id,
        report_id: d.reportId,
        version: Number(d.version),
      },
    },
    now,
  )
}

const alreadyDisputed = () =>
  new AppError('CONFLICT', 'You already disputed these results; an admin will look at it soon')
