import { FOOTBALL_LEAGUES, type FootballLeague } from '../profiles'
import type { TimedEvent } from '../types'
import type { FigureSample, FigureTarget } from './figures'

/**
 * Headline figures of simulated football matches, read from the events alone, one value per
 * match. The home side is the one whose lineup comes first (the simulator's first team).
 */
export function footballFigures(matches: TimedEvent[][]): FigureSample[] {
  const games = matches.map(readMatch).filter((g): g is Game => g !== null)
  const sample = (key: string, label: string, kind: FigureSample['kind'], value: (g: Game) => number) => ({
    key,
    label,
    kind,
    values: games.map(value),
  })
  return [
    sample('goals', 'goals per match', 'mean', (g) => g.home + g.away),
    sample('home_win', 'home wins', 'share', (g) => +(g.home > g.away)),
    sample('draw', 'draws', 'share', (g) => +(g.home === g.away)),
    sample('away_win', 'away wins', 'share', (g) => +(g.home < g.away)),
    sample('btts', 'both teams score', 'share', (g) => +(g.home > 0 && g.away > 0)),
    sample('nil_nil', '0–0 draws', 'share', (g) => +(g.home + g.away === 0)),
    sample('cards', 'cards per match (yellow and red)', 'mean', (g) => g.cards),
  ]
}

interface Game {
  home: number
  away: number
  cards: number
}

function readMatch(events: TimedEvent[]): Game | null {
  let homeId: number | null = null
  const game: Game = { home: 0, away: 0, cards: 0 }
  for (const { event } of events) {
    if (event.type === 'lineup' && homeId === null) homeId = event.team_id
    else if (event.type === 'goal') {
      if (event.team_id === homeId) game.home++
      else game.away++
    } else if (event.type === 'card') game.cards++
  }
  return homeId === null ? null : game
}

interface LeagueFigures {
  goals: number
  home_win: number
  draw: number
  away_win: number
  btts: number
  nil_nil: number
  cards: number
}

/**
 * Each league's three seasons 2021-22, 2022-23 and 2023-24, averaged: full-time results and
 * bookings from football-data.co.uk's season files (columns FTHG, FTAG, FTR, HY, AY, HR, AR),
 * which the leagues' own published tables agree with. Recalled and rounded, not recomputed
 * here (no network at run time): treat the second decimal as approximate.
 */
const LEAGUE_FIGURES: Record<FootballLeague, LeagueFigures> = {
  // Goals per match 2.82, 2.85, 3.28 (the issue: Premier League seasons 2.8–3.3).
  'premier-league': {
    goals: 2.98,
    home_win: 0.46,
    draw: 0.22,
    away_win: 0.32,
    btts: 0.53,
    nil_nil: 0.06,
    cards: 3.9,
  },
  'la-liga': {
    goals: 2.56,
    home_win: 0.45,
    draw: 0.27,
    away_win: 0.28,
    btts: 0.47,
    nil_nil: 0.08,
    cards: 5.3,
  },
  'serie-a': {
    goals: 2.69,
    home_win: 0.42,
    draw: 0.27,
    away_win: 0.31,
    btts: 0.51,
    nil_nil: 0.07,
    cards: 4.5,
  },
  bundesliga: {
    goals: 3.17,
    home_win: 0.45,
    draw: 0.24,
    away_win: 0.31,
    btts: 0.57,
    nil_nil: 0.05,
    cards: 3.9,
  },
  'ligue-1': {
    goals: 2.8,
    home_win: 0.44,
    draw: 0.25,
    away_win: 0.31,
    btts: 0.51,
    nil_nil: 0.07,
    cards: 3.8,
  },
}

const SOURCE: Record<FootballLeague, string> = {
  'premier-league': 'Premier League',
  'la-liga': 'La Liga (Primera División)',
  'serie-a': 'Serie A',
  bundesliga: 'Bundesliga',
  'ligue-1': 'Ligue 1',
}

/** ±10% of the value; shares under 10% ±1.5 points (issue 30's rule). */
function targets(league: FootballLeague): FigureTarget[] {
  const source = `football-data.co.uk ${SOURCE[league]} results 2021-22 to 2023-24 (mean of the three seasons)`
  return Object.entries(LEAGUE_FIGURES[league]).map(([key, value]) => ({
    key,
    value,
    tolerance: value < 0.1 ? { points: 0.015 } : { relative: 0.1 },
    source,
  }))
}

export const FOOTBALL_TARGETS = Object.fromEntries(FOOTBALL_LEAGUES.map((l) => [l, targets(l)])) as Record<
  FootballLeague,
  FigureTarget[]
>
