import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import type { Executor } from '../../db/tx'
import { type AfterCommit, type Tx, withTx } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { AppError, notFound } from '../../http/errors'
import { userBalances } from '../ledger'
import { peekLive } from '../scoring'
import { findTeam, teamsOf } from '../teams'
import { awardXp, joinAwards } from '../users'
import { earnScratchCard, joinCardKey } from '../wallet'
import { recordJoined, wasRemoved } from './activities'
import { chargeEntry, contestLabel } from './ledger'
import { publishMembersCount, publishMyContests } from './members-live'
import { contestStream } from './messages'
import {
  type ContestRow,
  contestBase,
  findContest,
  likedBy,
  type MyEntryRow,
  myEntries,
  takeSeat,
} from './queries'
import { type ContestJson, contestJson } from './serialize'
import { contestTopicId, topicStream } from './topic-stream'
import { visibleContest } from './visibility'

export function isLocked(c: { match_status: string; event_time_ms: number }, nowMs: number): boolean {
  return c.match_status !== 'upcoming' || Number(c.event_time_ms) <= nowMs
}

export async function requireContest(db: Executor, id: number): Promise<ContestRow> {
  const contest = await findContest(db, id)
  if (!contest) throw notFound('Contest')
  return contest
}

/** The contest, or 404 when it is private and the viewer is not its member, owner, admin or code holder. */
export async function visibleContestById(
  deps: Deps,
  id: number,
  viewer: { id: number; role: string } | null,
  inviteCode: string | undefined,
): Promise<ContestRow> {
  return visibleContest(deps.db, 'contest', await findContest(deps.db, id), viewer, inviteCode)
}

/** Contest JSON tagged for the viewer (their entries, likes, slug and the list's filter). */
export async function contestsJson(
  deps: Deps,
  rows: ContestRow[],
  viewer: { id: number; slug: string } | null,
  filter: string | null = null,
): Promise<ContestJson[]> {
  const ids = rows.map((r) => r.id)
  const [entries, liked] = viewer
    ? await Promise.all([myEntries(deps.db, viewer.id, ids), likedBy(deps.db, viewer.id, ids)])
    : [new Map<number, MyEntryRow[]>(), new Set<number>()]
  // While a match is in play the stored standing is stale: take it from the live scoreboard.
  for (const r of rows) {
    const mine = entries.get(r.id)
    if (!mine?.length || r.match_status !== 'live') continue
    const live = await peekLive(deps, r.match_id)
    for (const e of mine) {
      const s = live?.board.standing(r.id, e.member_id)
      if (s) {
        e.rank = s.rank
        e.points_x2 = s.pointsX2
      }
    }
  }
  const now = deps.clock.now()
  return rows.map((r) =>
    contestJson(r, now, {
      entries: entries.get(r.id) ?? [],
      liked: liked.has(r.id),
      user_slug: viewer?.slug ?? null,
      filter,
      viewer_id: viewer?.id ?? null,
    }),
  )
}

export type Popup = 'join_league' | 'event_locked' | 'add_funds' | 'already_joined' | 'create_team'

/**
 * The pre-flight of a join (spec §7, the original's joining_confirmation): which dialog the
 * client should open, with the balance, the fee and the caller's teams marked joined or not.
 */
export async function joiningConfirmation(deps: Deps, userId: number, contestId: number) {
  const contest = await requireContest(deps.db, contestId)
  const teams = await teamsOf(deps.db, userId, contest.match_id)
  const joined = new Set(
    (await myEntries(deps.db, userId, [contestId])).get(contestId)?.map((e) => e.user_team_id) ?? [],
  )
  const b = await userBalances(deps.db, userId)
  const balance = b.unused + b.winnings
  const fee = Number(contest.entry_fee_paise)
  let popup: Popup = 'join_league'
  let error: string | null = null
  if (isLocked(contest, deps.clock.now()) || contest.status !== 'open') {
    popup = 'event_locked'
    error =
      contest.status === 'cancelled'
        ? 'This contest was cancelled'
        : 'The match has started; joining is closed'
  } else if (contest.members_count >= contest.members_limit) {
    popup = 'event_locked'
    error = 'This contest is full'
  } else if (teams.length === 0) popup = 'create_team'
  else if (joined.size >= contest.max_entries || teams.every((t) => joined.has(t.id))) {
    popup = 'already_joined'
    error =
      joined.size >= contest.max_entries
        ? `You have joined with ${joined.size} team${joined.size === 1 ? '' : 's'}, the most this contest allows`
        : 'All your teams have joined this contest; create another team to join again'
  } else if (balance < fee) popup = 'add_funds'
  return {
    popup,
    error,
    contest_id: contest.id,
    entry_fee: paiseToRupees(fee),
    to_pay: paiseToRupees(fee),
    current_balance: paiseToRupees(balance),
    unused_balance: paiseToRupees(b.unused),
    winning_balance: paiseToRupees(b.winnings),
    shortfall: paiseToRupees(Math.max(0, fee - balance)),
    max_entries: contest.max_entries,
    user_teams: teams.map((t) => ({ id: t.id, team_no: t.team_no, joined: joined.has(t.id) })),
  }
}

/**
 * Joins a contest with one of the caller's teams. The seat (never beyond members_limit), the
 * member row and the entry-fee posting happen in one transaction, so either all of them
 * happen or none. A private contest takes its invite code (or the caller is its owner or
 * already a member); without it the contest is as unknown as a missing one (404).
 */
export async function joinContest(
  deps: Deps,
  userId: number,
  contestId: number,
  teamId: number,
  inviteCode?: string,
) {
  const memberId = await withTx(deps, (tx, after) =>
    joinInTx(deps, tx, after, { userId, contestId, teamId, inviteCode }),
  )
  return { member_id: memberId, contest: await requireContest(deps.db, contestId) }
}

/** The join inside the caller's transaction (contest creation joins its creator in its own). */
// Long: the checks, the seat, the fee and the rewards of a join must stay in this order in one transaction.
export async function joinInTx(
  deps: Deps,
  tx: Tx,
  after: AfterCommit,
  j: { userId: number; contestId: number; teamId: number; inviteCode?: string; creating?: boolean },
): Promise<number> {
  const { userId, contestId, teamId } = j
  // The player (their balance is split between compartments below), then the contest:
  // seats and entries per player are counted under its lock.
  await lockRows(tx, 'users', userId)
  await lockRows(tx, 'contests', contestId)
  const contest = await findContest(tx, contestId)
  if (!contest) throw notFound('Contest')
  await visibleContest(tx, 'contest', contest, { id: userId }, j.inviteCode)
  const team = await findTeam(tx, teamId)
  if (!team || team.user_id !== userId) throw notFound('Team')
  if (team.match_id !== contest.match_id)
    throw new AppError('VALIDATION_FAILED', 'That team is for another match', {
      team_id: ['is for another match'],
    })
  const now = deps.clock.now()
  if (isLocked(contest, now)) throw new AppError('EVENT_LOCKED', 'The match has started; joining is closed')
  if (contest.status !== 'open') throw new AppError('CONTEST_CLOSED', `This contest is ${contest.status}`)
  if (await wasRemoved(tx, 'contest', contestId, userId))
    throw new AppError('CONFLICT', 'The owner removed you from this contest; you cannot join it again')
  const mine = await tx
    .selectFrom('contest_members')
    .select(['user_team_id'])
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .execute()
  if (mine.some((m) => m.user_team_id === teamId))
    throw new AppError('ALREADY_JOINED', 'This team has already joined this contest')
  if (mine.length >= contest.max_entries)
    throw new AppError(
      'ENTRY_LIMIT',
      `This contest allows ${contest.max_entries} entr${contest.max_entries === 1 ? 'y' : 'ies'} per player`,
    )
  if (!(await takeSeat(tx, 'contests', contestId))) throw new AppError('CONTEST_FULL', 'This contest is full')
  await chargeEntry(tx, after, {
    contestId,
    label: contestLabel(contest),
    teamId,
    userId,
    feePaise: Number(contest.entry_fee_paise),
    nowMs: now,
  })
  const member = await tx
    .insertInto('contest_members')
    .values({
      contest_id: contestId,
      user_id: userId,
      user_team_id: teamId,
      entry_fee_paise: Number(contest.entry_fee_paise),
      joined_at_ms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // XP for the join (once per contest) and a streak day (docs/social.md).
  await awardXp(
    tx,
    after,
    await joinAwards(tx, userId, contestId, now),
    now,
    deps.dbHandle.kind === 'postgres',
  )
  // A paid entry earns one scratch card, in the same transaction as the seat and the fee.
  if (Number(contest.entry_fee_paise) > 0)
    await earnScratchCard(tx, deps.rng.seed, {
      userId,
      source: 'contest_join',
      sourceKey: joinCardKey(member.id),
      nowMs: now,
    })
  publishMembersCount(
    after,
    { id: contestId, match_id: contest.match_id, is_private: contest.is_private === 1 },
    contest.members_count + 1,
  )
  publishMyContests(after, userId, contestId)
  if (!j.creating)
    await recordJoined(tx, after, { type: 'contest', contestId, userId, memberId: member.id }, now)
  return member.id
}

/**
 * Likes or takes back a like of a contest (idempotent: the like row's key decides). The count is
 * counted from the rows, so it is exact under races; the new count goes to the contest's own
 * stream (ContestChannel: whoever has the contest page open) and to its TopicChannel
 * subscribers when the topic exists.
 */
export async function setLike(deps: Deps, userId: number, contestId: number, liked: boolean): Promise<void> {
  await requireContest(deps.db, contestId)
  await withTx(deps, async (tx, after) => {
    const changed = liked
      ? await tx
          .insertInto('contest_likes')
          .values({ contest_id: contestId, user_id: userId, created_at_ms: deps.clock.now() })
          .onConflict((oc) => oc.columns(['contest_id', 'user_id']).doNothing())
          .returning('contest_id')
          .executeTakeFirst()
      : await tx
          .deleteFrom('contest_likes')
          .where('contest_id', '=', contestId)
          .where('user_id', '=', userId)
          .returning('contest_id')
          .executeTakeFirst()
    if (!changed) return
    const count = await tx
      .selectFrom('contest_likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contest_id', '=', contestId)
      .executeTakeFirstOrThrow()
    const likes_count = Number(count.n)
    after.publish(contestStream(contestId), { type: 'likes', likes_count })
    const topicId = await contestTopicId(tx, contestId)
    if (topicId !== null)
      after.publish(topicStream(topicId), { type: 'likes', subject: 'contest', id: contestId, likes_count })
  })
}

export { contestBase }
