/** Leaderboards, traffic sources and other social reads (docs/social.md). The front door. */
export { leaderboardRoutes } from './leaderboards.routes'
export { hasTrafficSource, recordTrafficSource, TrafficSourceFields, type TrafficSourceInput } from './other'
export { otherRoutes } from './other.routes'
