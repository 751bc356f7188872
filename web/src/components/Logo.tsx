import { Link } from 'react-router'

/** The FANSPOLE wordmark, a link home; each layout gives it its size. */
export function Logo({ className, label }: { className?: string; label?: string }) {
  return (
    <Link to="/" className={className} aria-label={label}>
      FANSPOLE
    </Link>
  )
}
