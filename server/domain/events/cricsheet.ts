import { cricsheetOutcome } from './cricsheet-outcome'
import type {
  CricsheetContext,
  CricsheetDelivery,
  CricsheetInnings,
  CricsheetMatch,
  PlayedInnings,
} from './cricsheet-types'
import type { MatchEvent } from './schema'

export type * from './cricsheet-types'

type Ball = Extract<MatchEvent, { type: 'ball' }> & { super_over?: boolean }

const OVERS = { T20: 20, ODI: 50, Test: undefined } as const
const POWERPLAY_OVERS = { T20: 6, ODI: 10, Test: 0 } as const
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * A cricket match's events as Cricsheet JSON (https://cricsheet.org/format/json/, data
 * version 1.1.0): `meta`, `info` (teams, players, toss, outcome, dates, match type, overs)
 * and `innings[].overs[].deliveries[]`, so any tool that reads Cricsheet reads a simulated or
 * played match. Super overs are innings with `super_over: true`. The product's events hold
 * no toss: the side that batted first is written as having won it and chosen to bat.
 */
// Long: one walk over the events that fills the info and the innings side by side; the outcome and the deliveries are their own functions.
export function toCricsheet(events: readonly MatchEvent[], ctx: CricsheetContext): CricsheetMatch {
  const name = new Map(ctx.players.map((p) => [p.id, p.name]))
  const teamOf = new Map(ctx.players.map((p) => [p.id, p.team_id]))
  const teamName = new Map(ctx.teams.map((t) => [t.id, t.name]))
  const who = (id: number) => name.get(id) ?? `Player ${id}`
  const lineups = new Map<number, number[]>()
  const inningsBalls = new Map<number, Ball[]>()
  let potm: number | null = null
  for (const e of events) {
    if (e.type === 'lineup') {
      lineups.set(e.team_id, [...e.player_ids])
      for (const id of e.player_ids) teamOf.set(id, e.team_id)
    } else if (e.type === 'ball') {
      const list = inningsBalls.get(e.innings) ?? []
      list.push(e as Ball)
      inningsBalls.set(e.innings, list)
    } else if (e.type === 'player_of_the_match') potm = e.player_id
  }
  const limited = ctx.matchType !== 'Test'
  const played: PlayedInnings[] = []
  const innings: CricsheetInnings[] = []
  for (const [number, balls] of [...inningsBalls.entries()].sort((a, b) => a[0] - b[0])) {
    const teamId = teamOf.get((balls[0] as Ball).batter_id) ?? 0
    const superOver = limited && (number > 2 || balls.some((b) => b.super_over === true))
    const runs = balls.reduce((s, b) => s + totalRuns(b), 0)
    played.push({
      number,
      teamId,
      runs,
      wickets: balls.filter((b) => b.wicket).length,
      batters: lineups.get(teamId)?.length ?? 11,
      superOver,
    })
    const out: CricsheetInnings = { team: teamName.get(teamId) ?? `Team ${teamId}`, overs: overs(balls, who) }
    const pp = POWERPLAY_OVERS[ctx.matchType]
    if (!superOver && pp > 0) out.powerplays = [{ from: 0.1, to: pp - 1 + 0.6, type: 'mandatory' }]
    const previous = played.at(-2)
    if (limited && previous && (number === 2 || superOver))
      out.target = { runs: previous.runs + 1, overs: superOver ? 1 : OVERS[ctx.matchType] }
    if (superOver) out.super_over = true
    innings.push(out)
  }
  const sides = ctx.teams.map((t) => t.name)
  const players: Record<string, string[]> = {}
  const people: Record<string, string> = {}
  for (const t of ctx.teams) {
    const ids = lineups.get(t.id) ?? ctx.players.filter((p) => p.team_id === t.id).map((p) => p.id)
    players[t.name] = ids.map(who)
    for (const id of ids) people[who(id)] = id.toString(16).padStart(8, '0')
  }
  const first = played[0]
  const date = isoDate(ctx.startMs)
  return {
    meta: { data_version: '1.1.0', created: date, revision: 1 },
    info: {
      balls_per_over: 6,
      ...(ctx.city !== undefined && { city: ctx.city }),
      dates: [date],
      ...(ctx.event && { event: ctx.event }),
      gender: 'male',
      match_type: ctx.matchType,
      outcome: cricsheetOutcome(played, ctx.matchType, (id) => teamName.get(id) ?? `Team ${id}`),
      ...(OVERS[ctx.matchType] !== undefined && { overs: OVERS[ctx.matchType] }),
      ...(potm !== null && { player_of_match: [who(potm)] }),
      players,
      registry: { people },
      season: date.slice(0, 4),
      team_type: ctx.teamType,
      teams: sides,
      toss: { winner: teamName.get(first?.teamId ?? 0) ?? (sides[0] as string), decision: 'bat' },
      ...(ctx.venue !== undefined && { venue: ctx.venue }),
    },
    innings,
  }
}

export const totalRuns = (b: Ball) =>
  b.runs + b.extras.wides + b.extras.noballs + b.extras.byes + b.extras.legbyes

function overs(balls: Ball[], who: (id: number) => string): CricsheetInnings['overs'] {
  const out: CricsheetInnings['overs'] = []
  for (const b of balls) {
    let over = out.at(-1)
    if (!over || over.over !== b.over) {
      over = { over: b.over, deliveries: [] }
      out.push(over)
    }
    over.deliveries.push(delivery(b, who))
  }
  return out
}

function delivery(b: Ball, who: (id: number) => string): CricsheetDelivery {
  const extrasRuns = totalRuns(b) - b.runs
  const d: CricsheetDelivery = {
    batter: who(b.batter_id),
    bowler: who(b.bowler_id),
    non_striker: who(b.non_striker_id),
    runs: { batter: b.runs, extras: extrasRuns, total: b.runs + extrasRuns },
  }
  // Four or six runs that were run, not hit to the rope (Cricsheet's `non_boundary`).
  if ((b.runs === 4 || b.runs === 6) && !b.boundary) d.runs.non_boundary = true
  const extras = Object.fromEntries(Object.entries(b.extras).filter(([, v]) => v > 0))
  if (Object.keys(extras).length > 0) d.extras = extras
  if (b.wicket) {
    const fielders = b.wicket.fielder_ids.map((id) => ({ name: who(id) }))
    d.wickets = [
      {
        player_out: who(b.wicket.player_out_id),
        kind: b.wicket.kind,
        ...(fielders.length > 0 && { fielders }),
      },
    ]
  }
  return d
}
