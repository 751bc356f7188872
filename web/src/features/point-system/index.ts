/** The front door of features/point-system: what other features may use. The point systems of every sport. */
export { PointSystemTables } from './PointSystemPage'
