import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { EmptyState, Loading } from './Common'
import { Alert } from './Field'

/**
 * A query's content once its data is in: the spinner while it loads, its error when it fails,
 * and `empty` (when given) in place of an empty list.
 */
export function Loaded<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T>
  empty?: { title: string; text?: ReactNode }
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <Loading />
  if (query.isError) return <Alert>{query.error.message}</Alert>
  if (empty && Array.isArray(query.data) && query.data.length === 0)
    return <EmptyState title={empty.title}>{empty.text}</EmptyState>
  return children(query.data)
}
