import type { Deps } from '../../server/deps'
import { ESPORTS_CONTEST_ID_BASE } from '../../server/domain/esports/rules'
import { classicBody, threeMatchPhase } from './championship'
import { creationKit } from './contest-creation'
import { makeUser } from './deps'
import { creditUnused, insertEsportsContest, insertVerifiedAccount } from './esports-fixture'
import { client } from './http'
import { PNG_1X1, upload } from './kyc'
import { upcomingMatch } from './league'

/**
 * A world for the visibility walk (docs/visibility.md): a player, the *hider*, owns one
 * object of every kind that takes an id — a private contest of each table with a post and a
 * comment on it, a group with a message, a private auction and tournament, private gangs, a
 * team and a classic team before their lock, an esports squad, and the things only their
 * owner sees (saved prizes, uploads, deposits, refund claims, scratch cards, UPI ids, game
 * accounts) — plus a disabled and an invited account. The *caller* is an ordinary signed-in
 * player who is in none of them, with objects of their own for the other ids of a path.
 *
 * Every text of a hidden object carries `SECRET`, so an answer that shows any of it is caught
 * by looking for that word (and for the hidden invite codes).
 */

export const SECRET = 'Zqxhidden'

/** What a path parameter names. Hidden kinds have a hidden instance; public ones do not. */
export const HIDDEN_KINDS = [
  'contest',
  'championship_contest',
  'esports_contest',
  'topic',
  'post',
  'comment',
  'group',
  'message',
  'auction',
  'auction_tournament',
  'auction_manager',
  'gang',
  'phase_gang',
  'user_team',
  'classic_team',
  'squad',
  'esports_member',
  'user',
  'user_id',
  'prize_structure',
  'attachment',
  'claim_refund',
  'user_credit',
  'scratch_card',
  'bhim_upi',
  'game_account',
] as const
export type HiddenKind = (typeof HIDDEN_KINDS)[number]

export const PUBLIC_KINDS = [
  'match',
  'series',
  'phase',
  'player',
  'esports_tournament',
  'esports_round',
  'leaderboard',
  'sport',
  'rules_slug',
  'token',
  'code',
  'gateway',
  'order',
  'classic_team_score',
] as const
export type PublicKind = (typeof PUBLIC_KINDS)[number]
export type Kind = HiddenKind | PublicKind

/** Ids no row has (in range, so they reach the lookup rather than the 422 of a bad id). */
const NO_ID = 2_000_000_000
const NO_UUID = '00000000-0000-4000-8000-00000000dead'
const NO_SLUG = 'nobody-zqx-404'

export interface HiddenWorld {
  deps: Deps
  api: ReturnType<typeof client>
  caller: { id: number; slug: string; token: string }
  hider: { id: number; slug: string; token: string }
  /** The hidden object of each kind; a second one where a kind hides two ways (an invited user). */
  hidden: Record<HiddenKind, string | number>
  also: Partial<Record<HiddenKind, Array<string | number>>>
  /** An id of the same kind that names nothing. */
  missing: Record<HiddenKind, string | number>
  /** A value of each kind the caller may see (their own, or public). */
  visible: Record<Kind, string | number>
  /** Other values of a path while one kind is hidden (the hidden object's own match, series …). */
  context: Partial<Record<HiddenKind, Partial<Record<Kind, string | number>>>>
  /** Words no answer about a hidden object may contain: `SECRET` and the hidden codes. */
  secrets: string[]
  /** A public paid contest of the hidden team's match, open to join. */
  publicContest: number
  /** A valid contest draft of the caller's (their team on the match). */
  draft: Record<string, unknown>
  /** The caller's own esports squad (in a public contest), which they captain. */
  ownSquad: number
}

export async function hiddenWorld(deps: Deps): Promise<HiddenWorld> {
  const api = client(deps)
  const admin = await api.admin()
  const kit = creationKit(deps, api, admin)
  const ok = async (what: string, pending: Promise<{ status: number; body: any }>) => {
    const res = await pending
    if (res.status >= 300) throw new Error(`hidden world: ${what} ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }
  const hider = await kit.withAccess(5000)
  const caller = await kit.withAccess(5000)
  const secrets = [SECRET]

  // Contests: a private daily one with a post and a comment, a private championship one.
  const match = await upcomingMatch(deps)
  const hDraft = await kit.draft(hider, { name: `${SECRET} daily` })
  const hTeam = hDraft.team_id as number
  const contest = (await ok('contest', api.post('/api/contests', hDraft, hider.token))).contest
  secrets.push(contest.invite_code ?? inviteOf(contest.invite_link))
  const post = (
    await ok(
      'post',
      api.post(`/api/contests/${contest.id}/posts`, { content: `${SECRET} post` }, hider.token),
    )
  ).post
  const comment = (
    await ok(
      'comment',
      api.post(`/api/posts/${post.id}/comments`, { content: `${SECRET} comment` }, hider.token),
    )
  ).comment
  const phase = await threeMatchPhase(deps)
  await ok(
    'classic team',
    api.post(
      '/api/championship/classic_teams',
      { phase_id: phase.id, ...(await classicBody(deps, phase.id)) },
      hider.token,
    ),
  )
  const classic = await deps.db
    .selectFrom('classic_teams')
    .select('id')
    .where('user_id', '=', hider.id)
    .executeTakeFirstOrThrow()
  const champ = (
    await ok(
      'championship contest',
      api.post(
        '/api/contests',
        {
          game: 'championship',
          phase_id: phase.id,
          name: `${SECRET} phase`,
          entry_fee: 100,
          members_limit: 5,
          is_private: true,
        },
        hider.token,
      ),
    )
  ).championship_contest
  secrets.push(inviteOf(champ.invite_link))

  // Esports: a private contest the hider hosts and plays in.
  await insertVerifiedAccount(deps.db, hider.id, 'pubg', 60, { in_game_name: `${SECRET}Gamer` })
  const esports = await insertEsportsContest(deps.db, {
    host_id: hider.id,
    name: `${SECRET} room`,
    is_private: true,
    invite_code: 'ZQXHIDDEN1',
    starts_at_ms: deps.clock.now() + 86_400_000,
    room_id: 'ZQXROOM1',
    room_password: 'zqxpass',
  })
  secrets.push('ZQXHIDDEN1', 'ZQXROOM1', 'zqxpass')
  await creditUnused(deps, hider.id, 100_000)
  await ok(
    'esports join',
    api.post(
      `/api/esports/contests/${esports.id}/join`,
      { squad_name: `${SECRET} squad`, invite_code: 'ZQXHIDDEN1' },
      hider.token,
    ),
  )
  const member = await deps.db
    .selectFrom('esports_members')
    .select(['id', 'squad_id'])
    .where('contest_id', '=', esports.id)
    .where('user_id', '=', hider.id)
    .executeTakeFirstOrThrow()
  const gameAccount = await deps.db
    .selectFrom('game_accounts')
    .select('id')
    .where('user_id', '=', hider.id)
    .executeTakeFirstOrThrow()

  // A group with a message; a private auction (the hider in it) and a private tournament.
  const group = (await ok('group', api.post('/api/groups', { name: `${SECRET} group` }, hider.token))).group
  const message = (
    await ok(
      'message',
      api.post(
        `/api/groups/${group.group_uuid_id}/messages`,
        { identifier_key: 'zqx-1', message: `${SECRET} message` },
        hider.token,
      ),
    )
  ).message
  const auction = (
    await ok(
      'auction',
      api.post(
        '/api/auctions',
        {
          name: `${SECRET} auction`,
          match_id: match.id,
          squad_min: 2,
          squad_max: 4,
          balanced: false,
          purse: 1000,
          private: true,
        },
        hider.token,
      ),
    )
  ).new_auction
  secrets.push(auction.code)
  await ok(
    'auction join',
    api.post(
      `/api/auctions/${auction.id}/join`,
      { code: auction.code, franchise_name: `${SECRET} XI`, color: 'blue' },
      hider.token,
    ),
  )
  const manager = await deps.db
    .selectFrom('auction_managers')
    .select('id')
    .where('auction_id', '=', auction.id)
    .executeTakeFirstOrThrow()
  const series = (
    await deps.db
      .selectFrom('matches')
      .select('series_id')
      .where('id', '=', match.id)
      .executeTakeFirstOrThrow()
  ).series_id
  const tournament = (
    await ok(
      'tournament',
      api.post(
        '/api/auction/tournaments',
        { name: `${SECRET} cup`, series_id: series, private: true },
        hider.token,
      ),
    )
  ).tournament
  if (tournament.code) secrets.push(tournament.code)

  // Private gangs, daily (the match's series) and of the phase.
  const gang = (
    await ok(
      'gang',
      api.post(`/api/series/${series}/leagues`, { name: `${SECRET} gang`, is_public: false }, hider.token),
    )
  ).gang
  secrets.push(gang.league_code)
  const phaseGang = (
    await ok(
      'phase gang',
      api.post(
        `/api/championship/series_phases/${phase.id}/leagues`,
        { name: `${SECRET} pals`, is_public: false },
        hider.token,
      ),
    )
  ).gang
  secrets.push(phaseGang.league_code)

  // Things only their owner sees.
  const saved = (
    await ok(
      'saved prize',
      api.post(
        '/api/prize_structures',
        { name: `${SECRET} podium`, ranges: [{ from: 1, to: 2, percent: 50 }] },
        hider.token,
      ),
    )
  ).prize_structure
  const photo = await upload(api, hider.token, PNG_1X1)
  if (photo.status !== 201) throw new Error(`hidden world: upload ${photo.status}`)
  const credit = (
    await ok('deposit', api.post('/api/user_credits', { enter_amount: 100, gateway: 'paytm' }, hider.token))
  ).user_credit
  const claim = (
    await ok(
      'refund claim',
      api.post(
        '/api/claim_refunds',
        { reason: `${SECRET} the deposit never arrived`, user_credit_id: credit.id },
        hider.token,
      ),
    )
  ).claim_refund
  const upi = await ok('upi', api.post('/api/bhim_upis', { upi_str: 'zqxhidden@okhdfc' }, hider.token))
  const card = await deps.db
    .selectFrom('scratch_cards')
    .select('id')
    .where('user_id', '=', hider.id)
    .executeTakeFirstOrThrow()

  // Accounts nobody may see: a disabled one and an invited one.
  const disabled = await makeUser(deps, { username: `${SECRET}off` })
  await deps.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', disabled.id).execute()
  const invited = (
    await ok(
      'invited',
      api.post(
        '/api/admin/users',
        { email: 'zqxinvited@example.test', username: `${SECRET}inv` },
        admin.token,
      ),
    )
  ).user

  // The caller's own: a contest, a team, a group, an auction, gangs, a classic team.
  const cDraft = await kit.draft(caller)
  const cTeam = cDraft.team_id as number
  const own = (await ok('own contest', api.post('/api/contests', cDraft, caller.token))).contest
  await kit.classicTeam(caller, phase.id)
  const ownChamp = (
    await ok(
      'own championship contest',
      api.post(
        '/api/contests',
        {
          game: 'championship',
          phase_id: phase.id,
          name: 'Mine phase',
          entry_fee: 100,
          members_limit: 5,
          is_private: true,
        },
        caller.token,
      ),
    )
  ).championship_contest
  const ownGroup = (await ok('own group', api.post('/api/groups', { name: 'Mine' }, caller.token))).group
  const ownAuction = (
    await ok(
      'own auction',
      api.post(
        '/api/auctions',
        { name: 'Mine', match_id: match.id, squad_min: 2, squad_max: 4, balanced: false, purse: 1000 },
        caller.token,
      ),
    )
  ).new_auction
  const ownGang = (
    await ok('own gang', api.post(`/api/series/${series}/leagues`, { name: 'Mine gang' }, caller.token))
  ).gang
  const ownPhaseGang = (
    await ok(
      'own phase gang',
      api.post(`/api/championship/series_phases/${phase.id}/leagues`, { name: 'Mine pals' }, caller.token),
    )
  ).gang
  const publicPost = (await ok('own post', api.post('/api/posts', { content: 'Mine' }, caller.token))).post
  await insertVerifiedAccount(deps.db, caller.id, 'pubg', 60)
  const openRoom = await insertEsportsContest(deps.db, {
    host_id: hider.id,
    name: 'Open room',
    starts_at_ms: deps.clock.now() + 86_400_000,
  })
  await ok(
    'own squad',
    api.post(`/api/esports/contests/${openRoom.id}/join`, { squad_name: 'Mine squad' }, caller.token),
  )
  const ownSquad = await deps.db
    .selectFrom('esports_members')
    .select('squad_id')
    .where('contest_id', '=', openRoom.id)
    .where('user_id', '=', caller.id)
    .executeTakeFirstOrThrow()

  const hidden: Record<HiddenKind, string | number> = {
    contest: contest.id,
    championship_contest: champ.id,
    esports_contest: esports.id,
    topic: post.topic_id,
    post: post.id,
    comment: comment.id,
    group: group.group_uuid_id,
    message: message.id,
    auction: auction.id,
    auction_tournament: tournament.id,
    auction_manager: manager.id,
    gang: gang.id,
    phase_gang: phaseGang.id,
    user_team: hTeam,
    classic_team: classic.id,
    squad: Number(member.squad_id),
    esports_member: Number(member.id),
    user: disabled.slug,
    user_id: disabled.id,
    prize_structure: saved.id,
    attachment: photo.body.attachment.id,
    claim_refund: claim.id,
    user_credit: credit.id,
    scratch_card: card.id,
    bhim_upi: upi.bhim_upi?.id ?? upi.id,
    game_account: Number(gameAccount.id),
  }
  const missing = Object.fromEntries(
    HIDDEN_KINDS.map((k) => [k, k === 'group' ? NO_UUID : k === 'user' ? NO_SLUG : NO_ID]),
  ) as Record<HiddenKind, string | number>
  // Daily contest ids stay below the esports ones (a shared path tells them apart by range).
  missing.contest = ESPORTS_CONTEST_ID_BASE - 1

  const visible: Record<Kind, string | number> = {
    contest: own.id,
    championship_contest: ownChamp.id,
    esports_contest: esports.id,
    topic: publicPost.topic_id,
    post: publicPost.id,
    comment: comment.id,
    group: ownGroup.group_uuid_id,
    message: message.id,
    auction: ownAuction.id,
    auction_tournament: tournament.id,
    auction_manager: manager.id,
    gang: ownGang.id,
    phase_gang: ownPhaseGang.id,
    user_team: cTeam,
    classic_team: classic.id,
    squad: Number(member.squad_id),
    esports_member: Number(member.id),
    user: hider.slug,
    user_id: hider.id,
    prize_structure: saved.id,
    attachment: photo.body.attachment.id,
    claim_refund: claim.id,
    user_credit: credit.id,
    scratch_card: card.id,
    bhim_upi: hidden.bhim_upi,
    game_account: Number(gameAccount.id),
    match: match.id,
    series,
    phase: phase.id,
    player: (await deps.db.selectFrom('players').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    esports_tournament: 1,
    esports_round: 1,
    leaderboard: 'weekly',
    sport: 'cricket',
    rules_slug: 'pubg',
    token: 'a'.repeat(43),
    code: 'NOSUCHCODE',
    gateway: 'paytm',
    order: credit.order_id,
    classic_team_score: 1,
  }
  const contests = (await api.get(`/api/matches/${match.id}/contests?per_page=100`)).body.contests as Array<{
    id: number
    is_private: boolean
    entry_fee: number
  }>
  const open = contests.find((c) => !c.is_private && c.entry_fee > 0 && c.entry_fee <= 100)
  if (!open) throw new Error('hidden world: no public paid contest on the match')
  return {
    deps,
    api,
    also: { user: [invited.slug], user_id: [invited.id] },
    publicContest: open.id,
    draft: { ...(await kit.draft(caller)), name: 'Probe league' },
    ownSquad: Number(ownSquad.squad_id),
    caller: { id: caller.id, slug: caller.slug, token: caller.token },
    hider: { id: hider.id, slug: hider.slug, token: hider.token },
    hidden,
    missing,
    visible,
    context: {
      user_team: { match: match.id },
      gang: { series },
      phase_gang: { phase: phase.id },
      auction: { auction_manager: manager.id },
    },
    secrets: secrets.filter((s): s is string => typeof s === 'string' && s.length > 0),
  }
}

const inviteOf = (link: string | undefined) =>
  link ? (new URL(link, 'http://x').searchParams.get('code') ?? '') : ''
