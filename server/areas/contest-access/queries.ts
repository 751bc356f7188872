import type { Executor } from '../../db/tx'

export async function isMobileApproved(db: Executor, userId: number): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('mobile_approved')
    .where('id', '=', userId)
    .executeTakeFirst()
  return user?.mobile_approved === 1
}

export async function userExists(db: Executor, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
}

export function findGrant(db: Executor, userId: number) {
  return db.selectFrom('contest_access_grants').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

export async function upsertGrant(
  db: Executor,
  g: { user_id: number; granted_by_id: number; note: string | null; created_at_ms: number },
) {
  await db
    .insertInto('contest_access_grants')
    .values(g)
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ granted_by_id: g.granted_by_id, note: g.note, created_at_ms: g.created_at_ms }),
    )
    .execute()
}

export async function deleteGrant(db: Executor, userId: number) {
  await db.deleteFrom('contest_access_grants').where('user_id', '=', userId).execute()
}

/**
 * The two kinds of paid contest a player enters, as their member and contest tables. The
 * championship tables carry every column read here under the same name and type, so both are
 * typed as the daily ones (Kysely cannot join over a union of table names).
 */
type PaidKind = { members: 'contest_members'; contests: 'contests' }
const PAID_KINDS: readonly PaidKind[] = [
  { members: 'contest_members', contests: 'contests' },
  { members: 'championship_contest_members', contests: 'championship_contests' } as unknown as PaidKind,
]

export async function hasCompletedPaidContest(db: Executor, userId: number): Promise<boolean> {
  const found = await Promise.all(
    PAID_KINDS.map(({ members, contests }) =>
      db
        .selectFrom(`${members} as m`)
        .innerJoin(`${contests} as c`, 'c.id', 'm.contest_id')
        .select('m.id')
        .where('m.user_id', '=', userId)
        .where('m.refunded', '=', 0)
        .where('m.entry_fee_paise', '>', 0)
        .where('c.status', '=', 'completed')
        .limit(1)
        .executeTakeFirst(),
    ),
  )
  return found.some((row) => row !== undefined)
}

/** Daily and championship contests the player made that have not locked, been cancelled or deleted. */
export async function openOwnedContests(db: Executor, userId: number): Promise<number> {
  const counts = await Promise.all(
    PAID_KINDS.map(({ contests }) =>
      db
        .selectFrom(contests)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('created_by_id', '=', userId)
        .where('status', '=', 'open')
        .where('deleted_at_ms', 'is', null)
        .executeTakeFirstOrThrow(),
    ),
  )
  return counts.reduce((sum, row) => sum + Number(row.n), 0)
}
