import type { AfterCommit, Stream } from '../../db/tx'
import { notificationStream } from '../notifications'
import { contestStream, type MyContestsMessage, matchContestsStream } from './messages'

/**
 * A contest's member count moved (a join, an owner's removal): its own stream and, for a
 * public contest, its match's card stream — every card of it in a list follows. Published
 * after the commit, as every broadcast.
 */
export function publishMembersCount(
  after: AfterCommit,
  contest: { id: number; match_id: number; is_private: boolean },
  membersCount: number,
): void {
  after.publish(contestStream(contest.id), { type: 'members', members_count: membersCount })
  if (!contest.is_private)
    after.publish(matchContestsStream(contest.match_id), {
      type: 'members',
      contest_id: contest.id,
      members_count: membersCount,
    })
}

/**
 * The player's own My Contests changed (they joined, or an owner removed their entry): a
 * `my_contests` message on their NotificationsChannel stream, not a stored notification, so
 * every tab of theirs refetches its lists.
 */
export function publishMyContests(after: AfterCommit, userId: number, contestId: number): void {
  after.publish(notificationStream(userId) as Stream<MyContestsMessage>, {
    type: 'my_contests',
    contest_id: contestId,
  })
}
