import { describe, expect, it } from 'vitest'
import { AUTOPILOT_STRATEGY } from '../../../server/areas/auctions/takeover'
import { lockMatch } from '../../../server/areas/match-day/lifecycle'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { rowById } from '../../helpers/db'
import { upcomingMatch } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

// A job runs again when its claimer died after the handler's first commit and before the job
// was marked done (a restart, or another process once the lease ran out). Each case below
// stands for that: the first commit is made by hand, then the job runs.

const ctx = apiWorld({ league: 42, config: { autoSimulate: true } })

const pending = (kind: string) =>
  ctx.world.deps.db
    .selectFrom('scheduled_jobs')
    .select(['unique_key', 'run_at_ms'])
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .execute()

describe('a job run again after a crash midway', () => {
  it('match.lock: the match it locked is still simulated', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const at = Number(match.event_time_ms)
    // The first run locked the match and died before starting the simulation.
    expect(await lockMatch(ctx.world.deps, match.id, at)).toBe(true)
    await ctx.world.deps.scheduler.schedule(ctx.world.deps.db, {
      kind: 'match.lock',
      runAtMs: at,
      payload: { match_id: match.id },
      uniqueKey: `match:${match.id}:lock`,
    })
    ctx.world.wall.advance(at - ctx.world.deps.clock.now())
    await ctx.world.deps.scheduler.runDue()
    const row = await rowById(ctx.world.deps.db, 'matches', match.id, 'sim_mode')
    expect(row.sim_mode).toBe('live')
    expect((await pending('match.sim')).map((j) => j.unique_key)).toEqual([`match:${match.id}:sim`])
  })

  it('auction.takeover: the bots’ job is moved for the manager it put on autopilot', async () => {
    const owner = await ctx.api.player()
    const bob = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const created = await ctx.api.post(
      '/api/auctions',
      smallAuction('Away', match.id, { lot_seconds: 120, bot_takeover_seconds: 30 }),
      owner.token,
    )
    expect(created.status).toBe(201)
    const auction = created.body.new_auction as { id: number; code: string }
    await seatAndStart(ctx.api, auction, owner, [bob])
    expect(await pending('auction.bots')).toEqual([])
    // Nobody is in the room: both are due to be taken over. The first runs put them on
    // autopilot and died before moving the bots' job.
    expect((await pending('auction.takeover')).length).toBe(2)
    await ctx.world.deps.db
      .updateTable('auction_managers')
      .set({ autopilot: AUTOPILOT_STRATEGY })
      .where('auction_id', '=', auction.id)
      .execute()
    ctx.world.wall.advance(31_000)
    await ctx.world.deps.scheduler.runDue()
    expect((await pending('auction.bots')).map((j) => j.unique_key)).toEqual([`auction:${auction.id}:bots`])
  })
})
