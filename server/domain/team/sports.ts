/**
 * The team-building shape of each sport (spec §5, DESIGN §5 "Teams"): how many players a
 * team has and which family of position rules applies. Budgets are integer tenths of a
 * credit (100 credits → 1000) for every sport.
 */
export type SportFamily = 'cricket' | 'football' | 'racing' | 'battle_royale'

export interface SportRules {
  slug: string
  name: string
  family: SportFamily
  team_size: number
  budget_tenths: number
}

export const BUDGET_TENTHS = 1000

/** One player of a match's pool, as the rules see it. `value_tenths` is 95 for 9.5 credits. */
export interface TeamPlayer {
  id: number
  style: number
  value_tenths: number
  real_team_id: number
}

export const SPORT_RULES: Readonly<Record<string, SportRules>> = {
  cricket: {
    slug: 'cricket',
    name: 'cricket',
    family: 'cricket',
    team_size: 11,
    budget_tenths: BUDGET_TENTHS,
  },
  football: {
    slug: 'football',
    name: 'football',
    family: 'football',
    team_size: 11,
    budget_tenths: BUDGET_TENTHS,
  },
  f1: { slug: 'f1', name: 'F1', family: 'racing', team_size: 5, budget_tenths: BUDGET_TENTHS },
  pubg: { slug: 'pubg', name: 'PUBG', family: 'battle_royale', team_size: 5, budget_tenths: BUDGET_TENTHS },
  'free-fire': {
    slug: 'free-fire',
    name: 'Free Fire',
    family: 'battle_royale',
    team_size: 5,
    budget_tenths: BUDGET_TENTHS,
  },
  'call-of-duty': {
    slug: 'call-of-duty',
    name: 'Call of Duty',
    family: 'battle_royale',
    team_size: 5,
    budget_tenths: BUDGET_TENTHS,
  },
}

/** The rules of a sport by slug; an unknown slug is a programming error, not user input. */
export function sportRules(sport: SportRules | string): SportRules {
  if (typeof sport !== 'string') return sport
  const rules = SPORT_RULES[sport]
  if (!rules) throw new Error(`No team rules for sport "${sport}"`)
  return rules
}

/** Style code → number of selected players with it. */
export type StyleCounts = Map<number, number>

export function countStyles(players: ReadonlyArray<{ style: number }>): StyleCounts {
  const counts: StyleCounts = new Map()
  for (const p of players) counts.set(p.style, (counts.get(p.style) ?? 0) + 1)
  return counts
}
