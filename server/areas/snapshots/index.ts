/** Snapshots of the league: take, restore, reset (docs/snapshots.md). The front door. */
export { snapshotRoutes } from './routes'
export { restoreSnapshot } from './service'
