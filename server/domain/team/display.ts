import { STYLE } from '../styles'
import { bestCricketAssignment, type CricketRole } from './cricket'
import { FOOTBALL_POSITIONS } from './football'
import { countStyles, type SportRules, sportRules } from './sports'

/**
 * How a team is shown: the builder's role tabs and the preview rows of spec §2 ("cricket
 * 4/3/4; football four rows by style 101, 102, 103, 104; PUBG-type teams 3/2").
 */
export interface RoleTab {
  /** Also the key of `role_counts` in a team check. */
  key: string
  label: string
  title: string
  /** Styles listed on the tab. A flexible cricket style is listed on both tabs it can fill. */
  styles: number[]
  min?: number
  max?: number
}

const CRICKET_TABS: RoleTab[] = [
  {
    key: 'WK',
    label: 'WK',
    title: 'Wicket-keepers',
    styles: [STYLE.PURE_KEEPER, STYLE.BATTER_KEEPER],
    min: 1,
  },
  {
    key: 'BAT',
    label: 'BAT',
    title: 'Batters',
    styles: [STYLE.BATTER, STYLE.BATTER_ALLROUNDER, STYLE.BATTER_KEEPER],
    min: 4,
  },
  {
    key: 'AR',
    label: 'AR',
    title: 'All-rounders',
    styles: [STYLE.ALLROUNDER, STYLE.BATTER_ALLROUNDER, STYLE.ALLROUNDER_BOWLER],
    min: 1,
  },
  { key: 'BOWL', label: 'BOWL', title: 'Bowlers', styles: [STYLE.BOWLER, STYLE.ALLROUNDER_BOWLER], min: 2 },
]

const FOOTBALL_TITLES = { GK: 'Goalkeepers', DEF: 'Defenders', MID: 'Midfielders', FWD: 'Forwards' } as const

export function roleTabs(sport: SportRules | string): RoleTab[] {
  const { family } = sportRules(sport)
  if (family === 'cricket') return CRICKET_TABS.map((tab) => ({ ...tab, styles: [...tab.styles] }))
  if (family === 'football')
    return FOOTBALL_POSITIONS.map((pos) => ({
      key: pos.key,
      label: pos.key,
      title: FOOTBALL_TITLES[pos.key],
      styles: [pos.style],
      min: pos.min,
      max: pos.max,
    }))
  if (family === 'racing') return [{ key: 'DRV', label: 'DRV', title: 'Drivers', styles: [STYLE.DRIVER] }]
  return [{ key: 'PLR', label: 'PLR', title: 'Players', styles: [STYLE.BATTLE_ROYALE] }]
}

const CRICKET_ROLE_ORDER: Record<CricketRole, number> = { WK: 0, BAT: 1, AR: 2, BOWL: 3 }

/**
 * Preview rows, each player tagged with the role it fills.
 * - Cricket: players in role order (keepers, batters, all-rounders, bowlers; flexible styles
 *   take the role the best assignment gives them, see team/cricket.ts) laid out in rows of
 *   4, 3 and 4. Roles do not line up with rows (a valid XI can have 1 keeper and 6 batters),
 *   so the rows are a grid filled in role order: any valid XI is exactly 4/3/4.
 * - Football: four rows, GK, DEF, MID, FWD (styles 101–104), however many each holds.
 * - Racing and battle royale: rows of 3 and 2.
 * Players beyond the team size (or of a style the sport does not know) go in a last row.
 */
export function teamRows<T extends { id: number; style: number }>(
  sport: SportRules | string,
  players: ReadonlyArray<T>,
): Array<Array<T & { role: string }>> {
  const { family } = sportRules(sport)
  if (family === 'football') {
    const rows = FOOTBALL_POSITIONS.map((pos) =>
      players.filter((p) => p.style === pos.style).map((p) => ({ ...p, role: pos.key })),
    )
    const other = players.filter((p) => !FOOTBALL_POSITIONS.some((pos) => pos.style === p.style))
    return other.length > 0 ? [...rows, other.map((p) => ({ ...p, role: 'OTHER' }))] : rows
  }
  if (family === 'cricket') return chunk(cricketRoles(players), [4, 3, 4])
  const role = family === 'racing' ? 'DRV' : 'PLR'
  return chunk(
    players.map((p) => ({ ...p, role })),
    [3, 2],
  )
}

function cricketRoles<T extends { id: number; style: number }>(
  players: ReadonlyArray<T>,
): Array<T & { role: string }> {
  const { split } = bestCricketAssignment(countStyles(players))
  // Within a flexible style the first players (in the given order) take the second role.
  const secondRole = new Map<number, { left: number; role: CricketRole; otherwise: CricketRole }>([
    [STYLE.BATTER_ALLROUNDER, { left: split.to_ar_from_3, role: 'AR', otherwise: 'BAT' }],
    [STYLE.BATTER_KEEPER, { left: split.to_wk_from_5, role: 'WK', otherwise: 'BAT' }],
    [STYLE.ALLROUNDER_BOWLER, { left: split.to_ar_from_11, role: 'AR', otherwise: 'BOWL' }],
  ])
  const fixed: Record<number, CricketRole> = {
    [STYLE.BATTER]: 'BAT',
    [STYLE.PURE_KEEPER]: 'WK',
    [STYLE.ALLROUNDER]: 'AR',
    [STYLE.BOWLER]: 'BOWL',
  }
  const tagged = players.map((p) => {
    const flexible = secondRole.get(p.style)
    if (!flexible) return { ...p, role: fixed[p.style] ?? 'OTHER' }
    if (flexible.left > 0) {
      flexible.left--
      return { ...p, role: flexible.role }
    }
    return { ...p, role: flexible.otherwise }
  })
  const order = (role: string) => CRICKET_ROLE_ORDER[role as CricketRole] ?? 4
  // Array.prototype.sort is stable: within a role the given order is kept.
  return tagged.sort((a, b) => order(a.role) - order(b.role))
}

function chunk<T>(items: ReadonlyArray<T>, sizes: ReadonlyArray<number>): T[][] {
  const rows: T[][] = []
  let at = 0
  for (const size of sizes) {
    rows.push(items.slice(at, at + size))
    at += size
  }
  if (at < items.length) rows.push(items.slice(at))
  return rows
}
