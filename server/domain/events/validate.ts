import { mergeEvents, normalizePosted, normalizeStored, type PostedLike, type StoredLike } from './merge'
import type { ScoringFamily } from './schema'
import { battleRoyaleWalker } from './validate-battle-royale'
import { cricketWalker } from './validate-cricket'
import { footballWalker } from './validate-football'
import { raceWalker } from './validate-race'
import type { EventContext, Walker } from './validate-shared'

export type { EventContext } from './validate-shared'

export type EventErrors = Record<string, string[]>
export type EventValidation = { ok: true } | { ok: false; errors: EventErrors }

const WALKERS: Record<ScoringFamily, (ctx: EventContext) => Walker> = {
  cricket: cricketWalker,
  football: footballWalker,
  race: raceWalker,
  battle_royale: battleRoyaleWalker,
}

/**
 * The checks zod cannot make (docs/events.md, "Validation"): ids must be players or teams of
 * the match, lineups must come first and hold the team's own players, a ball's people must
 * make sense together, the match must move forward… `events` are already parsed by the
 * family's zod schema; `existing` are the events stored so far. Errors are keyed
 * `events.<index in the batch>.<field>`.
 *
 * The batch is merged into the stored log first (corrections by seq) and the whole log is
 * checked in seq order, so a correction is judged where it sits. A stored event that a
 * correction makes invalid is reported on the nearest posted event before it, under `seq`.
 */
export function validateEvents(
  family: ScoringFamily,
  ctx: EventContext,
  events: readonly PostedLike[],
  existing: readonly StoredLike[] = [],
): EventValidation {
  const errors: EventErrors = {}
  const add = (key: string, message: string) => {
    const list = errors[key] ?? []
    if (!list.includes(message)) list.push(message)
    errors[key] = list
  }

  checkSeqs(normalizeStored(existing), normalizePosted(events), add)

  const walk = WALKERS[family](ctx)
  let lastPosted: number | null = null
  for (const entry of mergeEvents(existing, events).entries) {
    const problems = walk(entry.event, entry.seq)
    if (entry.posted !== null) {
      lastPosted = entry.posted
      for (const [field, message] of problems) add(`events.${entry.posted}.${field}`, message)
    } else if (lastPosted !== null) {
      for (const [field, message] of problems)
        add(
          `events.${lastPosted}.seq`,
          `would make the stored event seq ${entry.seq} invalid: ${field} ${message}`,
        )
    }
  }
  return Object.keys(errors).length === 0 ? { ok: true } : { ok: false, errors }
}

/** A seq is a stored one (a correction) or the next free one; none twice in a batch. */
function checkSeqs(
  stored: ReadonlyArray<{ seq: number }>,
  posted: ReadonlyArray<{ seq?: number }>,
  add: (key: string, message: string) => void,
): void {
  const known = new Set(stored.map((s) => s.seq))
  let last = Math.max(0, ...known)
  const used = new Map<number, number>()
  posted.forEach(({ seq }, i) => {
    const assigned = seq ?? last + 1
    const twice = used.get(assigned)
    if (twice !== undefined) add(`events.${i}.seq`, `is also used by events.${twice} of this batch`)
    else if (seq !== undefined && !known.has(seq) && seq !== last + 1)
      add(`events.${i}.seq`, `must be an existing seq (a correction) or ${last + 1}`)
    used.set(assigned, i)
    last = Math.max(last, assigned)
  })
}
