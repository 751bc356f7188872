import type { z } from 'zod'
import type { CricketBall, CricketEvent } from './schema'
import { checkLineup, type EventContext, type Lineup, Problems, Roster, type Walker } from './validate-shared'

type Ball = z.infer<typeof CricketBall>

/** Dismissals that only the striker can suffer. */
const STRIKER_ONLY = new Set(['bowled', 'caught', 'lbw', 'stumped', 'hit wicket', 'caught and bowled'])
/** Dismissals credited to the bowler: none of them can happen off a no-ball. */
const BOWLER_WICKETS = STRIKER_ONLY
/** A wide cannot be hit, so it cannot bowl, catch or trap anyone (stumped and hit wicket still can). */
const NOT_OFF_A_WIDE = new Set(['bowled', 'caught', 'lbw', 'caught and bowled'])

interface InningsState {
  batting: number | null
  last: { over: number; ball: number } | null
  ended: boolean
  out: Set<number>
  /** The next ball is a free hit: the last one was a no-ball, or a wide on a free hit. */
  freeHitNext: boolean
}

const limitedOvers = (format: string | null | undefined) => {
  const f = format?.toLowerCase()
  return f === 't20' || f === 'odi'
}

/** Overs per innings: limited-overs innings 1–2, and one over for a super over (innings 3 on). */
function overLimit(format: string | null | undefined, innings: number): number | null {
  if (!limitedOvers(format)) return null
  if (innings > 2) return 1
  return format?.toLowerCase() === 't20' ? 20 : 50
}

/** Super overs and free hits: where they may be, and what may happen on them. */
function checkSpecialBalls(p: Problems, e: Ball, format: string | null | undefined, inn: InningsState): void {
  const limited = limitedOvers(format)
  if (e.super_over && !(limited && e.innings > 2))
    p.add('super_over', 'only in innings 3 on of a T20 or ODI (after a tie)')
  if (e.innings > 4 && !limited)
    p.add('innings', 'must be at most 4 (more only as super overs of a T20 or ODI)')
  if (e.innings > 2 && limited && inn.out.size >= 2) p.add('innings', 'a super over ends at two wickets')
  if (e.free_hit) {
    if (!inn.freeHitNext) p.add('free_hit', 'only after a no-ball (or a wide on a free hit)')
    if (e.wicket && BOWLER_WICKETS.has(e.wicket.kind))
      p.add('wicket.kind', `cannot be ${e.wicket.kind} on a free hit (only a run out dismisses)`)
  }
}

// Long: a state machine; one closure over the innings, lineups and award that each event is checked against and moves.
export function cricketWalker(ctx: EventContext): Walker {
  const roster = new Roster(ctx, 11)
  const lineups = new Map<number, Lineup>()
  const innings = new Map<number, InningsState>()
  let current = 0
  let potmSeq: number | null = null

  const state = (n: number) => {
    let s = innings.get(n)
    if (!s) {
      s = { batting: null, last: null, ended: false, out: new Set(), freeHitNext: false }
      innings.set(n, s)
    }
    return s
  }
  const inningsOrder = (p: Problems, n: number) => {
    if (n < current) p.add('innings', `must not go back to innings ${n}: innings ${current} has started`)
    else if (n > current + 1) p.add('innings', `cannot start before innings ${current + 1}`)
  }
  const inLineup = (p: Problems, field: string, id: number, team: number | undefined) => {
    if (team === undefined) return
    const lineup = lineups.get(team)
    if (!lineup) p.add(field, `needs the lineup of team ${team} first`)
    else if (!lineup.players.has(id)) p.add(field, `is not in the lineup of team ${team}`)
  }

  function ball(p: Problems, e: Ball): void {
    const n = e.innings
    inningsOrder(p, n)
    const inn = state(n)
    if (inn.ended) p.add('innings', `has ended (innings_end)`)
    const last = inn.last
    if (last && (e.over < last.over || (e.over === last.over && e.ball <= last.ball)))
      p.add('ball', `must come after over ${last.over} ball ${last.ball} of innings ${n}`)
    const cap = overLimit(ctx.format, n)
    if (cap !== null && e.over >= cap)
      p.add('over', `must be less than ${cap} in innings ${n} of a ${ctx.format}`)

    const bt = roster.player(p, 'batter_id', e.batter_id)
    const ns = roster.player(p, 'non_striker_id', e.non_striker_id)
    const bw = roster.player(p, 'bowler_id', e.bowler_id)
    if (e.batter_id === e.non_striker_id) p.add('non_striker_id', 'must differ from batter_id')
    else if (bt !== undefined && ns !== undefined && bt !== ns)
      p.add('non_striker_id', 'must be on the same side as batter_id')
    if (bt !== undefined && bw !== undefined && bt === bw)
      p.add('bowler_id', 'must not be on the batting side')
    inLineup(p, 'batter_id', e.batter_id, bt)
    inLineup(p, 'non_striker_id', e.non_striker_id, ns)
    inLineup(p, 'bowler_id', e.bowler_id, bw)
    if (bt !== undefined) {
      const previous = n % 2 === 0 ? innings.get(n - 1)?.batting : null
      if (inn.batting !== null && bt !== inn.batting)
        p.add('batter_id', `must be on the batting side of innings ${n} (team ${inn.batting})`)
      else if (inn.batting === null && previous === bt)
        p.add('batter_id', `must be on the other side from innings ${n - 1} (team ${bt} batted)`)
    }
    if (inn.out.has(e.batter_id)) p.add('batter_id', `was dismissed earlier in innings ${n}`)
    if (inn.out.has(e.non_striker_id)) p.add('non_striker_id', `was dismissed earlier in innings ${n}`)
    checkExtras(p, e)
    checkSpecialBalls(p, e, ctx.format, inn)
    if (e.wicket) checkWicket(p, roster, e, bw)

    current = Math.max(current, n)
    if (inn.batting === null && bt !== undefined) inn.batting = bt
    inn.last = { over: e.over, ball: e.ball }
    inn.freeHitNext = e.extras.noballs > 0 || (e.free_hit === true && e.extras.wides > 0)
    if (e.wicket && e.wicket.kind !== 'retired hurt') inn.out.add(e.wicket.player_out_id)
  }

  return (event, seq) => {
    const p = new Problems()
    const e = event as CricketEvent
    if (e.type === 'lineup') checkLineup(p, roster, lineups, e, seq)
    else if (e.type === 'ball') ball(p, e)
    else if (e.type === 'player_of_the_match') {
      const team = roster.player(p, 'player_id', e.player_id)
      if (team !== undefined && !lineups.get(team)?.players.has(e.player_id))
        p.add('player_id', 'is not in a lineup')
      potmSeq = p.once('player of the match', potmSeq, seq)
    } else if (e.type === 'innings_end') {
      inningsOrder(p, e.innings)
      const inn = state(e.innings)
      if (inn.ended) p.add('innings', 'has already ended')
      inn.ended = true
      current = Math.max(current, e.innings)
    }
    return p.list
  }
}

/** Runs and extras that go together on one ball. */
function checkExtras(p: Problems, e: Ball): void {
  const { wides, noballs, byes, legbyes } = e.extras
  if (e.boundary && e.runs !== 4 && e.runs !== 6) p.add('boundary', 'needs runs of 4 or 6')
  if (wides > 0) {
    if (e.runs > 0) p.add('runs', 'must be 0 on a wide (runs taken off a wide count as wides)')
    if (noballs > 0) p.add('extras.noballs', 'must be 0 on a wide')
    if (byes > 0) p.add('extras.byes', 'must be 0 on a wide (runs taken off a wide count as wides)')
    if (legbyes > 0) p.add('extras.legbyes', 'must be 0 on a wide (runs taken off a wide count as wides)')
    return
  }
  if (byes > 0 && legbyes > 0) p.add('extras.legbyes', 'must be 0 when byes are given')
  if ((byes > 0 || legbyes > 0) && e.runs > 0) p.add('runs', 'must be 0 when byes or leg byes are given')
}

/** The dismissal: who can be out how, off what kind of ball, and who may have fielded. */
function checkWicket(p: Problems, roster: Roster, e: Ball, bowlerTeam: number | undefined): void {
  const w = e.wicket!
  if (w.player_out_id !== e.batter_id && w.player_out_id !== e.non_striker_id)
    p.add('wicket.player_out_id', 'must be batter_id or non_striker_id')
  else if (STRIKER_ONLY.has(w.kind) && w.player_out_id !== e.batter_id)
    p.add('wicket.player_out_id', `must be batter_id when ${w.kind}`)
  if (e.extras.wides > 0 && NOT_OFF_A_WIDE.has(w.kind)) p.add('wicket.kind', `cannot be ${w.kind} off a wide`)
  if (e.extras.noballs > 0 && BOWLER_WICKETS.has(w.kind))
    p.add('wicket.kind', `cannot be ${w.kind} off a no-ball`)

  const fielders = w.fielder_ids
  if ((w.kind === 'caught' || w.kind === 'stumped') && fielders.length !== 1)
    p.add('wicket.fielder_ids', `must name exactly one fielder when ${w.kind}`)
  else if (
    w.kind === 'caught and bowled' &&
    (fielders.length > 1 || (fielders[0] ?? e.bowler_id) !== e.bowler_id)
  )
    p.add('wicket.fielder_ids', 'must be empty or the bowler when caught and bowled')
  else if (!['caught', 'stumped', 'caught and bowled', 'run out'].includes(w.kind) && fielders.length > 0)
    p.add('wicket.fielder_ids', `must be empty when ${w.kind}`)
  // Fielders may be substitutes (not in the lineup): allowed, but they score nothing.
  const seen = new Set<number>()
  fielders.forEach((id, k) => {
    const field = `wicket.fielder_ids.${k}`
    if (seen.has(id)) p.add(field, 'is listed twice')
    seen.add(id)
    const team = roster.player(p, field, id)
    if (team !== undefined && bowlerTeam !== undefined && team !== bowlerTeam)
      p.add(field, 'must be on the fielding side')
  })
}
