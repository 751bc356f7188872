import { findMatch, type MatchSnapshot, matchStream, pointsOf } from '../../areas/matches'
import type { ChannelDefinition } from '../types'

/**
 * A match's live feed. Identifier `{"channel":"MatchChannel","match_id":7}`. On subscribe:
 * `{type:'snapshot', seq, match_status, summary, player_points}`; then `event` (each ball or
 * action with its `seq` and the new summary), `player_points` (the players whose points
 * changed) and `status` (live, completed, abandoned), all with the stream's `seq`.
 *
 * The snapshot's `seq` is the stream's last seq *before* the snapshot was read: every
 * broadcast numbered at or below it is in the snapshot, so a client drops those (they may
 * arrive just before the snapshot) and applies the rest; one above it may be in the
 * snapshot already, which is harmless because each message states values, not differences.
 */
export const MatchChannel: ChannelDefinition = {
  name: 'MatchChannel',
  async subscribed(ctx) {
    const id = Number(ctx.params.match_id)
    if (!Number.isInteger(id) || id <= 0 || !(await findMatch(ctx.deps.db, id))) return ctx.reject()
    // Follow first, then note the seq, then read: nothing published in between is lost.
    ctx.streamFrom(matchStream(id))
    const seq = await ctx.deps.bus.lastSeq(matchStream(id))
    const match = await findMatch(ctx.deps.db, id)
    if (!match) return ctx.reject()
    const points = await pointsOf(ctx.deps, id)
    ctx.transmit({
      type: 'snapshot',
      seq,
      match_id: id,
      match_status: match.status,
      summary: JSON.parse(match.score_summary) as MatchSnapshot['summary'],
      player_points: [...points].map(([player_id, total_score]) => ({ player_id, total_score })),
    } satisfies MatchSnapshot)
  },
}
