import { type CricketStats, oversText } from './cricket-rules'
import type { CricketInningsSummary, CricketSummary, StatValue } from './types'

/** Team figures of one innings, kept by the cricket scorer. */
export interface InningsState {
  innings: number
  teamId: number | null
  runs: number
  wickets: number
  legal: number
  extras: number
  complete: boolean
}

/** Who was in at the latest ball (a dismissed batter is null until the next ball names the new one). */
export interface CurrentBall {
  innings: number
  striker: number | null
  nonStriker: number | null
  bowler: number
}

const round2 = (x: number) => Math.round(x * 100) / 100

/** A cricket player's stats as stored and shown (`playerScore().stats`). */
export function cricketStatsView(s: CricketStats, scoredInnings: number): Record<string, StatValue> {
  let ducks = 0
  let dismissals = 0
  for (let i = 1; i <= scoredInnings; i++) {
    if (s.inningsOut[i]) dismissals++
    if (s.inningsOut[i] && s.inningsRuns[i] === 0) ducks++
  }
  return {
    in_lineup: s.inLineup,
    runs: s.runs,
    balls: s.balls,
    fours: s.fours,
    sixes: s.sixes,
    strike_rate: s.balls > 0 ? round2((s.runs * 100) / s.balls) : null,
    dismissals,
    ducks,
    overs: oversText(s.legalBalls),
    legal_balls: s.legalBalls,
    runs_conceded: s.conceded,
    wickets: s.wickets,
    maidens: s.maidens,
    dot_balls: s.dots,
    economy: s.legalBalls > 0 ? round2((s.conceded * 6) / s.legalBalls) : null,
    catches: s.catches,
    stumpings: s.stumpings,
    run_outs: s.runOuts,
    player_of_the_match: s.playerOfTheMatch,
  }
}

/** The live score for the match page: every innings, and the batters and bowler of the latest ball. */
export function cricketSummary(
  format: string,
  scoredInnings: number,
  innings: ReadonlyArray<InningsState | undefined>,
  current: CurrentBall | null,
  statsOf: (playerId: number) => CricketStats | undefined,
  playerOfTheMatch: number | null,
): CricketSummary {
  const list: CricketInningsSummary[] = innings
    .filter((inn): inn is InningsState => inn !== undefined)
    .map((inn) => ({
      innings: inn.innings,
      team_id: inn.teamId,
      runs: inn.runs,
      wickets: inn.wickets,
      overs: oversText(inn.legal),
      extras: inn.extras,
      complete: inn.complete,
      super_over: inn.innings > scoredInnings,
    }))
  const batters: CricketSummary['batters'] = []
  let bowler: CricketSummary['bowler'] = null
  if (current) {
    const n = current.innings
    for (const [id, onStrike] of [
      [current.striker, true],
      [current.nonStriker, false],
    ] as const) {
      if (id === null) continue
      const s = statsOf(id)
      batters.push({
        player_id: id,
        runs: s?.inningsRuns[n] ?? 0,
        balls: s?.inningsBalls[n] ?? 0,
        on_strike: onStrike,
      })
    }
    const s = statsOf(current.bowler)
    bowler = {
      player_id: current.bowler,
      overs: oversText(s?.inningsLegal[n] ?? 0),
      runs: s?.inningsConceded[n] ?? 0,
      wickets: s?.inningsWickets[n] ?? 0,
      maidens: s?.inningsMaidens[n] ?? 0,
    }
  }
  return { family: 'cricket', format, innings: list, batters, bowler, player_of_the_match: playerOfTheMatch }
}
