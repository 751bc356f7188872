import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type PassbookCompartment,
} from '../../../../server/domain/notification-kinds'
import type { Schema } from '../../lib/client'

type Data = Schema<'NotificationData'>
type Destination = (data: Data) => string | null

/** Only same-site paths are followed, so a notification can never send the player off the product. */
const sameSite = (path: unknown): string | null =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null

const num = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value)

/** The passbook the money went through, at its row (`?txn=`: the page scrolls to it and marks it). */
export const passbookPath = (compartment: PassbookCompartment, transactionId?: number) =>
  `/wallet/${compartment}-passbook${num(transactionId) ? `?txn=${transactionId}` : ''}`

const passbook =
  (fallback: PassbookCompartment): Destination =>
  (d) =>
    passbookPath(d.compartment ?? fallback, d.transaction_id)

/** The page the sender wrote in `data.path` (a post, a comment, a chat, a squad invite…), else `fallback`. */
const written =
  (fallback: Destination = () => null): Destination =>
  (d) =>
    sameSite(d.path) ?? sameSite(d.link) ?? fallback(d)

const contest: Destination = (d) =>
  num(d.contest_id)
    ? `/contests/${d.contest_id}`
    : num(d.championship_contest_id)
      ? `/contests/${d.championship_contest_id}/championship-stats`
      : '/my-contests'

const esportsContest: Destination = written((d) =>
  num(d.esports_contest_id) ? `/contests/${d.esports_contest_id}` : '/my-contests',
)

const profile: Destination = (d) =>
  typeof d.user_slug === 'string' && d.user_slug.length > 0
    ? `/users/${encodeURIComponent(d.user_slug)}`
    : '/users/followers'

const auctionRoom: Destination = (d) => (num(d.auction_id) ? `/auctions/${d.auction_id}` : '/auctions')

/**
 * Where each kind of notification leads (docs/notifications.md, "Destinations"): money to its
 * passbook row, KYC to the verification page, auctions to the room, contest events to the
 * contest, social ones to the post or profile, chat to the conversation, esports to its contest.
 * Typed by every kind the server sends: a new kind without a destination does not compile.
 */
export const DESTINATIONS: Record<NotificationKind, Destination> = {
  welcome: () => '/contests',
  follow: profile,
  level_up: () => '/profile',
  referral: passbook('coins'),
  mention: written(() => '/feeds'),
  post_liked: written((d) => (num(d.post_id) ? `/posts/${d.post_id}` : '/feeds')),
  post_commented: written((d) => (num(d.post_id) ? `/posts/${d.post_id}` : '/feeds')),
  comment_reply: written((d) => (num(d.post_id) ? `/posts/${d.post_id}` : '/feeds')),
  report_resolved: written(() => '/feeds'),
  group_message: written((d) => (d.group_uuid_id ? `/groups/${d.group_uuid_id}` : '/groups')),
  wallet_credit: passbook('unused'),
  redemption_paid: passbook('winnings'),
  redemption_rejected: passbook('winnings'),
  claim_refund_refunded: passbook('unused'),
  claim_refund_rejected: () => '/help/refund-status',
  pan_approved: () => '/wallet/verify-pan-card',
  pan_rejected: () => '/wallet/verify-pan-card',
  contest_won: contest,
  contest_cancelled: contest,
  contest_deleted: contest,
  contest_member_removed: contest,
  contest_access_granted: () => '/contests/create',
  contest_deadline: written(contest),
  phase_won: (d) => (num(d.phase_id) ? `/championship/phases/${d.phase_id}/leaderboard` : '/championship'),
  classic_transfers_reverted: (d) =>
    num(d.classic_team_id) ? `/championship/teams/${d.classic_team_id}` : '/championship',
  auction_join_request: auctionRoom,
  auction_approved: auctionRoom,
  auction_rejected: auctionRoom,
  auction_lot_opened: (d) => (num(d.auction_id) ? `/auctions/${d.auction_id}/bidding` : '/auctions'),
  auction_started: (d) =>
    num(d.auction_id) ? `/auction/tournaments/${d.auction_id}` : '/auction/tournaments',
  esports_squad_invite: esportsContest,
  esports_squad_removed: esportsContest,
  esports_contest_cancelled: esportsContest,
  esports_room_details: esportsContest,
  esports_results: esportsContest,
  esports_results_corrected: esportsContest,
  esports_dispute: esportsContest,
  esports_access_request: written(profile),
  esports_access_requested: written(() => '/contests/create/pubg-contest-requirement'),
  game_account_verified: written(() => '/profile/settings'),
  game_account_rejected: written(() => '/profile/settings'),
}

const isKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind)

/**
 * Where a notification leads. Every product kind has a page; an admin's announcement (a kind
 * of the admin's choosing) is about no page and leads nowhere.
 */
export function notificationLink(n: { kind: string; data: Data }): string | null {
  return isKind(n.kind) ? DESTINATIONS[n.kind](n.data) : null
}
