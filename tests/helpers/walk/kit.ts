import type { Deps } from '../../../server/core/deps'
import { type FuzzWorld, fuzzWorld } from '../../fuzz/world'
import { smallAuction } from '../auctions'
import { classicBody, threeMatchPhase } from '../championship'
import { rowById } from '../db'
import { insertVerifiedAccount } from '../esports-fixture'
import type { client } from '../http'
import { validTeamBody } from '../league'

/**
 * The world the money walk (tests/api/wallet/money-routes.test.ts) runs in: the fuzz world (one of
 * everything) plus makers of fresh things, so that every recipe builds what its request needs
 * — a player with money, a contest they own, an auction with a pending manager — and the walk
 * can send each write in any order, and twice, without one request spending another's fixture.
 */

type Api = ReturnType<typeof client>
export type Actor = Awaited<ReturnType<Api['player']>>

/** One request of the walk: who sends it (no token: anonymous) and what. */
export interface WalkRequest {
  token?: string
  path: string
  body?: unknown
  /** Multipart form fields instead of a JSON body (uploads). */
  form?: FormData
  /** A body sent as written, with its content type (a browser's form post). */
  raw?: string
  contentType?: string
}

export type Recipe = (k: Kit) => Promise<WalkRequest>

let made = 0
const unique = () => ++made

export interface Kit {
  world: FuzzWorld
  deps: Deps
  api: Api
  admin: { id: number; token: string }
  /** A fresh upcoming match of the walk's own (a fixture with the house's contests), hours away. */
  matchId: number
  /** A fresh championship phase none of whose matches has started. */
  phaseId: number
  seriesId: number
  /** A new player, with rupees in unused (and winnings, coins) and the contest-creation grant if asked. */
  player(o?: { rupees?: number; winnings?: number; coins?: number; access?: boolean }): Promise<Actor>
  /** Answers below 300 or throws, naming the step. */
  ok(what: string, pending: Promise<{ status: number; body: any }>): Promise<any>
  team(p: Actor, matchId?: number): Promise<number>
  classicTeam(p: Actor): Promise<number>
  /** A private paid daily contest (₹50 × 4) of a new owner, who joined it. */
  dailyContest(): Promise<{ owner: Actor; id: number; code: string }>
  /** A private paid championship contest (₹50 × 4) of a new owner, who joined it. */
  championshipContest(): Promise<{ owner: Actor; id: number; code: string }>
  /** A player with a verified level-50 account of the game (and the host grant if asked). */
  gamer(o?: {
    rupees?: number
    access?: boolean
    game?: 'pubg' | 'free-fire' | 'call-of-duty'
  }): Promise<Actor>
  /** An open esports contest (₹20 entry, solo unless told) hosted by a new gamer. */
  esportsContest(o?: {
    kind?: 'pubg' | 'free-fire' | 'call-of-duty'
    mode?: 'solo' | 'duo' | 'squad'
  }): Promise<{ host: Actor; id: number; code: string }>
  /** A waiting match auction of a new owner (who joined), charging `charges` coins. */
  auction(charges?: number): Promise<{ owner: Actor; id: number; code: string }>
  /** `p` joins the auction as a (pending) manager; its manager id. */
  joinAuction(a: { id: number; code: string }, p: Actor): Promise<number>
  unique(): number
  close(): Promise<void>
}

export async function walkKit(seed = 42): Promise<Kit> {
  const world = await fuzzWorld(seed)
  const { deps, api } = world
  const admin = { ...world.accounts.admin, token: (await world.token('admin')) as string }
  const ok = async (what: string, pending: Promise<{ status: number; body: any }>) => {
    const res = await pending
    if (res.status >= 300)
      throw new Error(`walk kit: ${what} answered ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }
  const phase = await threeMatchPhase(deps)
  const series = await rowById(deps.db, 'series_phases', phase.id, 'series_id')
  const fixture = await ok(
    'fixture',
    api.post('/api/admin/matches', { starts_in_minutes: 600, title: 'Walk XI v Walk XI' }, admin.token),
  )
  const matchId = fixture.match.id as number

  async function player(o: { rupees?: number; winnings?: number; coins?: number; access?: boolean } = {}) {
    const p = await api.player(`walker${unique()}`)
    const credits: Array<[number | undefined, string]> = [
      [o.rupees, 'unused'],
      [o.winnings, 'winnings'],
      [o.coins, 'coins'],
    ]
    for (const [amount, compartment] of credits)
      if (amount)
        await ok(
          'credit',
          api.post('/api/admin/wallet/credits', { user_id: p.id, amount, compartment }, admin.token),
        )
    if (o.access)
      await ok('grant', api.post(`/api/admin/users/${p.id}/contest_access`, { note: 'walk' }, admin.token))
    return p
  }
  async function team(p: Actor, match = matchId) {
    const body = await validTeamBody(deps, match, 'cricket', `walk-${unique()}`)
    return (await ok('team', api.post(`/api/matches/${match}/user_teams`, body, p.token))).user_team
      .id as number
  }
  async function classicTeam(p: Actor) {
    const body = { phase_id: phase.id, ...(await classicBody(deps, phase.id, `walk-${unique()}`)) }
    return (await ok('classic team', api.post('/api/championship/classic_teams', body, p.token))).classic_team
      .id as number
  }
  const draft = { name: 'Walk League', entry_fee: 50, members_limit: 4, is_private: true }
  async function dailyContest() {
    const owner = await player({ rupees: 500, access: true })
    const body = { ...draft, game: 'single-match', match_id: matchId, team_id: await team(owner) }
    const made = await ok('daily contest', api.post('/api/contests', body, owner.token))
    return { owner, id: made.contest.id as number, code: made.contest.invite_code as string }
  }
  async function championshipContest() {
    const owner = await player({ rupees: 500, access: true })
    const body = { ...draft, game: 'championship', phase_id: phase.id, team_id: await classicTeam(owner) }
    const made = await ok('championship contest', api.post('/api/contests', body, owner.token))
    const id = made.championship_contest.id as number
    const row = await rowById(deps.db, 'championship_contests', id, 'invite_code')
    return { owner, id, code: row.invite_code as string }
  }
  async function gamer(
    o: { rupees?: number; access?: boolean; game?: 'pubg' | 'free-fire' | 'call-of-duty' } = {},
  ) {
    const p = await player({ rupees: o.rupees, access: o.access })
    await insertVerifiedAccount(deps.db, p.id, o.game ?? 'pubg', 50, { in_game_name: `IGN_${p.username}` })
    return p
  }
  async function esportsContest(
    o: { kind?: 'pubg' | 'free-fire' | 'call-of-duty'; mode?: 'solo' | 'duo' | 'squad' } = {},
  ) {
    const kind = o.kind ?? 'pubg'
    const host = await gamer({ access: true, game: kind })
    const body = {
      kind,
      mode: o.mode ?? 'solo',
      name: 'Walk Room',
      entry_fee: 20,
      prize_ranges: [{ from: 1, to: 1, percent: 100 }],
      slots: 10,
      starts_at: deps.clock.now() + 6 * 3_600_000,
      is_private: false,
    }
    const made = await ok('esports contest', api.post('/api/esports/contests', body, host.token))
    return { host, id: made.esports_contest.id as number, code: made.esports_contest.invite_code as string }
  }
  async function joinAuction(a: { id: number; code: string }, p: Actor) {
    const n = unique()
    const body = { code: a.code, franchise_name: `Walk ${n}`, color: COLORS[n % COLORS.length] }
    return (await ok('auction join', api.post(`/api/auctions/${a.id}/join`, body, p.token))).manager
      .id as number
  }
  async function auction(charges = 0) {
    const owner = await player({ coins: 100 })
    const body = smallAuction('Walk night', matchId, { charges })
    const made = (await ok('auction', api.post('/api/auctions', body, owner.token))).new_auction
    const a = { owner, id: made.id as number, code: made.code as string }
    await joinAuction(a, owner)
    return a
  }

  return {
    world,
    deps,
    api,
    admin,
    matchId,
    phaseId: phase.id,
    seriesId: series.series_id,
    player,
    ok,
    team,
    classicTeam,
    dailyContest,
    championshipContest,
    gamer,
    esportsContest,
    auction,
    joinAuction,
    unique,
    close: () => world.close(),
  }
}

const COLORS = ['blue', 'yellow', 'red', 'purple', 'orange', 'pink', 'navy', 'teal', 'green', 'maroon']
