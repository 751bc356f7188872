import {
  canSeeContest,
  contestStream,
  contestStreamOf,
  findContest,
  type MatchContestsSnapshot,
  matchContestsStream,
} from '../../areas/contests'
import { findMatch } from '../../areas/matches'
import {
  contestUserStream,
  currentLive,
  followMatchStandings,
  leaderboardMessage,
  myRanksMessage,
  sharedScoring,
} from '../../areas/scoring'
import type { ChannelContext, ChannelDefinition } from '../types'

/**
 * A contest's live leaderboard. Identifier `{"channel":"ContestChannel","contest_id":9}`.
 * Streams `leaderboard` (top entries, with a `version` that grows with every scored event),
 * `members` (the count, before the start), `status`, and to each subscriber their own
 * `my_ranks` — sent only when those ranks or points change.
 *
 * Two streams, two numberings: the snapshot carries `seq` (the contest's stream) and
 * `user_seq` (the subscriber's own), each the last one published before the snapshot was
 * read. A broadcast at or below them is already in the snapshot; a later gap means refetch.
 * While the match is live the snapshot is followed by a `leaderboard` and a `my_ranks`
 * without a seq (they are part of the snapshot, ordered by `version`).
 */
/** Shared scoring (PostgreSQL): this subscription's hold on its match's standings relay. */
const relays = new WeakMap<ChannelContext, () => void>()

export const ContestChannel: ChannelDefinition = {
  name: 'ContestChannel',
  async subscribed(ctx) {
    if (ctx.params.championship_contest_id !== undefined) return championshipSubscribed(ctx)
    if (ctx.params.match_id !== undefined) return matchContestsSubscribed(ctx)
    const id = Number(ctx.params.contest_id)
    const found = Number.isInteger(id) && id > 0 ? await findContest(ctx.deps.db, id) : undefined
    if (!found) return ctx.reject()
    // A private contest: members, its owner, admins, or the `invite_code` param (as the API).
    if (!(await canSeeContest(ctx.deps.db, 'contest', found, ctx.user, inviteParam(ctx)))) return ctx.reject()
    if (sharedScoring(ctx.deps)) relays.set(ctx, followMatchStandings(ctx.deps, found.match_id))
    ctx.streamFrom(contestStream(id))
    ctx.streamFrom(contestUserStream(id, ctx.user.id))
    const seq = await ctx.deps.bus.lastSeq(contestStream(id))
    const userSeq = await ctx.deps.bus.lastSeq(contestUserStream(id, ctx.user.id))
    const contest = await findContest(ctx.deps.db, id)
    if (!contest) {
      relays.get(ctx)?.()
      relays.delete(ctx)
      return ctx.reject()
    }
    ctx.transmit({
      type: 'snapshot',
      seq,
      user_seq: userSeq,
      contest_id: id,
      contest_status: contest.status,
      match_status: contest.match_status,
      members_count: contest.members_count,
    })
    if (contest.match_status === 'live') {
      const live = await currentLive(ctx.deps, contest.match_id)
      if (live.board.hasContest(id)) {
        ctx.transmit(await leaderboardMessage(ctx.deps, live, id))
        ctx.transmit(await myRanksMessage(ctx.deps, live, id, ctx.user.id))
      }
    }
  },
  unsubscribed(ctx) {
    if (ctx.params.championship_contest_id !== undefined || ctx.params.match_id !== undefined) return
    relays.get(ctx)?.()
    relays.delete(ctx)
  },
}

const inviteParam = (ctx: ChannelContext) =>
  typeof ctx.params.invite_code === 'string' ? ctx.params.invite_code : null

/**
 * `{"channel":"ContestChannel","championship_contest_id":4}`: a championship contest's stream
 * (`championship_contest:{id}`): `activity` messages (docs/channels.md). The snapshot carries
 * the stream's `seq`, the status and the members count.
 */
async function championshipSubscribed(ctx: ChannelContext) {
  const id = Number(ctx.params.championship_contest_id)
  const load = () =>
    ctx.deps.db.selectFrom('championship_contests').selectAll().where('id', '=', id).executeTakeFirst()
  const found = Number.isInteger(id) && id > 0 ? await load() : undefined
  if (
    !found ||
    !(await canSeeContest(ctx.deps.db, 'championship_contest', found, ctx.user, inviteParam(ctx)))
  )
    return ctx.reject()
  const stream = contestStreamOf('championship_contest', id)
  ctx.streamFrom(stream)
  const seq = await ctx.deps.bus.lastSeq(stream)
  const contest = (await load()) ?? found
  ctx.transmit({
    type: 'snapshot',
    seq,
    championship_contest_id: id,
    contest_status: contest.status,
    members_count: contest.members_count,
  })
}

/**
 * `{"channel":"ContestChannel","match_id":7}`: the member counts of a match's public contests
 * (`match_contests:{id}`), for the contest cards of lists and the home screen. Anyone signed
 * in may follow any match (matches are public); the stream names no private contest.
 */
async function matchContestsSubscribed(ctx: ChannelContext) {
  const id = Number(ctx.params.match_id)
  if (Object.keys(ctx.params).length !== 1) return ctx.reject()
  if (!Number.isInteger(id) || id <= 0 || !(await findMatch(ctx.deps.db, id))) return ctx.reject()
  ctx.streamFrom(matchContestsStream(id))
  const seq = await ctx.deps.bus.lastSeq(matchContestsStream(id))
  ctx.transmit({ type: 'snapshot', seq, match_id: id } satisfies MatchContestsSnapshot)
}
