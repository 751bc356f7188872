export { prizeStructureRoutes } from './routes'
export { requireOwnPrizeStructure } from './service'
export { entryFeeField } from './tables'
