import type { Deps } from '../../server/core/deps'
import { smallAuction } from './auctions'
import { classicBody, threeMatchPhase } from './championship'
import { creationKit } from './contest-creation'
import { rowById } from './db'
import { disableUser, makeUser } from './deps'
import { creditUnused, insertEsportsContest, insertVerifiedAccount } from './esports-fixture'
import { client } from './http'
import { PNG_1X1, upload } from './kyc'
import { upcomingMatch } from './league'

/**
 * The steps of `hiddenWorld` (hidden-world.ts): each makes one family of objects through the
 * API (or, for esports contests and game accounts, the fixtures), as their owners would.
 */
export const SECRET = 'Zqxhidden'

export async function startWorld(deps: Deps) {
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
  const match = await upcomingMatch(deps)
  const phase = await threeMatchPhase(deps)
  const series = (await rowById(deps.db, 'matches', match.id, 'series_id')).series_id
  return { deps, api, admin, kit, ok, hider, caller, match, phase, series, secrets: [SECRET] as string[] }
}
export type Start = Awaited<ReturnType<typeof startWorld>>

const inviteOf = (link: string | undefined) =>
  link ? (new URL(link, 'http://x').searchParams.get('code') ?? '') : ''

const championshipDraft = (phaseId: number, name: string) => ({
  game: 'championship',
  phase_id: phaseId,
  name,
  entry_fee: 100,
  members_limit: 5,
  is_private: true,
})

/** A private daily contest with a post and a comment; a classic team and a private championship contest. */
export async function hiddenContests(s: Start) {
  const { api, ok, hider, deps } = s
  const draft = await s.kit.draft(hider, { name: `${SECRET} daily` })
  const contest = (await ok('contest', api.post('/api/contests', draft, hider.token))).contest
  s.secrets.push(contest.invite_code ?? inviteOf(contest.invite_link))
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
  const body = { phase_id: s.phase.id, ...(await classicBody(deps, s.phase.id)) }
  await ok('classic team', api.post('/api/championship/classic_teams', body, hider.token))
  const classic = await deps.db
    .selectFrom('classic_teams')
    .select('id')
    .where('user_id', '=', hider.id)
    .executeTakeFirstOrThrow()
  const champ = (
    await ok(
      'championship contest',
      api.post('/api/contests', championshipDraft(s.phase.id, `${SECRET} phase`), hider.token),
    )
  ).championship_contest
  s.secrets.push(inviteOf(champ.invite_link))
  return { contest, post, comment, team: draft.team_id as number, classic: classic.id, champ }
}

/** A private esports contest the hider hosts and plays in, with its room set. */
export async function hiddenEsports(s: Start) {
  const { deps, api, ok, hider } = s
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
  s.secrets.push('ZQXHIDDEN1', 'ZQXROOM1', 'zqxpass')
  await creditUnused(deps, hider.id, 100_000)
  const join = { squad_name: `${SECRET} squad`, invite_code: 'ZQXHIDDEN1' }
  await ok('esports join', api.post(`/api/esports/contests/${esports.id}/join`, join, hider.token))
  const member = await deps.db
    .selectFrom('esports_members')
    .select(['id', 'squad_id'])
    .where('contest_id', '=', esports.id)
    .where('user_id', '=', hider.id)
    .executeTakeFirstOrThrow()
  const account = await deps.db
    .selectFrom('game_accounts')
    .select('id')
    .where('user_id', '=', hider.id)
    .executeTakeFirstOrThrow()
  return {
    esports: esports.id,
    squad: Number(member.squad_id),
    member: Number(member.id),
    account: Number(account.id),
  }
}

/** A group with a message; a private auction with the hider as its manager; a private tournament. */
export async function hiddenRooms(s: Start) {
  const { deps, api, ok, hider } = s
  const group = (await ok('group', api.post('/api/groups', { name: `${SECRET} group` }, hider.token))).group
  const say = { identifier_key: 'zqx-1', message: `${SECRET} message` }
  const message = (
    await ok('message', api.post(`/api/groups/${group.group_uuid_id}/messages`, say, hider.token))
  ).message
  const settings = { match_id: s.match.id, squad_min: 2, squad_max: 4, balanced: false, purse: 1000 }
  const auction = (
    await ok(
      'auction',
      api.post('/api/auctions', { ...settings, name: `${SECRET} auction`, private: true }, hider.token),
    )
  ).new_auction
  s.secrets.push(auction.code)
  const franchise = { code: auction.code, franchise_name: `${SECRET} XI`, color: 'blue' }
  await ok('auction join', api.post(`/api/auctions/${auction.id}/join`, franchise, hider.token))
  const manager = await deps.db
    .selectFrom('auction_managers')
    .select('id')
    .where('auction_id', '=', auction.id)
    .executeTakeFirstOrThrow()
  const cup = { name: `${SECRET} cup`, series_id: s.series, private: true }
  const tournament = (await ok('tournament', api.post('/api/auction/tournaments', cup, hider.token)))
    .tournament
  if (tournament.code) s.secrets.push(tournament.code)
  return {
    group: group.group_uuid_id,
    message: message.id,
    auction: auction.id,
    manager: manager.id,
    tournament: tournament.id,
  }
}

/** Private gangs: a daily one (the match's series) and one of the phase. */
export async function hiddenGangs(s: Start) {
  const { api, ok, hider } = s
  const gang = (
    await ok(
      'gang',
      api.post(`/api/series/${s.series}/leagues`, { name: `${SECRET} gang`, is_public: false }, hider.token),
    )
  ).gang
  const phaseGang = (
    await ok(
      'phase gang',
      api.post(
        `/api/championship/series_phases/${s.phase.id}/leagues`,
        { name: `${SECRET} pals`, is_public: false },
        hider.token,
      ),
    )
  ).gang
  s.secrets.push(gang.league_code, phaseGang.league_code)
  return { gang: gang.id, phaseGang: phaseGang.id }
}

/** Things only their owner sees: a saved prize, an upload, a deposit and its refund claim, a UPI id, a scratch card. */
export async function ownedByHider(s: Start) {
  const { deps, api, ok, hider } = s
  const podium = { name: `${SECRET} podium`, ranges: [{ from: 1, to: 2, percent: 50 }] }
  const saved = (await ok('saved prize', api.post('/api/prize_structures', podium, hider.token)))
    .prize_structure
  const photo = await upload(api, hider.token, PNG_1X1)
  if (photo.status !== 201) throw new Error(`hidden world: upload ${photo.status}`)
  const deposit = { enter_amount: 100, gateway: 'paytm' }
  const credit = (await ok('deposit', api.post('/api/user_credits', deposit, hider.token))).user_credit
  const claimBody = { reason: `${SECRET} the deposit never arrived`, user_credit_id: credit.id }
  const claim = (await ok('refund claim', api.post('/api/claim_refunds', claimBody, hider.token)))
    .claim_refund
  const upi = await ok('upi', api.post('/api/bhim_upis', { upi_str: 'zqxhidden@okhdfc' }, hider.token))
  const card = await deps.db
    .selectFrom('scratch_cards')
    .select('id')
    .where('user_id', '=', hider.id)
    .executeTakeFirstOrThrow()
  return {
    saved: saved.id as number,
    attachment: photo.body.attachment.id as number,
    credit: credit.id as number,
    order: credit.order_id as string,
    claim: claim.id as number,
    upi: (upi.bhim_upi?.id ?? upi.id) as number,
    card: card.id,
  }
}

/** Accounts nobody may see: a disabled one and an invited one. */
export async function hiddenAccounts(s: Start) {
  const disabled = await makeUser(s.deps, { username: `${SECRET}off` })
  await disableUser(s.deps, disabled.id)
  const invite = { email: 'zqxinvited@example.test', username: `${SECRET}inv` }
  const invited = (await s.ok('invited', s.api.post('/api/admin/users', invite, s.admin.token))).user
  return { disabled, invited: invited as { id: number; slug: string } }
}

/** The caller's own objects, for the other ids of a path: contests, a team, a group, an auction, gangs, a post, a squad. */
export async function callersOwn(s: Start) {
  const { api, ok, caller, kit } = s
  const draft = await kit.draft(caller)
  const contest = (await ok('own contest', api.post('/api/contests', draft, caller.token))).contest
  await kit.classicTeam(caller, s.phase.id)
  const champ = (
    await ok(
      'own championship contest',
      api.post('/api/contests', championshipDraft(s.phase.id, 'Mine phase'), caller.token),
    )
  ).championship_contest
  const group = (await ok('own group', api.post('/api/groups', { name: 'Mine' }, caller.token))).group
  const settings = smallAuction('Mine', s.match.id)
  const auction = (await ok('own auction', api.post('/api/auctions', settings, caller.token))).new_auction
  const gang = (
    await ok('own gang', api.post(`/api/series/${s.series}/leagues`, { name: 'Mine gang' }, caller.token))
  ).gang
  const phaseGang = (
    await ok(
      'own phase gang',
      api.post(`/api/championship/series_phases/${s.phase.id}/leagues`, { name: 'Mine pals' }, caller.token),
    )
  ).gang
  const post = (await ok('own post', api.post('/api/posts', { content: 'Mine' }, caller.token))).post
  return {
    draft,
    contest: contest.id as number,
    champ: champ.id as number,
    group: group.group_uuid_id as string,
    auction: auction.id as number,
    gang: gang.id as number,
    phaseGang: phaseGang.id as number,
    post: post as { id: number; topic_id: number },
    squad: await callersSquad(s),
    publicContest: await publicContest(s),
  }
}

/** The caller captains a squad in a public esports room. */
async function callersSquad(s: Start): Promise<number> {
  const { deps, api, ok, caller } = s
  await insertVerifiedAccount(deps.db, caller.id, 'pubg', 60)
  const room = await insertEsportsContest(deps.db, {
    host_id: s.hider.id,
    name: 'Open room',
    starts_at_ms: deps.clock.now() + 86_400_000,
  })
  await ok(
    'own squad',
    api.post(`/api/esports/contests/${room.id}/join`, { squad_name: 'Mine squad' }, caller.token),
  )
  const member = await deps.db
    .selectFrom('esports_members')
    .select('squad_id')
    .where('contest_id', '=', room.id)
    .where('user_id', '=', caller.id)
    .executeTakeFirstOrThrow()
  return Number(member.squad_id)
}

/** A public paid contest of the match, open to join. */
async function publicContest(s: Start): Promise<number> {
  const contests = (await s.api.get(`/api/matches/${s.match.id}/contests?per_page=100`)).body
    .contests as Array<{
    id: number
    is_private: boolean
    entry_fee: number
  }>
  const open = contests.find((c) => !c.is_private && c.entry_fee > 0 && c.entry_fee <= 100)
  if (!open) throw new Error('hidden world: no public paid contest on the match')
  return open.id
}
