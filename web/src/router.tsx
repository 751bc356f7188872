import { createBrowserRouter } from 'react-router'
import { routes } from './routes'

/**
 * The browser router over the route table. The table lives in routes.tsx, apart from this
 * module-level router, so that tests can walk it without a DOM (tests/e2e/platform/layout.test.ts).
 */
export const router = createBrowserRouter(routes)
