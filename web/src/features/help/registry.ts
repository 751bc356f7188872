import type { ArticleBodies } from './article-bodies'

/**
 * Every help page: its address, title and one line for the index. The article bodies are
 * loaded on demand, one chunk per group.
 */
export interface HelpEntry {
  slug: string
  title: string
  summary: string
  group: HelpGroup
}

export type HelpGroup = 'Playing' | 'Championship' | 'Auctions' | 'Esports' | 'Money' | 'Support'

/** Article bodies loaded so far; a help route loads its group before it renders. */
export const loadedBodies: ArticleBodies = {}

export async function loadHelpGroup(group: HelpGroup): Promise<void> {
  Object.assign(loadedBodies, (await HELP_GROUPS[group]()).bodies)
}

export const HELP_GROUPS: Record<HelpGroup, () => Promise<{ bodies: ArticleBodies }>> = {
  Playing: () => import('./articles/team-creation'),
  Championship: () => import('./articles/championship'),
  Auctions: () => import('./articles/auction'),
  Esports: () => import('./articles/esports'),
  Money: () => import('./articles/money'),
  Support: () => import('./articles/support'),
}

export const HELP_ENTRIES: HelpEntry[] = [
  {
    slug: 'cricket-team-creation',
    group: 'Playing',
    title: 'Cricket team creation (single match)',
    summary: '11 players, 100 credits, the role rules, captain and vice-captain.',
  },
  {
    slug: 'football-team-creation',
    group: 'Playing',
    title: 'Football team creation',
    summary: 'One goalkeeper, 3–5 defenders, 3–5 midfielders, 1–3 forwards.',
  },
  {
    slug: 'f1-team-creation',
    group: 'Playing',
    title: 'F1 team creation',
    summary: 'Five drivers within 100 credits, scored on the race result.',
  },
  {
    slug: 'pubg-team-creation',
    group: 'Playing',
    title: 'PUBG team creation',
    summary: 'Five players, placement and finish points.',
  },
  {
    slug: 'championship',
    group: 'Championship',
    title: 'Championship mode',
    summary: 'One team for a whole series phase, with transfers between matches.',
  },
  {
    slug: 'championship-team-creation',
    group: 'Championship',
    title: 'Championship team creation and transfers',
    summary: 'Free and paid transfers, how they are counted and carried forward.',
  },
  {
    slug: 'auction',
    group: 'Auctions',
    title: 'Auctions',
    summary: 'Run a cricket auction with friends: open rounds, sealed rounds and tournaments.',
  },
  {
    slug: 'auction-bidding',
    group: 'Auctions',
    title: 'Bidding in an auction',
    summary: 'Bid amounts, timers, windows, purse and squad limits, releases.',
  },
  {
    slug: 'auction-assigning-rules',
    group: 'Auctions',
    title: 'How players are assigned',
    summary: 'Descending base price, highest bid that fits, the GiniPini tie-break.',
  },
  {
    slug: 'auction-balance-team',
    group: 'Auctions',
    title: 'Balanced squads',
    summary: 'When your squad scores: keeper, batters and bowlers you need.',
  },
  {
    slug: 'pubg-rules',
    group: 'Esports',
    title: 'PUBG contest rules',
    summary: 'Rooms, squads, scoring and fair play for PUBG contests.',
  },
  {
    slug: 'free-fire-rules',
    group: 'Esports',
    title: 'Free Fire contest rules',
    summary: 'Rooms, squads, scoring and fair play for Free Fire contests.',
  },
  {
    slug: 'call-of-duty-rules',
    group: 'Esports',
    title: 'Call of Duty contest rules',
    summary: 'Lobbies, squads, scoring and fair play for Call of Duty contests.',
  },
  {
    slug: 'wallet',
    group: 'Money',
    title: 'Your wallet',
    summary: 'Unused balance, winnings and coins: what each is for.',
  },
  {
    slug: 'redemptions',
    group: 'Money',
    title: 'Withdrawals (redemptions)',
    summary: 'Bank and UPI withdrawals, limits, fees, KYC and TDS.',
  },
  {
    slug: 'claim-refund',
    group: 'Money',
    title: 'Claim a refund',
    summary: 'A payment that did not arrive or a contest gone wrong: tell us and we refund it.',
  },
  {
    slug: 'refund-status',
    group: 'Money',
    title: 'Refund status',
    summary: 'Your refund claims and where each one stands.',
  },
  {
    slug: 'details',
    group: 'Support',
    title: 'Contact and support',
    summary: 'How to reach us and what to include when you write.',
  },
]
