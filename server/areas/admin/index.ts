/** Admin-only routes over users, mail and notifications. The front door. */
export { actAsRoutes } from './act-as.routes'
export { adminRoutes } from './routes'
