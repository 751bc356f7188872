import { findContest } from '../../areas/contests/queries'
import { contestStream } from '../../areas/contests/service'
import { loadLive } from '../../areas/scoring/live'
import { contestUserStream, leaderboardMessage, myRanksMessage } from '../../areas/scoring/publish'
import type { ChannelDefinition } from '../types'

/**
 * A contest's live leaderboard. Identifier `{"channel":"ContestChannel","contest_id":9}`.
 * Streams `leaderboard` (top entries, with a `version` that grows with every scored event),
 * `members` (the count, before the start), `status`, and to each subscriber their own
 * `my_ranks` — sent only when those ranks or points change.
 */
export const ContestChannel: ChannelDefinition = {
  name: 'ContestChannel',
  async subscribed(ctx) {
    const id = Number(ctx.params.contest_id)
    const contest = Number.isInteger(id) && id > 0 ? await findContest(ctx.deps.db, id) : undefined
    if (!contest) return ctx.reject()
    ctx.streamFrom(contestStream(id))
    ctx.streamFrom(contestUserStream(id, ctx.user.id))
    ctx.transmit({
      type: 'snapshot',
      contest_id: id,
      contest_status: contest.status,
      match_status: contest.match_status,
      members_count: contest.members_count,
    })
    if (contest.match_status === 'live') {
      const live = await loadLive(ctx.deps, contest.match_id)
      if (live.board.hasContest(id)) {
        ctx.transmit(await leaderboardMessage(ctx.deps, live, id))
        ctx.transmit(await myRanksMessage(ctx.deps, live, id, ctx.user.id))
      }
    }
  },
}
