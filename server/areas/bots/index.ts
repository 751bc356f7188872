/**
 * Bots: team-building accounts seated in daily and championship contests (docs/bots.md). The
 * front door; the picks themselves are pure (server/sim/fantasy-bots.ts).
 */
export {
  BOT_EMAIL_DOMAIN,
  botCandidates,
  type ContestKind,
  type SeatBotsInput,
  type SeatedBot,
  seatContestBots,
} from './service'
