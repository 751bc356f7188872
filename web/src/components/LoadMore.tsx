import { Button } from './Button'

/** What the "load more" buttons need of an infinite query. */
interface Pages {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/** The next page of a feed, as a wide secondary button (`load-more`), while the server has one. */
export function LoadMoreButton({ pages, label = 'Load more' }: { pages: Pages; label?: string }) {
  if (!pages.hasNextPage) return null
  return (
    <Button
      variant="secondary"
      block
      busy={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
      data-testid="load-more"
    >
      {label}
    </Button>
  )
}

/** The next page of a list, as a quiet button in a row of its own (`className` places it). */
export function LoadMoreRow({ pages, className }: { pages: Pages; className?: string }) {
  if (!pages.hasNextPage) return null
  return (
    <div className={className}>
      <Button variant="ghost" onClick={() => pages.fetchNextPage()} busy={pages.isFetchingNextPage}>
        Load more
      </Button>
    </div>
  )
}
