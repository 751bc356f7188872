import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../server/domain/notification-kinds'
import { DESTINATIONS, notificationLink } from '../../../web/src/features/notifications/links'
import type { Schema } from '../../../web/src/lib/client'
import { routes } from '../../../web/src/routes'

type Data = Schema<'NotificationData'>

/**
 * What each kind carries, as its sender writes it (server/areas/…). Typed by the kinds, so a
 * new kind needs its example here too; `{}` checks the fallback a kind has without its ids.
 */
const SENT: Record<NotificationKind, Data> = {
  welcome: {},
  follow: { user_slug: 'asha' },
  level_up: { level: 3, level_name: 'Rookie' },
  referral: { user_id: 5, transaction_id: 12, compartment: 'coins' },
  mention: { post_id: 4, comment_id: 9, path: '/posts/4#comment-9' },
  post_liked: { post_id: 4, path: '/posts/4' },
  post_commented: { post_id: 4, comment_id: 9, path: '/posts/4#comment-9' },
  comment_reply: { post_id: 4, comment_id: 9, path: '/posts/4#comment-9' },
  report_resolved: { report_id: 2, path: '/users/asha' },
  group_message: { group_uuid_id: 'a1b2', message_id: 3, path: '/groups/a1b2' },
  wallet_credit: { user_credit_id: 8, transaction_id: 40, compartment: 'unused' },
  redemption_paid: { transaction_id: 41, compartment: 'winnings' },
  redemption_rejected: { transaction_id: 42, compartment: 'winnings' },
  claim_refund_refunded: { claim_refund_id: 3, transaction_id: 43, compartment: 'unused' },
  claim_refund_rejected: { claim_refund_id: 3 },
  pan_approved: {},
  pan_rejected: {},
  contest_won: { contest_id: 7, amount: 236 },
  contest_cancelled: { contest_id: 7 },
  contest_deleted: { championship_contest_id: 8 },
  contest_member_removed: { contest_id: 7, member_id: 70 },
  contest_access_granted: {},
  contest_deadline: { contest_id: 7, match_id: 3, path: '/matches/3/create-team' },
  phase_won: { phase_id: 2, classic_team_id: 5, amount: 100 },
  classic_transfers_reverted: { classic_team_id: 5, match_id: 3 },
  auction_join_request: { auction_id: 6, manager_id: 60 },
  auction_approved: { auction_id: 6, manager_id: 60 },
  auction_rejected: { auction_id: 6, manager_id: 60 },
  auction_started: { auction_id: 6 },
  auction_lot_opened: { auction_id: 6, manager_id: 60, path: '/auctions/6/bidding' },
  esports_squad_invite: { path: '/contests/1000001/squad-update?code=AB12', contest_id: 1000001 },
  esports_squad_removed: { path: '/contests/1000001', contest_id: 1000001 },
  esports_contest_cancelled: { esports_contest_id: 1000001, link: '/contests/1000001' },
  esports_room_details: { path: '/contests/1000001/room', esports_contest_id: 1000001 },
  esports_results: { esports_contest_id: 1000001, link: '/contests/1000001/pubg-update' },
  esports_results_corrected: { esports_contest_id: 1000001, link: '/contests/1000001/free-fire-update' },
  esports_dispute: { esports_contest_id: 1000001, report_id: 4 },
  esports_access_request: { user_id: 5, link: '/users/asha' },
  esports_access_requested: { link: '/contests/create/pubg-contest-requirement' },
  game_account_verified: { game_account_id: 2, path: '/profile/settings' },
  game_account_rejected: { game_account_id: 2, path: '/profile/settings' },
}

/** Whether the web router has a page at `link` (not the catch-all 404). */
function routed(link: string): boolean {
  const pathname = new URL(link, 'http://app.test').pathname
  const matches = matchRoutes(routes, pathname)
  const leaf = matches?.at(-1)?.route
  return leaf !== undefined && leaf.path !== '*'
}

describe('notificationLink, for every kind the server sends', () => {
  it.each([...NOTIFICATION_KINDS])('leads %s to a page of the router, with and without its ids', (kind) => {
    for (const data of [SENT[kind], {}]) {
      const link = notificationLink({ kind, data })
      expect(link, `${kind} ${JSON.stringify(data)}`).not.toBeNull()
      expect(routed(link as string), `${kind} → ${link}`).toBe(true)
    }
  })

  it('has a destination for exactly the kinds the server sends', () => {
    expect(Object.keys(DESTINATIONS).sort()).toEqual([...NOTIFICATION_KINDS].sort())
  })

  it('takes money to its passbook row, KYC to verification, auctions to the room', () => {
    expect(notificationLink({ kind: 'wallet_credit', data: SENT.wallet_credit })).toBe(
      '/wallet/unused-passbook?txn=40',
    )
    expect(notificationLink({ kind: 'redemption_paid', data: SENT.redemption_paid })).toBe(
      '/wallet/winnings-passbook?txn=41',
    )
    expect(notificationLink({ kind: 'referral', data: SENT.referral })).toBe('/wallet/coins-passbook?txn=12')
    expect(notificationLink({ kind: 'pan_approved', data: {} })).toBe('/wallet/verify-pan-card')
    expect(notificationLink({ kind: 'auction_approved', data: SENT.auction_approved })).toBe('/auctions/6')
    expect(notificationLink({ kind: 'contest_won', data: SENT.contest_won })).toBe('/contests/7')
    expect(notificationLink({ kind: 'contest_deleted', data: SENT.contest_deleted })).toBe(
      '/contests/8/championship-stats',
    )
  })

  it('knows a path the router does not have when it sees one', () => {
    expect(routed('/wallet/nowhere')).toBe(false)
    expect(routed('/wallet/unused-passbook?txn=1')).toBe(true)
  })
})
