import { CLOCK_STREAM } from '../../areas/clock'
import type { ChannelDefinition } from '../types'

/**
 * The game clock, for countdowns. Identifier `{"channel":"ClockChannel"}` (no params). On
 * subscribe `{type:'snapshot', seq, now_in_millis, speed, paused}`; then `{type:'clock', seq,
 * now_in_millis, speed, paused}` whenever an admin changes the speed, pauses, resumes,
 * advances or jumps it. Between messages a client runs the clock itself: game time moves
 * `speed` ms per real ms, not at all while paused.
 */
export const ClockChannel: ChannelDefinition = {
  name: 'ClockChannel',
  async subscribed(ctx) {
    if (Object.keys(ctx.params).length > 0) return ctx.reject()
    ctx.streamFrom(CLOCK_STREAM)
    const seq = await ctx.deps.bus.lastSeq(CLOCK_STREAM)
    ctx.transmit({ type: 'snapshot', seq, ...ctx.deps.clock.state() })
  },
}
