import type { Executor } from '../../db/tx'

/**
 * The gradebook's reads (docs/classroom.md, "Gradebook"): each asks about the whole class at
 * once (`user_id in …`), so a class report costs the same few queries for 3 students or 40.
 */

export function classroomById(db: Executor, id: number) {
  return db.selectFrom('classrooms').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The class's students: its group's current members but the instructor, in id order. */
export function classStudents(db: Executor, groupId: number | null, instructorId: number) {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['u.id', 'u.username', 'u.full_name'])
    .where('gm.group_id', '=', groupId ?? 0)
    .where('gm.removed_at_ms', 'is', null)
    .where('gm.user_id', '!=', instructorId)
    .orderBy('u.id')
    .execute()
}

/** Sign-ins: one a token family (a password sign-in starts one; refreshing it keeps it; acting `--as` makes none). */
export function signInCounts(db: Executor, userIds: number[]) {
  return db
    .selectFrom('oauth_refresh_tokens')
    .select((eb) => ['user_id', eb.fn.count<number>('family_id').distinct().as('n')])
    .where('user_id', 'in', orNone(userIds))
    .groupBy('user_id')
    .execute()
}

/** Every daily-contest entry of the students, with its contest's state. */
export function contestEntries(db: Executor, userIds: number[]) {
  return db
    .selectFrom('contest_members as cm')
    .innerJoin('contests as c', 'c.id', 'cm.contest_id')
    .select([
      'cm.user_id',
      'cm.contest_id',
      'cm.rank',
      'cm.points_x2',
      'cm.joined_at_ms',
      'c.status',
      'c.starts_at_ms',
    ])
    .where('cm.user_id', 'in', orNone(userIds))
    .orderBy('c.starts_at_ms')
    .orderBy('cm.contest_id')
    .orderBy('cm.id')
    .execute()
}

/** Each contest's field: how many entries and the best points (×2), over every member, not only the class. */
export function contestFields(db: Executor, contestIds: number[]) {
  return db
    .selectFrom('contest_members')
    .select((eb) => ['contest_id', eb.fn.countAll<number>().as('size'), eb.fn.max('points_x2').as('best_x2')])
    .where('contest_id', 'in', orNone(contestIds))
    .groupBy('contest_id')
    .execute()
}

/** The students' seats in the class auction (approved ones play). */
export function auctionSeats(db: Executor, auctionId: number, userIds: number[]) {
  return db
    .selectFrom('auction_managers')
    .select(['id', 'user_id'])
    .where('auction_id', '=', auctionId)
    .where('status', '=', 'approved')
    .where('user_id', 'in', orNone(userIds))
    .execute()
}

/** The auction's bids, releases and sealed-round buys (their payloads name the manager). */
export function auctionActs(db: Executor, auctionId: number) {
  return db
    .selectFrom('auction_events')
    .select(['type', 'payload'])
    .where('auction_id', '=', auctionId)
    .where('type', 'in', ['bid', 'released', 'sealed_assigned'])
    .orderBy('seq')
    .execute()
}

/** Posts written (not hidden), anywhere. */
export function postCounts(db: Executor, userIds: number[]) {
  return db
    .selectFrom('posts')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', orNone(userIds))
    .where('hidden', '=', 0)
    .groupBy('user_id')
    .execute()
}

/** `in ()` is no SQL: an empty list asks for an id nobody has. */
function orNone(ids: number[]) {
  return ids.length > 0 ? ids : [0]
}
