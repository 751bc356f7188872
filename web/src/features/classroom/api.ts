import { queryOptions } from '@tanstack/react-query'
import { type Body, data, http } from '../../lib/client'

export type ClassReport = Body<'/api/classrooms/{id}/report'>

/** The gradebook of a class by the default rule (docs/classroom.md, "Gradebook"). */
export const classReportQuery = (classId: number) =>
  queryOptions({
    queryKey: ['classroom', classId, 'report'],
    queryFn: async () =>
      (await data(
        http.GET('/api/classrooms/{id}/report', { params: { path: { id: classId } } }),
      )) as ClassReport,
    staleTime: 30_000,
  })
