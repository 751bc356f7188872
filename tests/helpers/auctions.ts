/**
 * The body of a small unbalanced auction for the match (squads of 2 to 4, a purse of 1000 credits),
 * as most auction tests create it; `more` adds settings or overrides these.
 */
export const smallAuction = (name: string, matchId: number, more: Record<string, unknown> = {}) => ({
  name,
  match_id: matchId,
  squad_min: 2,
  squad_max: 4,
  balanced: false,
  purse: 1000,
  ...more,
})
