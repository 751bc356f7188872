import type { FootballLeague } from './profiles'

/**
 * How a league plays, as the simulator's knobs: attack scales every side's chance of a shot
 * on target (goals per match), home is the home side's extra threat, cards scales bookings.
 * Fitted so each league's figures land on its targets (server/sim/stats/football.ts, with
 * the seasons and source there); the fit is measured by tests/unit/sim/sim-realism-f1-football.test.ts.
 */
export interface LeagueStyle {
  attack: number
  home: number
  cards: number
}

export const LEAGUE_STYLE: Record<FootballLeague, LeagueStyle> = {
  'premier-league': { attack: 1.27, home: 0.33, cards: 1.2 },
  'la-liga': { attack: 1.03, home: 0.45, cards: 1.62 },
  'serie-a': { attack: 1.19, home: 0.26, cards: 1.39 },
  bundesliga: { attack: 1.37, home: 0.3, cards: 1.21 },
  'ligue-1': { attack: 1.185, home: 0.32, cards: 1.17 },
}
