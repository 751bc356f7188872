export { ReportSchema, reportRoutes } from './routes'
export { oneReport } from './service'
export { socialReportRoutes } from './social.routes'
