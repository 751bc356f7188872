import { HOUR } from './generators/calendar'
import type { buildSeries } from './generators/fixtures'
import type { buildReserves } from './generators/reserves'
import type { buildRosters } from './generators/rosters'

/** What a demo league holds once seeded: recorded in app_settings and printed by the CLI. */
export interface SeedSummary {
  seed: number
  now_in_millis: number
  /** Accounts created: the admin, the demo player and the demo users. */
  users: number
  demo_users: number
  sports: number
  teams: number
  players: number
  series: number
  phases: number
  matches: number
  completed_matches: number
  upcoming_matches: number
  /** Upcoming matches that start within the hour after now. */
  starting_soon: number
  match_players: number
  follows: number
  ledger_transactions: number
  contests: number
  user_teams: number
  contest_entries: number
  /** Private contests made by demo users (docs/contest-creation.md), counted in `contests` too. */
  player_contests: number
  /** Saved prize tables of the demo player and a demo user. */
  saved_prizes: number
  /** The code of a free private contest anyone may join (printed when the league is made). */
  private_contest_code: string | null
  /** Gangs (docs/gangs.md): a daily one and a championship one. */
  gangs: number
  /** Championship teams of demo users, in the phases under way, and their per-match rows. */
  classic_teams: number
  classic_team_scores: number
  /** The social side (docs/social.md): posts on walls and contests, their comments and replies. */
  posts: number
  comments: number
  /** Likes of posts, comments and contests. */
  likes: number
  ratings: number
  /** XP award rows; each player's add up to their xp_points. */
  xp_awards: number
  /** Group chats and one-to-ones (docs/groups.md, "Seeds"), and their messages. */
  groups: number
  group_messages: number
  /** Seeded game accounts (docs/esports.md, "Game accounts"): verified ones and two pending. */
  game_accounts: number
  /** Esports rooms players played themselves (docs/esports.md): the finished Free Fire room. */
  esports_contests: number
}

/** The summary's counts of sports, sides, players and fixtures, from the plan. */
export function catalogCounts(
  plan: {
    rosters: ReturnType<typeof buildRosters>
    reserves: ReturnType<typeof buildReserves>
    series: ReturnType<typeof buildSeries>
  },
  nowMs: number,
) {
  const { rosters, reserves, series } = plan
  const matches = series.flatMap((s) => s.matches)
  const upcoming = matches.filter((m) => m.status === 'upcoming')
  return {
    sports: rosters.length,
    teams: [...rosters, reserves].reduce((n, r) => n + r.teams.length, 0),
    players: [...rosters, reserves].reduce((n, r) => n + r.players.length, 0),
    series: series.length,
    phases: series.reduce((n, s) => n + s.phases.length, 0),
    matches: matches.length,
    completed_matches: matches.length - upcoming.length,
    upcoming_matches: upcoming.length,
    starting_soon: upcoming.filter((m) => m.eventTime - nowMs <= HOUR).length,
  }
}
