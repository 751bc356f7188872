import type { RandomStream } from '../domain/rng'
import { footballPosition } from '../domain/styles'
import { announced, byForm, quality, weighted } from './common'
import type { SimPlayer, SimTeam } from './types'

export type Position = 'GK' | 'DEF' | 'MID' | 'FWD'

export interface Footballer {
  id: number
  pos: Position
  /** 0..1 from the player's value. */
  q: number
}

export interface FootballSide {
  teamId: number
  starters: Footballer[]
  bench: Footballer[]
}

/** Outfield shapes (DEF, MID, FWD) and how often a side lines up in each. */
const FORMATIONS: Array<{ shape: [number, number, number]; weight: number }> = [
  { shape: [4, 4, 2], weight: 3 },
  { shape: [4, 3, 3], weight: 3 },
  { shape: [4, 5, 1], weight: 2 },
  { shape: [3, 5, 2], weight: 1 },
  { shape: [5, 3, 2], weight: 1 },
  { shape: [3, 4, 3], weight: 1 },
]
/** The schema allows twelve named substitutes. */
const MAX_BENCH = 12

/** The seeded rosters' top value per position (tenths): a 9.5 keeper is as good as an 11.0 forward. */
const CAP: Record<Position, number> = { GK: 95, DEF: 100, MID: 105, FWD: 110 }

const footballer = (p: SimPlayer): Footballer => {
  const pos = footballPosition(p.style)
  return { id: p.id, pos, q: quality('football', p.value_tenths, CAP[pos]) }
}

/** Starters (the announced XI, or a goalkeeper and the best players in a formation the squad can fill) and the bench. */
export function buildFootballSide(rng: RandomStream, team: SimTeam): FootballSide {
  if (team.players.length < 2)
    throw new RangeError(`team ${team.team_id} needs at least 2 players for football`)
  const ranked = byForm(rng, team.players.map(footballer), (f) => f.q, 0.25)
  const fixed = announced(team.players, 11)
  if (fixed) {
    const ids = new Set(fixed.map((p) => p.id))
    return side(
      team.team_id,
      ranked.filter((f) => ids.has(f.id)),
      ranked.filter((f) => !ids.has(f.id)),
    )
  }
  const count = (pos: Position) => ranked.filter((f) => f.pos === pos).length
  const fits = FORMATIONS.filter(
    ({ shape: [d, m, f] }) => count('DEF') >= d && count('MID') >= m && count('FWD') >= f,
  )
  const [d, m, f] = weighted(rng, fits.length > 0 ? fits : FORMATIONS, (x) => x.weight).shape
  const chosen = new Set<Footballer>()
  const take = (pos: Position, n: number) => {
    for (const p of ranked.filter((x) => x.pos === pos).slice(0, n)) chosen.add(p)
  }
  take('GK', 1)
  take('DEF', d)
  take('MID', m)
  take('FWD', f)
  // A squad short of a position fills it with its best remaining outfield players.
  for (const p of ranked) if (chosen.size < 11 && p.pos !== 'GK') chosen.add(p)
  return side(
    team.team_id,
    ranked.filter((p) => chosen.has(p)),
    ranked.filter((p) => !chosen.has(p)),
  )
}

const ORDER: Record<Position, number> = { GK: 0, DEF: 1, MID: 2, FWD: 3 }

function side(teamId: number, starters: Footballer[], rest: Footballer[]): FootballSide {
  const byPosition = (a: Footballer, b: Footballer) => ORDER[a.pos] - ORDER[b.pos]
  return { teamId, starters: [...starters].sort(byPosition), bench: rest.slice(0, MAX_BENCH) }
}
