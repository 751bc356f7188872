import { visibleContest } from '../../areas/contests'
import {
  type Caller,
  esportsContestStream,
  esportsContestUserStream,
  esportsTournamentStream,
  visibleRoom,
} from '../../areas/esports'
import type { ChannelContext, ChannelDefinition } from '../types'

const idParam = (ctx: ChannelContext, key: string) => {
  const id = Number(ctx.params[key])
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined
}

/**
 * An esports contest, live (docs/channels.md "EsportsContestChannel", docs/esports.md "Live").
 * Identifier `{"channel":"EsportsContestChannel","contest_id":1000001}`; rejected unless the
 * subscriber may see the contest (public, or host/admin/member of a private one).
 *
 * Streams `esports:contest:<id>` (`squads`, `status`, `results`, `standings`: ids and counts,
 * the client refetches) and the subscriber's own `esports:contest:<id>:user:<user id>`, where
 * members and the host get `room` (`room_id`, `room_password`) at the reveal or when the host
 * sets them later. On subscribe: `{type:'snapshot', seq, user_seq, contest_id, status,
 * squads_count, members_count, revealed_at_in_millis, room}` — `room` as the caller may see it
 * (null for anyone else, or before the reveal).
 */
export const EsportsContestChannel: ChannelDefinition = {
  name: 'EsportsContestChannel',
  async subscribed(ctx) {
    const id = idParam(ctx, 'contest_id')
    if (id === undefined) return ctx.reject()
    const caller: Caller = { id: ctx.user.id, role: ctx.user.role }
    const load = () => visibleContest(ctx.deps.db, 'esports_contest', id, caller).catch(() => undefined)
    if (!(await load())) return ctx.reject()
    const stream = esportsContestStream(id)
    const own = esportsContestUserStream(id, ctx.user.id)
    ctx.streamFrom(stream)
    ctx.streamFrom(own)
    const seq = await ctx.deps.bus.lastSeq(stream)
    const userSeq = await ctx.deps.bus.lastSeq(own)
    // Read after the streams are followed: nothing that commits meanwhile is missed.
    const contest = await load()
    if (!contest) return ctx.reject()
    ctx.transmit({
      type: 'snapshot',
      seq,
      user_seq: userSeq,
      contest_id: id,
      status: contest.status,
      squads_count: Number(contest.squads_count),
      members_count: Number(contest.members_count),
      revealed_at_in_millis: contest.revealed_at_ms === null ? null : Number(contest.revealed_at_ms),
      room: await visibleRoom(ctx.deps.db, contest, caller),
    })
  },
}

/**
 * An esports tournament, live: `{"channel":"EsportsTournamentChannel","tournament_id":3}`,
 * stream `esports:tournament:<id>` (`slots`, `round`, `standings`, `status`: ids and numbers,
 * the client refetches). Tournaments are public: any signed-in user; an unknown id is rejected.
 * On subscribe: `{type:'snapshot', seq, tournament_id, status, current_round}`.
 */
export const EsportsTournamentChannel: ChannelDefinition = {
  name: 'EsportsTournamentChannel',
  async subscribed(ctx) {
    const id = idParam(ctx, 'tournament_id')
    if (id === undefined) return ctx.reject()
    const load = () =>
      ctx.deps.db
        .selectFrom('esports_tournaments')
        .select(['id', 'status', 'current_round'])
        .where('id', '=', id)
        .executeTakeFirst()
    if (!(await load())) return ctx.reject()
    const stream = esportsTournamentStream(id)
    ctx.streamFrom(stream)
    const seq = await ctx.deps.bus.lastSeq(stream)
    const tournament = await load()
    if (!tournament) return ctx.reject()
    ctx.transmit({
      type: 'snapshot',
      seq,
      tournament_id: id,
      status: tournament.status,
      current_round: Number(tournament.current_round),
    })
  },
}
