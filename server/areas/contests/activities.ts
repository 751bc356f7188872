import { hasRow } from '../../db/query'
import type { ContestActivityKind } from '../../db/schema'
import type { AfterCommit, Executor } from '../../db/tx'
import { type ActivityJson, type ContestType, contestStreamOf } from './messages'

/**
 * What happened to a contest (docs/contest-creation.md "Activities"): created, joined, edited,
 * a member removed, locked, cancelled, deleted, prizes. Written in the transaction that made
 * the change and published on the contest's stream once it commits, so the activities page
 * and the ContestChannel never show a change that was rolled back.
 */
export { type ContestType, contestStreamOf } from './messages'

export interface NewActivity {
  type: ContestType
  contestId: number
  kind: ContestActivityKind
  /** Whom it is about (the player who joined, the member removed, a winner); null for the contest itself. */
  userId: number | null
  body: string
  data?: Record<string, unknown>
}

export function activityJson(row: {
  id: number
  kind: ContestActivityKind
  body: string
  created_at_ms: number | string
  user_slug: string | null
  username: string | null
}): ActivityJson {
  return {
    id: Number(row.id),
    kind: row.kind,
    body: row.body,
    user: row.user_slug === null ? null : { slug: row.user_slug, username: row.username as string },
    created_at_in_millis: Number(row.created_at_ms),
  }
}

export async function recordActivity(
  tx: Executor,
  after: AfterCommit,
  a: NewActivity,
  nowMs: number,
): Promise<ActivityJson> {
  const row = await tx
    .insertInto('contest_activities')
    .values({
      contest_type: a.type,
      contest_id: a.contestId,
      kind: a.kind,
      user_id: a.userId,
      body: a.body,
      data: JSON.stringify(a.data ?? {}),
      created_at_ms: nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const user =
    a.userId === null
      ? undefined
      : await tx
          .selectFrom('users')
          .select(['slug', 'username'])
          .where('id', '=', a.userId)
          .executeTakeFirst()
  const json = activityJson({
    id: row.id,
    kind: a.kind,
    body: a.body,
    created_at_ms: nowMs,
    user_slug: user?.slug ?? null,
    username: user?.username ?? null,
  })
  after.publish(contestStreamOf(a.type, a.contestId), { type: 'activity', activity: json })
  return json
}

/** The username shown in an activity's body ("kohli_fan joined"). */
export async function usernameOf(db: Executor, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst()
  return row?.username ?? 'A player'
}

/** "kohli_fan joined": a member's join as the contest's activity (not the creator's own). */
export async function recordJoined(
  tx: Executor,
  after: AfterCommit,
  j: { type: ContestType; contestId: number; userId: number; memberId: number },
  nowMs: number,
): Promise<void> {
  const body = `${await usernameOf(tx, j.userId)} joined`
  await recordActivity(
    tx,
    after,
    {
      type: j.type,
      contestId: j.contestId,
      kind: 'joined',
      userId: j.userId,
      body,
      data: { member_id: j.memberId },
    },
    nowMs,
  )
}

/** A page of a contest's activities, newest first. */
export async function activitiesPage(
  db: Executor,
  type: ContestType,
  contestId: number,
  page: { offset: number; per_page: number },
) {
  const rows = await db
    .selectFrom('contest_activities as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.kind', 'a.body', 'a.created_at_ms', 'u.slug as user_slug', 'u.username'])
    .where('a.contest_type', '=', type)
    .where('a.contest_id', '=', contestId)
    .orderBy('a.id', 'desc')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  const total = await db
    .selectFrom('contest_activities')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('contest_type', '=', type)
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow()
  return { activities: rows.map(activityJson), total: Number(total.n) }
}

/** Players removed from a contest by its owner may not join it again (their entry was refunded). */
export async function wasRemoved(db: Executor, type: ContestType, contestId: number, userId: number) {
  return hasRow(db, 'contest_activities', {
    contest_type: type,
    contest_id: contestId,
    kind: 'member_removed',
    user_id: userId,
  })
}

/** At settlement: "kohli_fan won ₹450", biggest first, for the first ten winners. */
export async function prizeActivities(
  tx: Executor,
  after: AfterCommit,
  contestId: number,
  byUser: Map<number, number>,
  nowMs: number,
  type: ContestType = 'contest',
) {
  const wins = [...byUser].filter(([, a]) => a > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0])
  for (const [userId, amount] of wins.slice(0, 10))
    await recordActivity(
      tx,
      after,
      {
        type,
        contestId,
        kind: 'prizes',
        userId,
        body: `${await usernameOf(tx, userId)} won ₹${amount / 100}`,
        data: { amount_paise: amount },
      },
      nowMs,
    )
}
