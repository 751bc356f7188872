import {
  type ChampionshipChannelMessage,
  championshipStream,
  championshipUserStream,
  findPhase,
  followPhase,
  leaderboardMessage,
  myTeamMessage,
} from '../../areas/championship'
import type { ChannelContext, ChannelDefinition } from '../types'

/** This subscription's hold on its phase's standings relay. */
const relays = new WeakMap<ChannelContext, () => void>()

/**
 * A championship phase's live board. Identifier `{"channel":"ChampionshipChannel","phase_id":4}`.
 * Streams `leaderboard` (the top 10 of the phase, ties at the cut included) and, to each
 * subscriber, `my_team` (`classic_team_id`, `score`, `rank`, `live_match_id`, sent only when it
 * changes) as the phase's matches are scored ball by ball, on whichever server process.
 * The subscription opens with a `snapshot` (`seq`, `user_seq`, `phase_id`) followed by the
 * current `leaderboard` and `my_team`. Unknown phase: rejected.
 */
export const ChampionshipChannel: ChannelDefinition = {
  name: 'ChampionshipChannel',
  async subscribed(ctx) {
    const id = Number(ctx.params.phase_id)
    const phase =
      Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await findPhase(ctx.deps.db, id) : undefined
    if (!phase) return ctx.reject()
    relays.set(ctx, await followPhase(ctx.deps, id))
    ctx.streamFrom(championshipStream(id))
    ctx.streamFrom(championshipUserStream(id, ctx.user.id))
    ctx.transmit({
      type: 'snapshot',
      seq: await ctx.deps.bus.lastSeq(championshipStream(id)),
      user_seq: await ctx.deps.bus.lastSeq(championshipUserStream(id, ctx.user.id)),
      phase_id: id,
    } satisfies Extract<ChampionshipChannelMessage, { type: 'snapshot' }>)
    ctx.transmit(await leaderboardMessage(ctx.deps, id))
    ctx.transmit(await myTeamMessage(ctx.deps, id, ctx.user.id))
  },
  unsubscribed(ctx) {
    relays.get(ctx)?.()
    relays.delete(ctx)
  },
}
