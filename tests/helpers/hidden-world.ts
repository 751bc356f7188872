import type { Deps } from '../../server/core/deps'
import { ESPORTS_CONTEST_ID_BASE } from '../../server/domain/esports/rules'
import {
  callersOwn,
  hiddenAccounts,
  hiddenContests,
  hiddenEsports,
  hiddenGangs,
  hiddenRooms,
  ownedByHider,
  startWorld,
} from './hidden-world-parts'
import type { client } from './http'

export { SECRET } from './hidden-world-parts'

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
  'classroom',
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
  const s = await startWorld(deps)
  const c = await hiddenContests(s)
  const e = await hiddenEsports(s)
  const r = await hiddenRooms(s)
  const g = await hiddenGangs(s)
  const o = await ownedByHider(s)
  const a = await hiddenAccounts(s)
  const own = await callersOwn(s)
  // A class (docs/classroom.md, "Gradebook"): its instructor's alone; written as `class create` writes its row.
  const classroom = async (by: number) =>
    (
      await deps.db
        .insertInto('classrooms')
        .values({ name: 'A class', created_by_id: by, students_count: 0, created_at_ms: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const hidden: Record<HiddenKind, string | number> = {
    contest: c.contest.id,
    championship_contest: c.champ.id,
    esports_contest: e.esports,
    topic: c.post.topic_id,
    post: c.post.id,
    comment: c.comment.id,
    group: r.group,
    message: r.message,
    auction: r.auction,
    auction_tournament: r.tournament,
    auction_manager: r.manager,
    gang: g.gang,
    phase_gang: g.phaseGang,
    user_team: c.team,
    classic_team: c.classic,
    squad: e.squad,
    esports_member: e.member,
    user: a.disabled.slug,
    user_id: a.disabled.id,
    prize_structure: o.saved,
    attachment: o.attachment,
    claim_refund: o.claim,
    user_credit: o.credit,
    scratch_card: o.card,
    bhim_upi: o.upi,
    game_account: e.account,
    classroom: await classroom(s.hider.id),
  }
  const missing = Object.fromEntries(
    HIDDEN_KINDS.map((k) => [k, k === 'group' ? NO_UUID : k === 'user' ? NO_SLUG : NO_ID]),
  ) as Record<HiddenKind, string | number>
  // Daily contest ids stay below the esports ones (a shared path tells them apart by range).
  missing.contest = ESPORTS_CONTEST_ID_BASE - 1
  const player = await deps.db.selectFrom('players').select('id').orderBy('id').executeTakeFirstOrThrow()
  const visible: Record<Kind, string | number> = {
    ...hidden,
    contest: own.contest,
    championship_contest: own.champ,
    topic: own.post.topic_id,
    post: own.post.id,
    group: own.group,
    auction: own.auction,
    classroom: await classroom(s.caller.id),
    gang: own.gang,
    phase_gang: own.phaseGang,
    user_team: own.draft.team_id as number,
    squad: own.squad,
    user: s.hider.slug,
    user_id: s.hider.id,
    match: s.match.id,
    series: s.series,
    phase: s.phase.id,
    player: player.id,
    esports_tournament: 1,
    esports_round: 1,
    leaderboard: 'weekly',
    sport: 'cricket',
    rules_slug: 'pubg',
    token: 'a'.repeat(43),
    code: 'NOSUCHCODE',
    gateway: 'paytm',
    order: o.order,
    classic_team_score: 1,
  }
  return {
    deps,
    api: s.api,
    caller: { id: s.caller.id, slug: s.caller.slug, token: s.caller.token },
    hider: { id: s.hider.id, slug: s.hider.slug, token: s.hider.token },
    hidden,
    also: { user: [a.invited.slug], user_id: [a.invited.id] },
    missing,
    visible,
    context: {
      user_team: { match: s.match.id },
      gang: { series: s.series },
      phase_gang: { phase: s.phase.id },
      auction: { auction_manager: r.manager },
    },
    secrets: s.secrets.filter((x) => x.length > 0),
    publicContest: own.publicContest,
    draft: { ...own.draft, name: 'Probe league' },
    ownSquad: own.squad,
  }
}
