import * as z from 'zod/mini'
import type { FieldErrors } from '../../lib/api'
import type { ContestDraft } from './api'

/**
 * What a new draft needs before the server is asked for its bill: a contest to be about (a
 * match, or a championship phase), a name, a fee and a size that are numbers. Until then the
 * form says what is missing itself, and no `verify` is sent — a half-typed draft is not the
 * server's business, and its 422s only filled the console. The server stays the judge of the
 * values (ranges, limits, prize rows); this only checks that there is something to judge.
 * zod/mini: the few checks the page needs, without the full zod in the bundle.
 */
const common = {
  name: z.string().check(z.minLength(3, 'Name the contest (at least 3 characters)')),
  entry_fee: z.number('Enter the entry fee in rupees'),
  members_limit: z.number('Enter how many can join'),
}
const MatchDraft = z.object({ ...common, match_id: z.number('Pick a match') })
const PhaseDraft = z.object({ ...common, phase_id: z.number('Pick a phase') })

/** The draft's gaps as field messages (none when it is complete enough to verify). */
export function draftGaps(draft: Partial<ContestDraft>): FieldErrors {
  const schema = draft.game === 'championship' ? PhaseDraft : MatchDraft
  const parsed = schema.safeParse(draft)
  if (parsed.success) return {}
  const gaps: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'game')
    gaps[field] = [...(gaps[field] ?? []), issue.message]
  }
  return gaps
}
