// The classroom's front door: its routes (a class builds on groups and auctions, never the other way).
export { exportRoutes } from './export.routes'
export { classroomReportRoutes } from './report.routes'
export { classroomRoutes } from './routes'
