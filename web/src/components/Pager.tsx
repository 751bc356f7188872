import { Button } from './Button'
import styles from './pager.module.css'

/** Previous / "Page n of m" / Next, shown only when there is more than one page; `className` adds the page's spacing. */
export function Pager({
  page,
  totalPages,
  onPage,
  className,
}: {
  page: number
  totalPages: number
  onPage: (page: number) => void
  className?: string
}) {
  if (totalPages <= 1) return null
  return (
    <div className={className ? `${styles.row} ${className}` : styles.row}>
      <Button variant="ghost" small disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span data-testid="pager-label">
        Page {page} of {totalPages}
      </span>
      <Button variant="ghost" small disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  )
}
