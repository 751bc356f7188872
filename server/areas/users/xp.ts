import type { AfterCommit, Executor } from '../../db/tx'
import { levelForXp, levelName, XP_DAY_MS, XP_RULES, type XpReason } from '../../domain/levels'
import { type NewNotification, notify } from '../notifications'

export interface XpAward {
  userId: number
  reason: XpReason
  /** What earned it (`contest:12`, `day:20411`): an award is given once per user, reason and source. */
  source: string
}

const CHUNK = 500

/**
 * Gives XP awards not given before, in the caller's transaction: the unique index on
 * (user, reason, source) makes a re-run (a settlement restarted half-way) award nothing twice.
 * Users' totals move with one `xp_points + n` per reason; whoever crossed a level boundary
 * is notified.
 */
export async function awardXp(
  tx: Executor,
  after: AfterCommit,
  awards: XpAward[],
  nowMs: number,
  postgres: boolean,
): Promise<void> {
  for (let i = 0; i < awards.length; i += CHUNK) {
    const part = awards.slice(i, i + CHUNK)
    const given = await tx
      .insertInto('xp_awards')
      .values(
        part.map((a) => ({
          user_id: a.userId,
          reason: a.reason,
          source: a.source,
          points: XP_RULES[a.reason],
          created_at_ms: nowMs,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'reason', 'source']).doNothing())
      .returning(['user_id', 'points'])
      .execute()
    const gained = new Map<number, number>()
    for (const g of given)
      gained.set(Number(g.user_id), (gained.get(Number(g.user_id)) ?? 0) + Number(g.points))
    // Lock the users' rows in id order first, as follows do: a bulk update locks in scan order,
    // which could cross a follow's two locks and deadlock on PostgreSQL.
    if (postgres && gained.size > 0)
      await tx
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [...gained.keys()])
        .orderBy('id')
        .forUpdate()
        .execute()
    const byPoints = new Map<number, number[]>()
    for (const [userId, points] of gained) byPoints.set(points, [...(byPoints.get(points) ?? []), userId])
    for (const [points, userIds] of byPoints)
      await tx
        .updateTable('users')
        .set((eb) => ({ xp_points: eb('xp_points', '+', points) }))
        .where('id', 'in', userIds)
        .execute()
    if (gained.size === 0) continue
    const rows = await tx
      .selectFrom('users')
      .select(['id', 'xp_points'])
      .where('id', 'in', [...gained.keys()])
      .orderBy('id')
      .execute()
    for (const row of rows) {
      const now = levelForXp(row.xp_points)
      if (now > levelForXp(row.xp_points - (gained.get(row.id) ?? 0)))
        await notify(tx, after, row.id, levelUp(now), nowMs)
    }
  }
}

/** What a user who reached `level` is told. */
export const levelUp = (level: number): NewNotification => ({
  kind: 'level_up',
  body: `You reached level ${level}: ${levelName(level)}!`,
  data: { level, level_name: levelName(level) },
})

/** The awards for joining contest `contestId` now: the join, and the streak when due. */
export async function joinAwards(
  tx: Executor,
  userId: number,
  contestId: number,
  nowMs: number,
): Promise<XpAward[]> {
  const today = Math.floor(nowMs / XP_DAY_MS)
  const awards: XpAward[] = [{ userId, reason: 'join', source: `contest:${contestId}` }]
  const earlier = await tx
    .selectFrom('xp_awards')
    .select('created_at_ms')
    .where('user_id', '=', userId)
    .where('reason', '=', 'join')
    .where('created_at_ms', '>=', (today - 2) * XP_DAY_MS)
    .where('created_at_ms', '<', today * XP_DAY_MS)
    .execute()
  const days = new Set(earlier.map((r) => Math.floor(Number(r.created_at_ms) / XP_DAY_MS)))
  if (days.has(today - 1) && days.has(today - 2))
    awards.push({ userId, reason: 'streak', source: `day:${today}` })
  return awards
}
