export { contestAccessRoutes } from './routes'
export { type AccessRequirement, contestAccess } from './service'
