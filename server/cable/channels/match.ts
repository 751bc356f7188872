import { matchStream } from '../../areas/matches/lifecycle'
import { findMatch } from '../../areas/matches/queries'
import { pointsOf } from '../../areas/matches/service'
import type { ChannelDefinition } from '../types'

/**
 * A match's live feed. Identifier `{"channel":"MatchChannel","match_id":7}`. On subscribe:
 * `{type:'snapshot', match_status, summary, player_points}`; then `event` (each ball or
 * action with its `seq` and the new summary), `player_points` (the players whose points
 * changed) and `status` (live, completed, abandoned), all with the stream's `seq`.
 */
export const MatchChannel: ChannelDefinition = {
  name: 'MatchChannel',
  async subscribed(ctx) {
    const id = Number(ctx.params.match_id)
    const match = Number.isInteger(id) && id > 0 ? await findMatch(ctx.deps.db, id) : undefined
    if (!match) return ctx.reject()
    ctx.streamFrom(matchStream(id))
    const points = await pointsOf(ctx.deps, id)
    ctx.transmit({
      type: 'snapshot',
      match_id: id,
      match_status: match.status,
      summary: JSON.parse(match.score_summary) as unknown,
      player_points: [...points].map(([player_id, total_score]) => ({ player_id, total_score })),
    })
  },
}
