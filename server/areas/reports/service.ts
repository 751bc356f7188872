import type { Deps } from '../../core/deps'
import { isUniqueViolation } from '../../db/errors'
import { forUpdate, lockRows } from '../../db/lock'
import { hasRow } from '../../db/query'
import type { ReportStatus, ReportSubjectType } from '../../db/schema'
import { type Executor, withTx } from '../../db/tx'
import { AppError, invalid, notFound } from '../../http/errors'
import { visibleContest } from '../contests'
import { notify } from '../notifications'
import {
  checkSocialSubject,
  hideSubject,
  SOCIAL_REPORT_REASONS,
  type SocialSubject,
  subjectLabel,
  subjectPath,
} from './subjects'

/**
 * Reports of contests (docs/contest-creation.md, "Reports"): a player reports a contest they
 * can see, with a reason from a fixed list and a text; admins work the queue and resolve each
 * with a note the reporter is told. One open report per player per contest: the reporter's
 * user row is locked across the check and the insert, and a partial unique index backs it.
 */

export const REPORT_REASONS = [
  { key: 'spam', label: 'Spam or advertising' },
  { key: 'offensive_name', label: 'Offensive name or description' },
  { key: 'cheating', label: 'Cheating or collusion' },
  { key: 'wrong_prizes', label: 'Prizes not as promised' },
  { key: 'other', label: 'Something else' },
] as const

export type ReportReason = (typeof REPORT_REASONS)[number]['key']
export const REPORT_REASON_KEYS = REPORT_REASONS.map((r) => r.key) as [ReportReason, ...ReportReason[]]

export interface NewReport {
  contest_id: number
  contest_type: ReportSubjectType
  reason: string
  text: string
}

export async function createReport(
  deps: Deps,
  reporter: { id: number; role: string },
  input: NewReport,
): Promise<number> {
  try {
    return await withTx(deps, async (tx) => {
      await lockRows(tx, 'users', reporter.id)
      if (
        input.contest_type === 'contest' ||
        input.contest_type === 'championship_contest' ||
        input.contest_type === 'esports_contest'
      )
        await visibleContest(tx, input.contest_type, input.contest_id, reporter)
      else {
        if (input.contest_type === 'user' && input.contest_id === reporter.id)
          throw invalid({ base: ['You can’t report yourself'] })
        await checkSocialSubject(tx, input.contest_type as SocialSubject, input.contest_id, reporter)
      }
      const open = await hasRow(tx, 'reports', {
        reporter_id: reporter.id,
        contest_type: input.contest_type,
        contest_id: input.contest_id,
        status: 'open',
      })
      if (open) throw alreadyReported()
      const row = await tx
        .insertInto('reports')
        .values({
          reporter_id: reporter.id,
          contest_type: input.contest_type,
          contest_id: input.contest_id,
          reason: input.reason,
          text: input.text,
          created_at_ms: deps.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return Number(row.id)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyReported()
    throw error
  }
}

const alreadyReported = () =>
  new AppError('CONFLICT', 'You already reported this; an admin will look at it soon')

export async function resolveReport(
  deps: Deps,
  adminId: number,
  id: number,
  resolution: string,
  hide = false,
): Promise<void> {
  await withTx(deps, async (tx, after) => {
    const report = await tx
      .selectFrom('reports')
      .select(['id', 'status', 'reporter_id', 'contest_type', 'contest_id'])
      .where('id', '=', id)
      .$call(forUpdate(tx))
      .executeTakeFirst()
    if (!report) throw notFound('Report')
    if (report.status !== 'open') throw new AppError('CONFLICT', 'This report is already resolved')
    if (hide && report.contest_type !== 'post' && report.contest_type !== 'comment')
      throw invalid({ hide: ['only a post or a comment can be hidden'] })
    const now = deps.clock.now()
    const name = await subjectLabel(tx, report.contest_type, report.contest_id)
    const hid = hide ? await hideSubject(tx, after, report.contest_type, report.contest_id) : false
    await tx
      .updateTable('reports')
      .set({
        status: 'resolved',
        resolution,
        resolved_by_id: adminId,
        resolved_at_ms: now,
        hid_subject: hid ? 1 : 0,
      })
      .where('id', '=', id)
      .execute()
    await notify(
      tx,
      after,
      report.reporter_id,
      {
        kind: 'report_resolved',
        body: `Your report on ${name ?? `a ${subjectNoun(report.contest_type)}`} was resolved: ${resolution}`,
        // A subject hidden by the resolution has no page left to open.
        data: {
          report_id: report.id,
          path: hid
            ? undefined
            : ((await subjectPath(tx, report.contest_type, report.contest_id)) ?? undefined),
        },
      },
      now,
    )
  })
}

const subjectNoun = (type: ReportSubjectType) =>
  type === 'championship_contest' || type === 'esports_contest' ? 'contest' : type

export type ReportFilter = ReportStatus | 'all'

/** Reports with their people and contest names; the open queue oldest first, otherwise newest first. */
export function reportsQuery(db: Executor, status: ReportFilter) {
  let q = db
    .selectFrom('reports as r')
    .innerJoin('users as u', 'u.id', 'r.reporter_id')
    .leftJoin('users as a', 'a.id', 'r.resolved_by_id')
    .leftJoin('contests as c', (j) =>
      j.onRef('c.id', '=', 'r.contest_id').on('r.contest_type', '=', 'contest'),
    )
    .leftJoin('championship_contests as cc', (j) =>
      j.onRef('cc.id', '=', 'r.contest_id').on('r.contest_type', '=', 'championship_contest'),
    )
    .leftJoin('esports_contests as ec', (j) =>
      j.onRef('ec.id', '=', 'r.contest_id').on('r.contest_type', '=', 'esports_contest'),
    )
    .leftJoin('users as su', (j) => j.onRef('su.id', '=', 'r.contest_id').on('r.contest_type', '=', 'user'))
    .leftJoin('posts as sp', (j) => j.onRef('sp.id', '=', 'r.contest_id').on('r.contest_type', '=', 'post'))
    .leftJoin('comments as sk', (j) =>
      j.onRef('sk.id', '=', 'r.contest_id').on('r.contest_type', '=', 'comment'),
    )
  if (status !== 'all') q = q.where('r.status', '=', status)
  return q
}

export async function reportRows(
  db: Executor,
  where: { status: ReportFilter; id?: number; limit?: number; offset?: number },
) {
  let q = reportsQuery(db, where.status)
    .selectAll('r')
    .select([
      'u.slug as reporter_slug',
      'u.username as reporter_username',
      'a.slug as resolver_slug',
      'a.username as resolver_username',
      'c.name as contest_name',
      'cc.name as championship_contest_name',
      'ec.name as esports_contest_name',
      'su.username as user_label',
      'sp.content as post_label',
      'sk.content as comment_label',
    ])
  if (where.id !== undefined) q = q.where('r.id', '=', where.id)
  q = q.orderBy('r.id', where.status === 'open' ? 'asc' : 'desc')
  if (where.limit !== undefined) q = q.limit(where.limit).offset(where.offset ?? 0)
  return q.execute()
}

export type ReportRow = Awaited<ReturnType<typeof reportRows>>[number]

export function reportJson(r: ReportRow) {
  return {
    id: Number(r.id),
    contest_type: r.contest_type,
    contest_id: r.contest_id,
    contest_name: r.contest_name ?? r.championship_contest_name ?? r.esports_contest_name ?? null,
    reason: r.reason,
    subject_type: r.contest_type,
    subject_id: r.contest_id,
    subject_label: clip(
      r.contest_name ??
        r.championship_contest_name ??
        r.esports_contest_name ??
        r.user_label ??
        r.post_label ??
        r.comment_label,
    ),
    hid_subject: r.hid_subject === 1,
    reason_label: reasonLabel(r.contest_type, r.reason),
    text: r.text,
    status: r.status,
    resolution: r.resolution,
    reporter: { id: r.reporter_id, slug: r.reporter_slug, username: r.reporter_username },
    resolved_by:
      r.resolved_by_id !== null && r.resolver_slug !== null && r.resolver_username !== null
        ? { id: r.resolved_by_id, slug: r.resolver_slug, username: r.resolver_username }
        : null,
    created_at_in_millis: Number(r.created_at_ms),
    resolved_at_in_millis: r.resolved_at_ms === null ? null : Number(r.resolved_at_ms),
  }
}

const clip = (text: string | null) => (text !== null && text.length > 60 ? `${text.slice(0, 59)}…` : text)

/** The one reason of an esports results dispute (docs/esports.md). */
export const ESPORTS_DISPUTE_REASONS = [{ key: 'wrong_results', label: 'Results disputed' }] as const

function reasonLabel(type: ReportSubjectType, reason: string): string {
  if (type === 'esports_contest')
    return ESPORTS_DISPUTE_REASONS.find((x) => x.key === reason)?.label ?? reason
  const list: ReadonlyArray<{ key: string; label: string }> =
    type === 'contest' || type === 'championship_contest' ? REPORT_REASONS : SOCIAL_REPORT_REASONS
  return list.find((x) => x.key === reason)?.label ?? reason
}

export async function oneReport(db: Executor, id: number) {
  const [row] = await reportRows(db, { status: 'all', id })
  if (!row) throw notFound('Report')
  return reportJson(row)
}
