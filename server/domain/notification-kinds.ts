// Every kind of notification the product sends (docs/notifications.md, "Kinds"). `notify` takes
// only these, and the web's `notificationLink` holds a destination for each: a kind added here
// without one fails the typecheck there, and one sent without being added here fails it at the
// sender.

export const NOTIFICATION_KINDS = [
  // account and social
  'welcome',
  'follow',
  'level_up',
  'referral',
  'mention',
  'post_liked',
  'post_commented',
  'comment_reply',
  'report_resolved',
  'group_message',
  // money and KYC
  'wallet_credit',
  'redemption_paid',
  'redemption_rejected',
  'claim_refund_refunded',
  'claim_refund_rejected',
  'pan_approved',
  'pan_rejected',
  // daily and championship contests
  'contest_won',
  'contest_cancelled',
  'contest_deleted',
  'contest_member_removed',
  'contest_access_granted',
  'contest_deadline',
  'phase_won',
  'classic_transfers_reverted',
  // auctions
  'auction_join_request',
  'auction_approved',
  'auction_rejected',
  'auction_started',
  'auction_lot_opened',
  // esports
  'esports_squad_invite',
  'esports_squad_removed',
  'esports_contest_cancelled',
  'esports_room_details',
  'esports_results',
  'esports_results_corrected',
  'esports_dispute',
  'esports_access_request',
  'esports_access_requested',
  'game_account_verified',
  'game_account_rejected',
] as const

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** The passbooks a money notification can point into (the ledger's user compartments). */
export type PassbookCompartment = 'unused' | 'winnings' | 'coins'
