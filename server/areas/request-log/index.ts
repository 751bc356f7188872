/** The server's live log of requests and broadcasts, for admins (lib/tap.ts records it). The front door. */
export { MAX_WAITING_RECORDS, requestLogRoutes } from './routes'
