import type { RandomStream } from '../domain/rng'
import { STYLE } from '../domain/styles'
import { announced, byForm, quality } from './common'
import type { SimPlayer, SimTeam } from './types'

/** A player in a cricket XI with what the simulator needs: 0..1 batting and bowling ability. */
export interface Cricketer {
  id: number
  bat: number
  bowl: number
  keeper: boolean
  canBowl: boolean
}

export interface CricketSide {
  teamId: number
  /** The XI in batting order. */
  xi: Cricketer[]
  /** Who may bowl, best first. */
  attack: Cricketer[]
  keeper: Cricketer | null
}

/** Ability by style: specialists are good at one thing, all-rounders at both, tail-enders bat last. */
const ABILITY: Record<number, { bat: [number, number]; bowl: [number, number] | null; keeper?: true }> = {
  [STYLE.BATTER]: { bat: [0.45, 0.5], bowl: null },
  [STYLE.BATTER_ALLROUNDER]: { bat: [0.4, 0.5], bowl: [0.2, 0.4] },
  [STYLE.BATTER_KEEPER]: { bat: [0.4, 0.5], bowl: null, keeper: true },
  [STYLE.PURE_KEEPER]: { bat: [0.25, 0.4], bowl: null, keeper: true },
  [STYLE.ALLROUNDER]: { bat: [0.3, 0.45], bowl: [0.3, 0.5] },
  [STYLE.ALLROUNDER_BOWLER]: { bat: [0.2, 0.35], bowl: [0.4, 0.5] },
  [STYLE.BOWLER]: { bat: [0.12, 0.2], bowl: [0.45, 0.5] },
}
const FALLBACK = { bat: [0.3, 0.3] as [number, number], bowl: [0.1, 0.2] as [number, number] }

/** The seeded rosters' top value per style (tenths): keepers and bowlers top out lower. */
const CAP: Record<number, number> = {
  [STYLE.PURE_KEEPER]: 95,
  [STYLE.ALLROUNDER_BOWLER]: 100,
  [STYLE.BOWLER]: 100,
}

export function cricketer(p: SimPlayer): Cricketer {
  const q = quality('cricket', p.value_tenths, CAP[p.style])
  const a = ABILITY[p.style]
  const bat = a?.bat ?? FALLBACK.bat
  // Anyone can turn an arm over in an emergency; only bowling styles are in the attack by default.
  const bowl = a ? (a.bowl ?? [0.05, 0.1]) : FALLBACK.bowl
  return {
    id: p.id,
    bat: bat[0] + bat[1] * q,
    bowl: bowl[0] + bowl[1] * q,
    keeper: a?.keeper === true,
    canBowl: a?.bowl != null,
  }
}

/** Style groups of a playing XI, as the seeded lineups have them: keeper, 4 batters, 2 all-rounders, 4 bowlers. */
const GROUPS: Array<{ styles: number[]; count: number }> = [
  { styles: [STYLE.BATTER_KEEPER, STYLE.PURE_KEEPER], count: 1 },
  { styles: [STYLE.BATTER, STYLE.BATTER_ALLROUNDER, STYLE.BATTER_KEEPER], count: 4 },
  { styles: [STYLE.ALLROUNDER, STYLE.ALLROUNDER_BOWLER], count: 2 },
  { styles: [STYLE.BOWLER], count: 4 },
]

/** The XI of a squad: the announced one, or a balanced pick of the better players with some rotation. */
export function pickXi(rng: RandomStream, team: SimTeam): SimPlayer[] {
  const fixed = announced(team.players, 11)
  if (fixed) return fixed
  const ranked = byForm(rng, team.players, (p) => quality('cricket', p.value_tenths, CAP[p.style]), 0.25)
  const chosen = new Set<SimPlayer>()
  for (const g of GROUPS) {
    const pool = ranked.filter((p) => g.styles.includes(p.style) && !chosen.has(p))
    for (const p of pool.slice(0, g.count)) chosen.add(p)
  }
  // A squad short of one style fills the gap with its best remaining players.
  for (const p of ranked) if (chosen.size < 11) chosen.add(p)
  return ranked.filter((p) => chosen.has(p))
}

export function buildSide(rng: RandomStream, team: SimTeam): CricketSide {
  const players = pickXi(rng, team).map(cricketer)
  if (players.length < 2) throw new RangeError(`team ${team.team_id} needs at least 2 players for cricket`)
  const order = new Map(players.map((c) => [c, c.bat + rng.next() * 0.12]))
  const xi = [...players].sort((a, b) => (order.get(b) ?? 0) - (order.get(a) ?? 0))
  const keeper = players.filter((c) => c.keeper).sort((a, b) => b.bat - a.bat)[0] ?? null
  const bowlers = players.filter((c) => c.canBowl && c !== keeper)
  // Five bowlers are needed to get through the overs under the quota; part-timers make up the rest.
  const partTimers = players.filter((c) => !c.canBowl && c !== keeper).sort((a, b) => b.bowl - a.bowl)
  let attack = [...bowlers, ...partTimers.slice(0, Math.max(0, 6 - bowlers.length))]
  if (attack.length < 2) attack = players
  return { teamId: team.team_id, xi, attack: attack.sort((a, b) => b.bowl - a.bowl), keeper }
}
