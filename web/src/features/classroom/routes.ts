import type { RouteObject } from 'react-router'
import { byId, page } from '../../lib/routing'

const classroom = () => import('./pages')

/** The classroom (docs/classroom.md): an instructor's gradebook of a class. */
export const classroomRoutes: RouteObject[] = [
  { path: 'classes/:id/report', ...byId(), ...page(classroom, 'ClassReportPage') },
]
