import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { fieldErrorsOf } from '../../components/form-errors'
import { ApiError, type FieldErrors } from '../../lib/api'
import { useDebounced } from '../../lib/use-debounced'
import type { ContestDraft, EditTarget } from './api'
import { verifyDraft } from './api'
import type { DraftState } from './draft'
import { draftGaps } from './ready'

const VERIFY_DELAY_MS = 350

/** The form key a server field message belongs to (`prize_ranges.1.to` → the custom rows). */
const stateKeyOf = (field: string): string => (field.startsWith('prize_ranges') ? 'ranges' : field)

/**
 * The draft as the player types: the state, a stable setter, and the server's verdict on
 * it (`verify`: the bill, the prize table, the field messages). Messages show under the
 * fields the player has touched, and under all of them once they pressed submit. A draft
 * with gaps (ready.ts) is not sent at all: its messages are the page's own.
 */
export function useDraft(
  initial: () => DraftState,
  toBody: (s: DraftState) => Partial<ContestDraft>,
  editing?: EditTarget,
) {
  const [state, setState] = useState(initial)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [attempted, setAttempted] = useState(false)
  const set = useCallback(<K extends keyof DraftState>(key: K, value: DraftState[K]) => {
    setState((s) => (s[key] === value ? s : { ...s, [key]: value }))
    setTouched((t) => (t.has(key) ? t : new Set(t).add(key)))
  }, [])
  const body = useMemo(() => toBody(state), [toBody, state])
  const settled = useDebounced(body, VERIFY_DELAY_MS)
  // An edit sends only the changes, judged against the saved contest: always worth verifying.
  const gaps = useMemo(() => (editing ? {} : draftGaps(settled)), [editing, settled])
  const ready = Object.keys(gaps).length === 0
  const verify = useQuery({
    queryKey: ['contest-verify', editing ?? null, settled],
    queryFn: () => verifyDraft(settled, editing),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { silent: true },
  })
  const verifyErrors = ready ? fieldErrorsOf(verify.error) : gaps
  const shown: FieldErrors = attempted
    ? verifyErrors
    : Object.fromEntries(Object.entries(verifyErrors).filter(([field]) => touched.has(stateKeyOf(field))))
  // A failure that is not about the fields (the server down, a 404 match) is said once, above.
  const failure =
    ready && verify.error && !(verify.error instanceof ApiError && verify.error.status === 422)
      ? verify.error.message
      : null
  return {
    state,
    set,
    body,
    verify,
    /** The typed draft is not the one the last answer was for yet. */
    stale: settled !== body || verify.isFetching,
    invalid: Object.keys(verifyErrors).length > 0,
    /** Not complete enough to verify: nothing was sent. */
    incomplete: !ready,
    errors: shown,
    failure,
    attempt: () => setAttempted(true),
  }
}
