import type { Tx } from '../../server/db/tx'
import { inviteCode } from '../../server/domain/contest-templates'

/**
 * Two gangs in the demo league (docs/gangs.md): a public daily gang of the cricket series under
 * way, managed by the demo player with a few demo users in it, and a private championship gang
 * of that series' current phase, managed by a demo user, with the demo player in it and one
 * request waiting. Codes come from the seed, so the same seed gives the same rows.
 */
export async function writeGangs(
  tx: Tx,
  seed: number,
  nowMs: number,
  demoPlayerId: number | undefined,
  rivals: Array<{ userId: number }>,
): Promise<number> {
  const next = await tx
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .select(['m.series_id', 'm.phase_id'])
    .where('s.slug', '=', 'cricket')
    .where('m.status', '=', 'upcoming')
    .where('m.phase_id', 'is not', null)
    .orderBy('m.event_time_ms')
    .orderBy('m.id')
    .executeTakeFirst()
  if (!next || demoPlayerId === undefined) return 0
  const others = rivals.map((r) => r.userId)
  const plans: GangPlan[] = [
    {
      phase_id: null,
      name: 'Hostel 4 Legends',
      league_motto: 'Sleep is for the bench',
      is_public: 1,
      manager: demoPlayerId,
      members: others.slice(0, 6),
      pending: [] as number[],
    },
    {
      phase_id: next.phase_id,
      name: 'Office Super Over',
      league_motto: 'Meetings can wait',
      is_public: 0,
      manager: others[0] ?? demoPlayerId,
      members: [...(others.length > 0 ? [demoPlayerId] : []), ...others.slice(6, 10)],
      pending: others.slice(10, 11),
    },
  ]
  for (const [i, plan] of plans.entries())
    await insertGang(tx, plan, { seriesId: next.series_id, code: inviteCode(`${seed}:gang:${i}`), nowMs })
  return plans.length
}

interface GangPlan {
  phase_id: number | null
  name: string
  league_motto: string
  is_public: number
  manager: number
  members: number[]
  pending: number[]
}

/** One gang: the row, its manager and members in, and any requests waiting. */
async function insertGang(
  tx: Tx,
  plan: GangPlan,
  o: { seriesId: number; code: string; nowMs: number },
): Promise<void> {
  const members = [plan.manager, ...plan.members.filter((id) => id !== plan.manager)]
  const gang = await tx
    .insertInto('gangs')
    .values({
      series_id: o.seriesId,
      phase_id: plan.phase_id,
      name: plan.name,
      league_motto: plan.league_motto,
      is_public: plan.is_public,
      league_code: o.code,
      created_by_id: plan.manager,
      members_count: members.length,
      created_at_ms: o.nowMs,
      updated_at_ms: o.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await tx
    .insertInto('gang_members')
    .values([
      ...members.map((user_id) => ({
        gang_id: gang.id,
        user_id,
        status: 'member' as const,
        requested_at_ms: o.nowMs,
        joined_at_ms: o.nowMs,
      })),
      ...plan.pending.map((user_id) => ({
        gang_id: gang.id,
        user_id,
        status: 'pending' as const,
        requested_at_ms: o.nowMs,
        joined_at_ms: null,
      })),
    ])
    .execute()
}
