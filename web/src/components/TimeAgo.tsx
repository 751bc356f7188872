import { formatDateTime } from '../lib/format'
import { useRelativeTime } from '../lib/use-now'

/**
 * "13 seconds ago", kept moving (`useRelativeTime`): a `<time>` with the moment itself in
 * `dateTime` and, on hover, in full.
 */
export function TimeAgo({ atMs, className }: { atMs: number; className?: string }) {
  const text = useRelativeTime(atMs)
  const at = new Date(atMs)
  return (
    <time
      className={className}
      dateTime={at.toISOString()}
      title={formatDateTime(atMs)}
      data-testid="time-ago"
    >
      {text}
    </time>
  )
}
