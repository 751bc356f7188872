import { beforeEach } from 'vitest'
import type { ApiWorld } from './world'

type Player = { email: string; password: string; token: string }

/**
 * Players for tests that move the game clock by hours (auctions over days): `advance` moves it,
 * fires what fell due (lot timers, quiet-hours jobs, reminders) and signs every player made
 * here in again, since access tokens last two hours of game time.
 */
export function longClock(ctx: ApiWorld) {
  const signedIn: Player[] = []
  beforeEach(() => {
    signedIn.length = 0
  })
  return {
    async advance(ms: number) {
      ctx.world.wall.advance(ms)
      await ctx.world.deps.scheduler.runDue()
      for (const p of signedIn) p.token = (await ctx.api.login(p.email, p.password)).access_token
    },
    async player(): Promise<Player> {
      const p = await ctx.api.player()
      signedIn.push(p)
      return p
    },
  }
}
