import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/**
 * The projector boards' `?anonymous=1`: whether names are hidden, and a toggle (the A key)
 * that rewrites the address in place, so a reload keeps the choice.
 */
export function useAnonymousParam() {
  const [search, setSearch] = useSearchParams()
  const toggle = useCallback(
    () =>
      setSearch(
        (s) => {
          const next = new URLSearchParams(s)
          if (next.get('anonymous') === '1') next.delete('anonymous')
          else next.set('anonymous', '1')
          return next
        },
        { replace: true },
      ),
    [setSearch],
  )
  return { anonymous: search.get('anonymous') === '1', toggle, search }
}
