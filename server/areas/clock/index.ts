/** The game clock, its anchor and the process heartbeat. The front door (the job scheduler lives in server/lib). */
export { claimOutage, type Outage, readHeartbeat, startHeartbeat } from './heartbeat'
export { clockRoutes } from './routes'
export {
  CLOCK_STREAM,
  changeClock,
  ensureClockAnchor,
  followClock,
  loadClockAnchor,
  saveClockAnchor,
} from './service'
