import { z } from '@hono/zod-openapi'

const id = (what: string) => z.number().int().optional().openapi({ description: what })
const text = (what: string) => z.string().optional().openapi({ description: what })

/**
 * What a notification carries beside its text: the ids of what it is about and where it leads.
 * One shape for every kind; each kind fills the fields that concern it (docs/notifications.md).
 * The web turns each kind into a page from these ids (`notificationLink`, web/src/features/notifications).
 */
export const NotificationDataSchema = z
  .object({
    path: text('Same-site page the notification leads to'),
    link: text('Same-site page (esports notifications, access requests)'),
    url: text('Same-site page of a squad invite'),
    user_id: id('The user it is about (a referral, an access request)'),
    user_slug: text('Profile of the user it is about (a follow, an access request)'),
    actor: text('Who did it, for grouped likes and comments'),
    others_count: z.number().int().optional().openapi({ description: 'How many others did the same' }),
    post_id: id('Post liked, commented or mentioned in'),
    comment_id: z
      .number()
      .int()
      .nullable()
      .optional()
      .openapi({ description: 'Comment replied to or mentioned in (null: the post itself)' }),
    group_uuid_id: text('Group a chat message came in'),
    message_id: id('Chat message'),
    level: id('Level reached'),
    level_name: text('Name of the level reached'),
    contest_id: id('Contest won, cancelled or removed from'),
    championship_contest_id: id('Championship contest won, cancelled or removed from'),
    member_id: id('Contest membership removed'),
    classic_team_id: id('Championship team'),
    match_id: id('Match whose lock reverted the transfers'),
    phase_id: id('Championship phase won'),
    amount: z.number().optional().openapi({ description: 'Rupees won' }),
    esports_contest_id: id('Esports contest'),
    version: id('Esports results version'),
    rank: z.number().int().nullable().optional().openapi({ description: 'Squad rank in the results' }),
    prize: z.number().optional().openapi({ description: 'Rupees won in the esports results' }),
    report_id: id('Dispute report'),
    squad_id: id('Esports squad invited to'),
    invite_code: text('Squad invite code'),
    kind: text('Esports game of a host-access request'),
    missing: z.array(z.string()).optional().openapi({ description: 'Host-access requirements not yet met' }),
    game_account_id: id('Game account verified or rejected'),
    game: text('Game of the game account'),
    auction_id: id('Auction'),
    manager_id: id('Auction manager approved, rejected or asking to join'),
    claim_refund_id: id('Refund claim decided'),
    user_credit_id: id('Wallet credit'),
    transaction_id: id('Ledger transaction a money notification is about (its passbook row)'),
    compartment: z
      .enum(['unused', 'winnings', 'coins'])
      .optional()
      .openapi({ description: 'Passbook the ledger transaction shows in' }),
    team_id: id('Team of the contest a deadline reminder is about'),
  })
  .openapi('NotificationData')

export type NotificationData = z.infer<typeof NotificationDataSchema>
