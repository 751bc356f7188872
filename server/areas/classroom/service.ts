import type { Deps } from '../../core/deps'
import { isUniqueViolation } from '../../db/errors'
import { type Tx, withTxScope } from '../../db/tx'
import type { QuietHours } from '../../domain/auction/quiet-hours'
import { CLASS_LOT_SECONDS, CLASS_PURSE, classSeats, classSquad } from '../../domain/classroom'
import { AppError, invalid } from '../../http/errors'
import { botStream, botTeam } from '../../sim/fantasy-bots'
import { addBots, createAuction, seatManagers } from '../auctions'
import { hashPassword } from '../auth'
import { botCandidates } from '../bots'
import { createContest } from '../contest-creation'
import { createGroup } from '../groups'
import { matchSquad } from '../matches'
import { createTeam, teamsOf } from '../teams'
import { insertUser } from '../users'
import { classAuctionPool } from './pool'
import { checkRoster, type RosterRow, type Student, studentsOf } from './students'

/**
 * `fanspole class create` (docs/classroom.md): in ONE transaction the class row, its student
 * accounts, a group of them all (the instructor its admin), an auction on the class pool with
 * every student an approved manager and bots in the seats left, and a free private contest on
 * the next upcoming match. The services of groups, auctions and contests run inside it as
 * savepoints (`withTxScope`), so a refusal anywhere — a taken name in the roster, a pool too
 * small — leaves nothing behind.
 */
export interface ClassInput {
  name?: string | undefined
  students: number
  roster?: RosterRow[] | undefined
  seats?: number | undefined
  lot_seconds?: number | undefined
  quiet_hours?: QuietHours | null | undefined
  stand_in?: boolean | undefined
}

export async function createClassroom(deps: Deps, admin: { id: number }, input: ClassInput) {
  const roster = input.roster ?? []
  const { seats, pool, squad } = await classPlan(deps, input, roster)
  const now = deps.clock.now()
  const match = await nextMatch(deps, now)

  // Hashing (~60 ms each) before the transaction: it must not hold the write lock.
  const passwords = studentsOf(0, input.students, roster).map((s) => s.password)
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)))
  try {
    return await withTxScope(deps, async (scope) => {
      const tx = scope.tx
      const inner: Deps = { ...deps, db: tx, txScope: scope }
      await checkRoster(tx, roster)
      const row = await tx
        .insertInto('classrooms')
        .values({
          name: input.name ?? '',
          created_by_id: admin.id,
          students_count: input.students,
          created_at_ms: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const name = input.name ?? `Class ${row.id}`
      const students = studentsOf(row.id, input.students, roster).map((s, i) => ({
        ...s,
        password: passwords[i] as string,
      }))
      const users = await insertStudents(tx, students, hashes, now)

      const group = await classGroup(inner, admin.id, name, input.students, users)
      const cls = { name, groupId: group.id, users, seats, ...classPace(input) }
      const { auction, bots } = await classAuction(inner, admin.id, cls, input.students, { pool, squad })

      const made = match
        ? await classContest(inner, tx, admin.id, row.id, name, match.id, input.students)
        : { skipped: 'No upcoming cricket match to make it for' }
      const contest = 'contest' in made ? made.contest : null
      await tx
        .updateTable('classrooms')
        .set({ name, group_id: group.id, auction_id: auction.id, contest_id: contest?.id ?? null })
        .where('id', '=', row.id)
        .execute()
      return {
        classroom: { id: row.id, name },
        students: students.map((s, i) => ({ ...s, id: (users[i] as { id: number }).id })),
        group: { uuid: group.uuid, name, invite_code: group.invite_code },
        auction: auctionJson(auction, bots.length, input.students, { seats, pool, squad }),
        contest: contest && match ? { ...contest, match_id: match.id, match_name: match.name } : null,
        contest_skipped: 'skipped' in made ? (made.skipped ?? null) : null,
      }
    })
  } catch (error) {
    // Someone registered one of these names between the check and the insert: still nothing written.
    if (isUniqueViolation(error))
      throw new AppError(
        'CONFLICT',
        'A student’s username or e-mail was taken meanwhile; nothing was created',
      )
    throw error
  }
}

/** The seats, the auction pool and the squad sizes a class gets, refused (422, 409) before anything is written. */
async function classPlan(deps: Deps, input: ClassInput, roster: RosterRow[]) {
  if (roster.length > input.students)
    throw invalid({ roster: [`has ${roster.length} rows; students is ${input.students}`] })
  const seats = classSeats(input.students, input.seats)
  if (seats < input.students) throw invalid({ seats: [`must be at least students (${input.students})`] })
  const pool = await classAuctionPool(deps.db)
  if (!pool)
    throw new AppError('CONFLICT', 'No cricket series has players for an auction (seed the league first)')
  const squad = classSquad(pool.players, seats)
  if (!squad)
    throw invalid({
      seats: [
        `must be at most ${pool.players.length}: the pool (${pool.series_name}) has ${pool.players.length} players`,
      ],
    })
  return { seats, pool, squad }
}

type ClassPlan = Awaited<ReturnType<typeof classPlan>>

/** The class's auction in the answer: its seats, students and bots, the squad sizes and the pool. */
function auctionJson(
  auction: { id: number; name: string; code: string },
  bots: number,
  students: number,
  { seats, pool, squad }: ClassPlan,
) {
  return {
    id: auction.id,
    name: auction.name,
    code: auction.code,
    seats,
    students,
    bots,
    ...squad,
    pool: {
      kind: pool.pool,
      series_id: pool.series_id,
      series_name: pool.series_name,
      players: pool.players.length,
    },
  }
}

/** The class's group: every student a member, the instructor its admin. */
async function classGroup(
  inner: Deps,
  adminId: number,
  name: string,
  students: number,
  users: Array<{ slug: string }>,
) {
  const uuid = await createGroup(inner, adminId, {
    name,
    description: `${students} students`,
    member_slugs: users.map((u) => u.slug),
  })
  const group = await inner.db
    .selectFrom('groups')
    .select(['id', 'invite_code'])
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow()
  return { uuid, ...group }
}

/** How fast the class auction runs: its lots' seconds and, over days, its quiet hours and stand-ins. */
function classPace(input: ClassInput) {
  return {
    lotSeconds: input.lot_seconds ?? CLASS_LOT_SECONDS,
    quietHours: input.quiet_hours ?? null,
    standIn: input.stand_in === true,
  }
}

/** The class's private auction on the pool: every student an approved manager, bots in the seats left. */
async function classAuction(
  inner: Deps,
  adminId: number,
  cls: {
    name: string
    groupId: number
    users: Array<{ id: number; username: string }>
    seats: number
    lotSeconds: number
    quietHours: QuietHours | null
    standIn: boolean
  },
  students: number,
  { pool, squad }: Pick<ClassPlan, 'pool' | 'squad'>,
) {
  const auction = await createAuction(inner, adminId, {
    name: `${cls.name} auction`.slice(0, 60),
    sport_slug: 'cricket',
    series_id: pool.series_id,
    pool: pool.pool,
    purse: CLASS_PURSE,
    squad_min: squad.squad_min,
    squad_max: squad.squad_max,
    max_stars: null,
    balanced: squad.balanced,
    lot_seconds: cls.lotSeconds,
    bidding_interval: 'standard',
    charges: 0,
    starts_at_ms: null,
    private: true,
    group_id: cls.groupId,
    quiet_hours: cls.quietHours,
    stand_in: cls.standIn,
  })
  await seatManagers(
    inner,
    adminId,
    auction.id,
    cls.users.map((u) => ({ userId: u.id, franchiseName: `${u.username} XI` })),
  )
  const bots =
    cls.seats > students ? await addBots(inner, adminId, auction.id, cls.seats - students, 'mixed') : []
  return { auction, bots }
}

async function insertStudents(tx: Tx, students: Student[], hashes: string[], now: number) {
  const users = []
  for (const [i, s] of students.entries())
    users.push(
      await insertUser(tx, {
        email: s.email,
        username: s.username,
        passwordHash: hashes[i] as string,
        fullName: s.full_name,
        emailVerified: true,
        nowMs: now,
      }),
    )
  return users
}

/** The next cricket match a contest can still be made for (none: the class has no contest). */
function nextMatch(deps: Deps, now: number) {
  return deps.db
    .selectFrom('matches as m')
    .innerJoin('sports as sp', 'sp.id', 'm.sport_id')
    .select(['m.id', 'm.title as name'])
    .where('sp.slug', '=', 'cricket')
    .where('m.status', '=', 'upcoming')
    .where('m.event_time_ms', '>', now)
    .orderBy('m.event_time_ms')
    .orderBy('m.id')
    .executeTakeFirst()
}

/**
 * A free private contest with a seat for every student and the instructor. Creating one takes
 * a team of the creator's (contest creation's rule), so the instructor's is picked as a
 * favourite-picking bot would pick it: the class has a score to beat.
 */
async function classContest(
  inner: Deps,
  tx: Tx,
  adminId: number,
  classId: number,
  name: string,
  matchId: number,
  students: number,
) {
  // Every class on this match shares the instructor's one team (at most 4 teams a match).
  const teamId =
    (await teamsOf(tx, adminId, matchId))[0]?.id ??
    (await instructorTeam(inner, tx, adminId, classId, matchId))
  if (teamId === null) return { skipped: 'No valid team can be picked from this match’s squad' }
  let created: Awaited<ReturnType<typeof createContest>>
  try {
    created = await createContest(inner, adminId, {
      game: 'single-match',
      match_id: matchId,
      name: `${name} contest`.slice(0, 60),
      entry_fee: 0,
      members_limit: students + 1,
      is_private: true,
      team_id: teamId,
    })
  } catch (error) {
    // The instructor owns the most open contests anyone may (contest access): the class is
    // still worth making, without a contest, and the answer says why. (The savepoint undid
    // the contest; nothing else is lost.)
    if (error instanceof AppError && error.code === 'FORBIDDEN') return { skipped: error.message }
    throw error
  }
  const row = await tx
    .selectFrom('contests')
    .select(['id', 'name', 'invite_code'])
    .where('id', '=', created.id)
    .executeTakeFirstOrThrow()
  return { contest: { id: row.id, name: row.name, invite_code: row.invite_code } }
}

async function instructorTeam(inner: Deps, tx: Tx, adminId: number, classId: number, matchId: number) {
  const squad = await matchSquad(tx, matchId)
  const pool = botCandidates(squad)
  const pick = botTeam('favourite', 'cricket', pool, botStream(inner.rng.seed, `class${classId}`, 1))
  if (!pick) return null
  const team = await createTeam(inner, adminId, matchId, {
    player_ids: pick.player_ids,
    captain: pick.captain_id,
    vice_captain: pick.vice_captain_id,
  })
  return team.id
}
