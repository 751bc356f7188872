import fs from 'node:fs'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { type SeedOptions, type SeedSummary, seedDemoLeague } from '../../seeds/demo-league'
import { hashPassword } from '../../server/areas/auth/passwords'
import { attachmentsDir } from '../../server/areas/wallet/kyc/attachments'
import type { Config } from '../../server/core/config'
import type { Deps } from '../../server/core/deps'
import { expectLedgerBalanced } from './concurrency'
import { TEST_START_MS, type TestWorld, testWorld } from './deps'
import { client } from './http'
import { leagueWorld, upcomingMatch, validTeamBody } from './league'

export type Api = ReturnType<typeof client>
export type SignedIn = Awaited<ReturnType<Api['player']>>

export interface ApiWorldOptions {
  /** Seed the demo league (its seed, `true` for 42); without it the database is empty but migrated. */
  league?: boolean | number
  /** Sign an admin in before each test (`kit.admin`). */
  admin?: boolean
  /** One world per test (default) or one for the whole file. */
  per?: 'test' | 'file'
  config?: Partial<Config>
  /** After each test (or the file): the ledger still adds up. */
  ledger?: boolean
  /** After closing: remove the uploads folder the world wrote to (SQLite keeps uploads on disk). */
  attachments?: boolean
}

/** What a test reads: set by the hooks before each test, so read it inside tests, not at load. */
export interface ApiWorld {
  world: TestWorld
  readonly deps: Deps
  api: Api
  admin: SignedIn
}

/**
 * The set-up almost every api test starts with: a fresh world (optionally with the demo league),
 * an in-process client, an admin signed in; the scheduler stopped and the database closed after.
 * Registers its own hooks, so one line replaces them in a test file.
 */
export function apiWorld(options: ApiWorldOptions = {}): ApiWorld {
  // `deps` follows `world`, for files that swap in another world for some of their tests.
  const kit = {} as ApiWorld
  Object.defineProperty(kit, 'deps', { get: () => kit.world.deps })
  const [before, after] = options.per === 'file' ? [beforeAll, afterAll] : [beforeEach, afterEach]
  before(async () => {
    const seed = options.league === true ? 42 : options.league
    kit.world =
      seed === undefined || seed === false
        ? await testWorld(options.config)
        : await leagueWorld(seed, options.config)
    kit.api = client(kit.deps)
    if (options.admin) kit.admin = await kit.api.admin()
  })
  after(async () => {
    await kit.deps.scheduler.stop()
    if (options.ledger) await expectLedgerBalanced(kit.deps)
    await kit.world.close()
    if (options.attachments) fs.rmSync(attachmentsDir(kit.deps.config), { recursive: true, force: true })
  })
  return kit
}

/** The demo league seeded into `deps` as `fanspole seed` would (seed 42, at the test start), with `options` on top. */
export function seedAtTestStart(deps: Deps, options: Partial<SeedOptions> = {}): Promise<SeedSummary> {
  const { admin, demo } = deps.config
  return seedDemoLeague(deps.db, { seed: 42, nowMs: TEST_START_MS, admin, demo, hashPassword, ...options })
}

export interface SeededLeague {
  world: TestWorld
  deps: Deps
  summary: SeedSummary
}

/**
 * The demo league seeded once for the whole file, as `fanspole seed` would (seed 42, at the test
 * start), with `options` on top: what the seeds' tests read.
 */
export function seededLeague(options: Partial<SeedOptions> = {}, timeoutMs?: number): SeededLeague {
  const kit = {} as SeededLeague
  beforeAll(async () => {
    kit.world = await testWorld()
    kit.deps = kit.world.deps
    kit.summary = await seedAtTestStart(kit.deps, options)
  }, timeoutMs)
  afterAll(() => kit.world.close())
  return kit
}

/** An API client of a seeded league, and the demo player's token from a real login. */
export async function asDemoPlayer(deps: Deps): Promise<{ api: Api; token: string }> {
  const api = client(deps)
  const { demo } = deps.config
  return { api, token: (await api.login(demo.email, demo.password)).access_token }
}

/**
 * A new signed-in player with `amount` credited by the world's admin into `compartment`
 * (rupees, or coins for the coins compartment).
 */
export async function fundedPlayer(
  ctx: ApiWorld,
  amount: number,
  compartment: 'unused' | 'winnings' | 'coins' = 'unused',
): Promise<SignedIn> {
  const p = await ctx.api.player()
  if (amount > 0)
    await ctx.api.post('/api/admin/wallet/credits', { user_id: p.id, amount, compartment }, ctx.admin.token)
  return p
}

/** A valid cricket team of `p` for the match, made through the API (201 checked); its id. */
export async function postTeam(
  ctx: { api: Api; deps: Deps },
  p: { token: string },
  matchId: number,
  salt = 'x',
): Promise<number> {
  const res = await ctx.api.post(
    `/api/matches/${matchId}/user_teams`,
    await validTeamBody(ctx.deps, matchId, 'cricket', salt),
    p.token,
  )
  expect(res.status).toBe(201)
  return res.body.user_team.id as number
}

/** `p`'s team (made through the API) in a free contest of the soonest upcoming cricket match, joined (200 checked); the contest. */
export async function inFreeContest(ctx: { api: Api; deps: Deps }, p: { token: string }) {
  const match = await upcomingMatch(ctx.deps)
  const contests = (await ctx.api.get(`/api/matches/${match.id}/contests?per_page=50`)).body.contests
  const free = contests.find((c: { entry_fee: number }) => c.entry_fee === 0)
  const teamId = await postTeam(ctx, p, match.id, 'a')
  expect((await ctx.api.post(`/api/contests/${free.id}/join`, { team_id: teamId }, p.token)).status).toBe(200)
  return free as { id: number; name: string }
}
