/** Sports, teams, players and point systems as read-only data. The front door. */
export { catalogRoutes } from './routes'
export { PointSystemSchema } from './schemas'
