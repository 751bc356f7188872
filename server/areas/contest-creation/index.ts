export { contestBotRoutes } from './bots.routes'
export { createContest } from './create'
export { contestOwnerRoutes } from './owner.routes'
export { contestCreationRoutes } from './routes'
