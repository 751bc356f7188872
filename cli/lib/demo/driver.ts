import type { Answer, Schema } from '../api-types'
import { advanceAuction, openAuction, pauseAuction } from './auction'
import { setUpChampionship } from './championship'
import type { DemoClient } from './client'
import {
  addFixture,
  allSettled,
  FIXTURE_GAP_MS,
  kick,
  refreshFixture,
  scoreLine,
  t20Models,
} from './fixtures'
import { SocialBots } from './social'
import type { DemoState } from './types'

export interface DriverOptions {
  admin: DemoClient
  state: DemoState
  seed: number
  speed: number
  demoUsername: string
  /** The seeded demo users' password, for the players who post and chat (null: acted as by the admin). */
  usersPassword: string | null
  /** The clock's speed before the demo changed the league (else the speed it finds). */
  speedBefore: number | null
  /** Real milliseconds between two looks at the league. */
  tickMs: number
  onChange(): void
}

type ClockJson = Schema<'ClockState'>

/**
 * The demo's conductor. It owns nothing the server does not: every move is an API call an
 * admin or a player could make (fixtures, bots, simulate, auction owner commands, posts,
 * likes, messages), taken in a fixed order on every tick, so one seed gives one story.
 */
export class DemoDriver {
  private social: SocialBots | null = null
  private stopped = false
  private loop: Promise<void> | null = null
  private ticks = 0
  private models: number[] = []
  /** The clock as the demo found it, put back on Ctrl-C. */
  previousSpeed = 1

  constructor(private readonly o: DriverOptions) {}

  /** Builds the cast and the first match, then runs the clock: the league is alive when this returns. */
  async start(): Promise<void> {
    const { admin, state } = this.o
    const before = await admin.get<ClockJson>('/api/admin/clock')
    this.previousSpeed = this.o.speedBefore ?? before.speed
    state.clock = await admin.post<ClockJson>('/api/admin/clock', { speed: this.o.speed, paused: false })
    state.steps.push(`clock ${this.o.speed}x`)
    this.models = await t20Models(admin)
    // The first match is started at once; the next one fills up while it plays.
    const first = await this.addFixture(state.clock.now_in_millis + FIXTURE_GAP_MS)
    await kick(admin, first)
    const next = await this.addFixture(state.clock.now_in_millis + FIXTURE_GAP_MS)
    await openAuction(admin, state, next.matchId)
    state.championship = await setUpChampionship(admin, state)
    this.social = new SocialBots(
      state,
      admin,
      await SocialBots.pick(admin, this.o.demoUsername),
      this.o.seed,
      this.o.usersPassword,
    )
    await this.look()
    this.loop = this.run()
  }

  private addFixture(startsAtMs: number) {
    const { state } = this.o
    const model = this.models.length > 0 ? this.models[state.fixtures.length % this.models.length] : undefined
    return addFixture(this.o.admin, state, this.o.seed, startsAtMs, model)
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      await new Promise((resolve) => setTimeout(resolve, this.o.tickMs))
      if (this.stopped) break
      try {
        await this.tick()
      } catch (error) {
        this.o.state.note = (error as Error).message.split('\n')[0] ?? 'failed'
      }
      this.o.onChange()
    }
  }

  private async tick(): Promise<void> {
    const { admin, state } = this.o
    this.ticks++
    state.clock = await admin.get<ClockJson>('/api/admin/clock')
    const now = state.clock.now_in_millis
    for (const fixture of state.fixtures) {
      // Locked by the server's own job but not simulated (auto-simulation off): the demo asks.
      if (!fixture.kicked && fixture.status !== 'completed' && now >= fixture.startsAtMs)
        await kick(admin, fixture)
    }
    // Always one demo match waiting to start, GAP after the last one.
    if (!state.fixtures.some((f) => f.status === 'upcoming')) {
      const last = state.fixtures.at(-1)
      await this.addFixture(Math.max(now + 60_000, (last?.startsAtMs ?? now) + FIXTURE_GAP_MS))
    }
    const auction = state.auctions.at(-1)
    if (auction?.phase === 'completed') {
      // The next auction is on a match of its own: the next waiting fixture without one.
      const upcoming = state.fixtures.find(
        (f) => f.status === 'upcoming' && !state.auctions.some((a) => a.matchId === f.matchId),
      )
      if (upcoming) await openAuction(admin, state, upcoming.matchId)
    }
    // Every other tick a player does something social.
    if (this.ticks % 2 === 0) {
      const contest = state.fixtures.find((f) => f.status !== 'completed')?.contests.find((c) => c.bots > 0)
      await this.social?.act(contest?.id ?? null)
    }
    await this.look()
  }

  /** Refreshes what the summary shows. */
  private async look(): Promise<void> {
    const { admin, state } = this.o
    for (const fixture of state.fixtures)
      if (fixture.status !== 'completed' || fixture.contests.some((c) => c.bots > 0 && c.paid === null))
        await refreshFixture(admin, state, fixture)
    const auction = state.auctions.at(-1)
    if (auction) await advanceAuction(admin, state, auction)
    const { matches } = await admin.get<{
      matches: Array<Pick<Schema<'Match'>, 'title' | 'sport_slug' | 'score_summary' | 'team1' | 'team2'>>
    }>('/api/matches?status=live&per_page=8&fields=title,sport_slug,score_summary,team1,team2')
    state.live = matches.map((m) => `${m.title} (${m.sport_slug})${scoreLine(m) ? `  ${scoreLine(m)}` : ''}`)
    // The leaders of the match playing now (the latest to start), else of the last one finished.
    const playing =
      state.fixtures.findLast((f) => f.status === 'live') ??
      state.fixtures.findLast((f) => f.status === 'completed')
    const board = playing?.contests.find((c) => c.kind === 'guaranteed' && c.bots > 0)
    if (playing && board) {
      const { members } = await admin.get<Answer<'/api/contests/{id}/members'>>(
        `/api/contests/${board.id}/members?per_page=3`,
      )
      state.leaders = {
        contest: `${board.name}, ${playing.title}`,
        rows: members.map((m) => ({
          rank: m.rank,
          name: m.user.team_name ?? m.user.username,
          points: m.points,
        })),
      }
    }
  }

  /**
   * Ctrl-C: the loop stops, the clock is paused and put back to the speed it had (so nothing
   * more falls due: no ball, no lot, no start), the open auction is paused, and the demo waits
   * for any settlement under way to finish. Returns what it left, a line each.
   */
  async stop(): Promise<string[]> {
    this.stopped = true
    await this.loop?.catch(() => undefined)
    const { admin, state } = this.o
    state.clock = await admin.post<ClockJson>('/api/admin/clock', { speed: this.previousSpeed, paused: true })
    const left: string[] = [
      `clock paused at ${new Date(state.clock.now_in_millis).toISOString()}, speed ${state.clock.speed}×`,
    ]
    const auction = state.auctions.at(-1)
    if (auction) left.push(await pauseAuction(admin, auction))
    for (const fixture of state.fixtures) await refreshFixture(admin, state, fixture)
    // A match that completed just before the pause may still be paying its contests: wait.
    for (let i = 0; i < 60 && !allSettled(state); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      for (const fixture of state.fixtures)
        if (fixture.status === 'completed') await refreshFixture(admin, state, fixture)
    }
    for (const fixture of state.fixtures) {
      left.push(
        `match ${fixture.matchId} ${fixture.title}: ${describe(fixture.status)}${fixture.score ? ` (${fixture.score})` : ''}`,
      )
    }
    return left
  }
}

function describe(status: string): string {
  if (status === 'live') return 'live, stopped where it was (it plays on when the clock runs)'
  if (status === 'completed') return 'completed and settled'
  if (status === 'upcoming') return 'upcoming, bots seated'
  return status
}
