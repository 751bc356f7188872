import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../server/core/config'
import type { Deps } from '../../server/core/deps'
import { smallAuction } from '../helpers/auctions'
import { classicBody, threeMatchPhase } from '../helpers/championship'
import type { TestWorld } from '../helpers/deps'
import { client } from '../helpers/http'
import { PNG_1X1, upload } from '../helpers/kyc'
import { leagueWorld, upcomingMatch, validTeamBody } from '../helpers/league'

/**
 * The world the fuzzer runs in: the demo league (fixed seed) plus one of everything a path
 * can name — a team in a joined contest, an auction with managers, a tournament, a deposit,
 * an upload, a PAN, a UPI id, a refund claim, scratch cards — so requests with real ids get
 * past their 404s and into validation and the handlers.
 *
 * Built on `leagueWorld` → `testWorld`, so whichever database `testWorld` opens (SQLite by
 * default; PostgreSQL when its environment says so) is the one fuzzed.
 */

export type Identity = 'anon' | 'player' | 'admin'

interface Account {
  id: number
  slug: string
  email: string
  password: string
  token: string
}

export interface FuzzWorld {
  world: TestWorld
  deps: Deps
  api: ReturnType<typeof client>
  accounts: { player: Account; admin: Account; rival: Account }
  /** Values for path parameters: by parameter name, and for `{id}` by the segment before it. */
  pathValues: Record<string, string | number>
  /** Every id above, for body fields named `…_id`. */
  knownIds: number[]
  /** The bearer token of an identity, signing in again if a request revoked it. */
  token(identity: Identity): Promise<string | undefined>
  close(): Promise<void>
}

/** No rate limit in the way: the fuzzer sends many refused requests to the same endpoints. */
function unlimitedRateLimits() {
  const limits = loadConfig({}, {}).rateLimits
  return Object.fromEntries(
    Object.entries(limits).map(([name, rule]) => [name, { ...rule, limit: 1_000_000 }]),
  ) as typeof limits
}

export async function fuzzWorld(seed: number): Promise<FuzzWorld> {
  // No automatic simulation: a clock change must not start every match's ball-by-ball run.
  // Snapshots the fuzzer saves go to a folder of its own, not next to the project's database.
  const snapshotDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-fuzz-snapshots-'))
  const world = await leagueWorld(seed, {
    autoSimulate: false,
    rateLimits: unlimitedRateLimits(),
    snapshotDir,
  })
  const { deps } = world
  const api = client(deps)
  const fail = (what: string, res: { status: number; body: unknown }) => {
    throw new Error(`fuzz world: ${what} answered ${res.status} ${JSON.stringify(res.body)}`)
  }
  const expectOk = async (what: string, pending: Promise<{ status: number; body: any }>) => {
    const res = await pending
    if (res.status >= 300) fail(what, res)
    return res.body
  }

  const admin = await api.admin()
  const player = await api.player('fuzz_player')
  const rival = await api.player('fuzz_rival')
  for (const who of [player, rival])
    await expectOk(
      'credit',
      api.post('/api/admin/wallet/credits', { user_id: who.id, amount: 5000 }, admin.token),
    )
  await expectOk(
    'coins',
    api.post(
      '/api/admin/wallet/credits',
      { user_id: player.id, amount: 500, compartment: 'coins' },
      admin.token,
    ),
  )

  const match = await upcomingMatch(deps)
  const team = await expectOk(
    'team',
    api.post(`/api/matches/${match.id}/user_teams`, await validTeamBody(deps, match.id), player.token),
  )
  const contests = (await api.get(`/api/matches/${match.id}/contests?per_page=100`)).body.contests as Array<{
    id: number
    entry_fee: number
  }>
  const paid = contests.find((c) => c.entry_fee > 0) ?? contests[0]
  if (!paid) throw new Error('fuzz world: the match has no contests')
  await expectOk(
    'join',
    api.post(`/api/contests/${paid.id}/join`, { team_id: team.user_team.id }, player.token),
  )

  const auction = (
    await expectOk('auction', api.post('/api/auctions', smallAuction('Fuzz night', match.id), player.token))
  ).new_auction
  for (const [who, color] of [
    [player, 'blue'],
    [rival, 'red'],
  ] as const)
    await expectOk(
      'auction join',
      api.post(
        `/api/auctions/${auction.id}/join`,
        { code: auction.code, franchise_name: `F ${color}`, color },
        who.token,
      ),
    )

  const series = await largestCricketSeries(deps)
  const tournament = (
    await expectOk(
      'tournament',
      api.post('/api/auction/tournaments', { name: 'Fuzz cup', series_id: series }, player.token),
    )
  ).tournament

  const credit = (
    await expectOk(
      'deposit',
      api.post('/api/user_credits', { enter_amount: 100, gateway: 'paytm' }, player.token),
    )
  ).user_credit
  const photo = await upload(api, player.token, PNG_1X1)
  if (photo.status !== 201) fail('upload', photo)
  const pan = (
    await expectOk(
      'pan',
      api.put(
        '/api/me/save_pan',
        {
          name: 'Fuzz Player',
          pan_number: 'ABCDE1234F',
          dob: '1990-11-05',
          attachment_id: photo.body.attachment.id,
        },
        player.token,
      ),
    )
  ).pan_card
  const upi = await expectOk('upi', api.post('/api/bhim_upis', { upi_str: 'fuzz@okhdfc' }, player.token))
  const claim = (
    await expectOk(
      'refund claim',
      api.post(
        '/api/claim_refunds',
        { reason: 'The deposit never arrived, please check', user_credit_id: credit.id },
        player.token,
      ),
    )
  ).claim_refund

  const first = async (table: 'scratch_cards' | 'auction_managers' | 'series_phases' | 'players') =>
    (await deps.db.selectFrom(table).select('id').orderBy('id').executeTakeFirst())?.id ?? 1
  const manager = await deps.db
    .selectFrom('auction_managers')
    .select('id')
    .where('auction_id', '=', auction.id)
    .where('user_id', '=', rival.id)
    .executeTakeFirstOrThrow()

  // A championship phase with the player's classic team, locked for its first match.
  const phase = await threeMatchPhase(deps)
  const classic = await expectOk(
    'classic team',
    api.post(
      '/api/championship/classic_teams',
      { phase_id: phase.id, ...(await classicBody(deps, phase.id)) },
      player.token,
    ),
  )
  await expectOk(
    'phase start',
    api.post(`/api/admin/matches/${phase.matchIds[0]}/start`, undefined, admin.token),
  )
  const classicRow = await deps.db.selectFrom('classic_team_scores').select('id').executeTakeFirstOrThrow()
  // A private daily gang of the player's with the rival's request waiting, and a phase gang.
  const gang = await expectOk(
    'gang',
    api.post(`/api/series/${series}/leagues`, { name: 'Fuzz Gang', is_public: false }, player.token),
  )
  await expectOk(
    'gang request',
    api.post('/api/leagues/join_request', { code: gang.gang.league_code }, rival.token),
  )
  await expectOk(
    'phase gang',
    api.post(`/api/championship/series_phases/${phase.id}/leagues`, { name: 'Fuzz Pals' }, player.token),
  )

  // A saved prize of the player's and an open report of theirs.
  const saved = await expectOk(
    'saved prize',
    api.post(
      '/api/prize_structures',
      { name: 'Fuzz podium', ranges: [{ from: 1, to: 2, percent: 50 }] },
      player.token,
    ),
  )
  const report = await expectOk(
    'report',
    api.post('/api/reports', { contest_id: paid.id, reason: 'spam', text: 'Fuzz report' }, player.token),
  )

  // A post on the paid contest's topic and a comment on it, by the rival so that the
  // player's edits and deletes reach the "not yours" 404 and the post survives the run.
  const socialPost = await expectOk(
    'post',
    api.post(`/api/contests/${paid.id}/posts`, { content: `Fuzz post @${player.username}` }, rival.token),
  )
  const socialComment = await expectOk(
    'comment',
    api.post(`/api/posts/${socialPost.post.id}/comments`, { content: 'Fuzz comment' }, rival.token),
  )

  const pathValues: Record<string, string | number> = {
    posts: socialPost.post.id,
    comments: socialComment.comment.id,
    classic_teams: classic.classic_team.id,
    classic_team_scores: classicRow.id,
    leagues: gang.gang.id,
    series_id: series,
    phase_id: phase.id,
    user_id: rival.id,
    code: gang.gang.league_code,
    contests: paid.id,
    matches: match.id,
    match_id: match.id,
    user_teams: team.user_team.id,
    series: series,
    series_phases: phase.id,
    players: await first('players'),
    auctions: auction.id,
    tournaments: tournament.id,
    managers: manager.id,
    manager_id: manager.id,
    attachments: photo.body.attachment.id,
    claim_refunds: claim.id,
    user_credits: credit.id,
    scratch_cards: await first('scratch_cards'),
    bhim_upis: upi.bhim_upi?.id ?? upi.id ?? 1,
    kyc: pan.id,
    redemptions: 1,
    slug: rival.slug,
    ref: player.slug,
    sport: 'cricket',
    token: 'a'.repeat(43),
    gateway: 'paytm',
    order_id: credit.order_id,
    prize_structures: saved.prize_structure.id,
    reports: report.report.id,
    users: rival.id,
    leaderboards: 'weekly',
  }
  const knownIds = [
    ...new Set(Object.values(pathValues).filter((v): v is number => typeof v === 'number')),
    player.id,
    rival.id,
  ]

  const accounts = {
    player: { ...player, token: player.token },
    admin: { ...admin, token: admin.token },
    rival: { ...rival, token: rival.token },
  }
  const token = async (identity: Identity) => {
    if (identity === 'anon') return undefined
    const account = accounts[identity]
    if ((await api.get('/api/me', account.token)).status !== 200)
      account.token = (await api.login(account.email, account.password)).access_token
    return account.token
  }
  return {
    world,
    deps,
    api,
    accounts,
    pathValues,
    knownIds,
    token,
    close: async () => {
      await world.close()
      fs.rmSync(snapshotDir, { recursive: true, force: true })
    },
  }
}

async function largestCricketSeries(deps: Deps): Promise<number> {
  const rows = await deps.db
    .selectFrom('series as s')
    .innerJoin('sports as sp', 'sp.id', 's.sport_id')
    .innerJoin('matches as m', 'm.series_id', 's.id')
    .select(['s.id', (e) => e.fn.countAll<number>().as('matches')])
    .where('sp.slug', '=', 'cricket')
    .groupBy('s.id')
    .orderBy('matches', 'desc')
    .orderBy('s.id')
    .execute()
  const row = rows[0]
  if (!row) throw new Error('fuzz world: no cricket series')
  return row.id
}
