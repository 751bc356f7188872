import type { z } from 'zod'
import type { CricketBall, CricketEvent } from '../events/schema'
import { creditsBowler } from '../events/schema'
import { BaseScorer } from './base'
import { type CricketStats, cricketRules, newCricketStats } from './cricket-rules'
import { type CurrentBall, cricketStatsView, cricketSummary, type InningsState } from './cricket-view'
import type { PointSystem } from './point-systems'
import { resolveColumn } from './rules'
import type { CricketSummary, ScorerOptions, StatValue } from './types'

type Ball = z.infer<typeof CricketBall>

/** One over of one innings, for maidens: six legal balls by one bowler conceding nothing. */
interface OverState {
  bowler: number
  legal: number
  conceded: number
  mixed: boolean
  maiden: boolean
}

export class CricketScorer extends BaseScorer<CricketStats, CricketEvent> {
  readonly family = 'cricket' as const
  /** Innings that score: 2 in T20 and ODI (3 and 4 are super overs), 4 in a Test. */
  private readonly scoredInnings: number
  private readonly innings: InningsState[] = []
  private readonly overs = new Map<number, OverState>()
  private readonly lineupTeam = new Map<number, number>()
  private current: CurrentBall | null = null
  private potm: number | null = null

  constructor(
    options: ScorerOptions,
    private readonly system: PointSystem,
  ) {
    const column = resolveColumn(system, options.format)
    const scored = column === 'Test' ? 4 : 2
    const rules = cricketRules(system, column, scored)
    super(options, column, () => rules)
    this.scoredInnings = scored
  }

  protected newStats(): CricketStats {
    return newCricketStats()
  }

  protected eligible(s: CricketStats): boolean {
    return s.inLineup
  }

  protected blank(): CricketScorer {
    return new CricketScorer(this.options, this.system)
  }

  protected onEvent(e: CricketEvent): void {
    if (e.type === 'lineup') {
      for (const id of e.player_ids) {
        this.lineupTeam.set(id, e.team_id)
        const i = this.touchId(id)
        if (i !== undefined) this.stats[i]!.inLineup = true
      }
    } else if (e.type === 'ball') {
      this.ball(e)
    } else if (e.type === 'player_of_the_match') {
      // The latest award holds; the validator refuses a second one, a correction replaces it by seq.
      if (this.potm !== null) {
        const prev = this.touchId(this.potm)
        if (prev !== undefined) this.stats[prev]!.playerOfTheMatch = false
      }
      this.potm = e.player_id
      const i = this.touchId(e.player_id)
      if (i !== undefined) this.stats[i]!.playerOfTheMatch = true
    } else if (e.type === 'innings_end') {
      this.inningsState(e.innings, null).complete = true
    }
  }

  private teamOf(playerId: number): number | null {
    return this.lineupTeam.get(playerId) ?? this.roster[this.index.get(playerId) ?? -1]?.real_team_id ?? null
  }

  private inningsState(n: number, batterId: number | null): InningsState {
    let inn = this.innings[n]
    if (!inn) {
      inn = { innings: n, teamId: null, runs: 0, wickets: 0, legal: 0, extras: 0, complete: false }
      this.innings[n] = inn
    }
    if (inn.teamId === null && batterId !== null) inn.teamId = this.teamOf(batterId)
    return inn
  }

  private ball(e: Ball): void {
    const n = e.innings
    // Super-over balls are shown, never scored (as in the real fantasy games).
    const scored = n <= this.scoredInnings && e.super_over !== true
    const { wides, noballs, byes, legbyes } = e.extras
    const legal = wides === 0 && noballs === 0
    const extras = wides + noballs + byes + legbyes
    // The bowler concedes bat runs, wides and no-balls; byes and leg byes are not the bowler's.
    const conceded = e.runs + wides + noballs
    const inn = this.inningsState(n, e.batter_id)
    inn.runs += e.runs + extras
    inn.extras += extras
    if (legal) inn.legal++

    // A batter faces every delivery except wides.
    const b = wides === 0 ? this.touchId(e.batter_id) : undefined
    if (b !== undefined) {
      const s = this.stats[b]!
      s.inningsBalls[n]!++
      s.inningsRuns[n]! += e.runs
      if (scored) {
        s.balls++
        s.runs += e.runs
        if (e.boundary && e.runs === 4) s.fours++
        if (e.boundary && e.runs === 6) s.sixes++
      }
    }

    const bw = this.touchId(e.bowler_id)
    if (bw !== undefined) {
      const s = this.stats[bw]!
      s.inningsConceded[n]! += conceded
      if (legal) s.inningsLegal[n]!++
      if (scored) {
        s.conceded += conceded
        if (legal) s.legalBalls++
        if (legal && conceded === 0) s.dots++
      }
    }
    this.maidenBookkeeping(n, e.over, bw ?? -1, legal, conceded, scored)
    if (e.wicket) this.wicket(e, n, bw, scored, inn)

    const out = e.wicket && e.wicket.kind !== 'retired hurt' ? e.wicket.player_out_id : null
    this.current = {
      innings: n,
      striker: e.batter_id === out ? null : e.batter_id,
      nonStriker: e.non_striker_id === out ? null : e.non_striker_id,
      bowler: e.bowler_id,
    }
  }

  private maidenBookkeeping(
    n: number,
    over: number,
    bw: number,
    legal: boolean,
    conceded: number,
    scored: boolean,
  ) {
    const key = n * 1000 + over
    let o = this.overs.get(key)
    if (!o) {
      o = { bowler: bw, legal: 0, conceded: 0, mixed: false, maiden: false }
      this.overs.set(key, o)
    }
    const was = o.maiden
    // An over shared by two bowlers (an injury mid-over) is nobody's maiden.
    if (o.bowler !== bw) o.mixed = true
    if (legal) o.legal++
    o.conceded += conceded
    o.maiden = !o.mixed && o.bowler >= 0 && o.legal >= 6 && o.conceded === 0
    if (was === o.maiden || o.bowler < 0) return
    const s = this.stats[o.bowler]!
    const delta = o.maiden ? 1 : -1
    s.inningsMaidens[n]! += delta
    if (scored) s.maidens += delta
    this.touch(o.bowler)
  }

  private wicket(e: Ball, n: number, bw: number | undefined, scored: boolean, inn: InningsState): void {
    const w = e.wicket!
    if (w.kind === 'retired hurt') return
    inn.wickets++
    const out = this.touchId(w.player_out_id)
    if (out !== undefined) this.stats[out]!.inningsOut[n] = true
    if (bw !== undefined && creditsBowler(w.kind)) {
      this.stats[bw]!.inningsWickets[n]!++
      if (scored) this.stats[bw]!.wickets++
    }
    if (!scored) return
    // Caught and bowled: the bowler takes the catch as well as the wicket.
    if (w.kind === 'caught and bowled') {
      if (bw !== undefined) this.stats[bw]!.catches++
      return
    }
    for (const f of w.fielder_ids) {
      const i = this.touchId(f)
      if (i === undefined) continue
      const s = this.stats[i]!
      if (w.kind === 'caught') s.catches++
      else if (w.kind === 'stumped') s.stumpings++
      else if (w.kind === 'run out') s.runOuts++
    }
  }

  protected statsView(s: CricketStats): Record<string, StatValue> {
    return cricketStatsView(s, this.scoredInnings)
  }

  summary(): CricketSummary {
    const statsOf = (id: number) => this.stats[this.index.get(id) ?? -1]
    return cricketSummary(this.format, this.scoredInnings, this.innings, this.current, statsOf, this.potm)
  }
}
