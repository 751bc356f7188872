import { Button } from '../../components/Button'
import type { Meta } from '../contests'
import styles from './people.module.css'

/** Previous / "Page n of m" / Next, shown only when there is more than one page. */
export function Pager({ meta, onPage }: { meta: Meta; onPage: (page: number) => void }) {
  if (meta.total_pages <= 1) return null
  return (
    <div className={styles.pager}>
      <Button variant="ghost" small disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
        Previous
      </Button>
      <span data-testid="pager-label">
        Page {meta.page} of {meta.total_pages}
      </span>
      <Button
        variant="ghost"
        small
        disabled={meta.page >= meta.total_pages}
        onClick={() => onPage(meta.page + 1)}
      >
        Next
      </Button>
    </div>
  )
}
