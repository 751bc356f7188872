import type { MatchEvent } from './schema'

/** An event of a match's log with its position. */
export interface StoredEvent {
  seq: number
  event: MatchEvent
}

/** A stored event either as `{ seq, event }` or as the event itself carrying `seq`. */
export type StoredLike = StoredEvent | MatchEvent

/** One entry of a merged log: `posted` is the index in the posted batch, null for a stored event kept as is. */
export interface MergedEntry extends StoredEvent {
  posted: number | null
}

export interface MergeResult {
  /** The whole log after the post, in seq order (each event carries its seq). */
  events: StoredEvent[]
  /** The same with where each entry came from. */
  entries: MergedEntry[]
  /** The posted events with the seq each one got, in posted order. */
  posted: StoredEvent[]
  /** Seqs of stored events that a posted event replaced. */
  replaced: number[]
  /** True when every posted event lands after every stored one: apply them to the live scorer; otherwise rebuild. */
  appendOnly: boolean
}

/** Stored events as `{ seq, event }`; an event without seq is numbered by its position (seqs start at 1). */
export function normalizeStored(stored: readonly StoredLike[]): StoredEvent[] {
  return stored.map((s, i) => ('event' in s ? s : { seq: s.seq ?? i + 1, event: s }))
}

/** A posted event as the event itself (perhaps with `seq`) or as `{ seq?, event }`. */
export type PostedLike = MatchEvent | { seq?: number; event: MatchEvent }

export function normalizePosted(posted: readonly PostedLike[]): Array<{ seq?: number; event: MatchEvent }> {
  return posted.map((p) =>
    'event' in p ? { seq: p.seq ?? p.event.seq, event: p.event } : { seq: p.seq, event: p },
  )
}

/**
 * The correction semantics (DESIGN §5, docs/events.md), in posted order: an event with the
 * seq of a stored one replaces it; an event without seq is appended with the next free seq;
 * an event with exactly the next free seq is appended too. validateEvents refuses any other
 * seq (a gap, or one used twice in a batch); merged anyway, such an event takes that place
 * and the later of two duplicates wins.
 */
export function mergeEvents(stored: readonly StoredLike[], posted: readonly PostedLike[]): MergeResult {
  const log = new Map<number, MergedEntry>()
  let maxStored = 0
  for (const s of normalizeStored(stored)) {
    log.set(s.seq, { ...s, posted: null })
    maxStored = Math.max(maxStored, s.seq)
  }
  const replaced = new Set<number>()
  const assigned: number[] = []
  let last = maxStored
  normalizePosted(posted).forEach(({ seq: given, event }, i) => {
    const seq = given ?? last + 1
    const previous = log.get(seq)
    if (previous && previous.posted === null) replaced.add(seq)
    log.set(seq, { seq, event: { ...event, seq }, posted: i })
    assigned.push(seq)
    last = Math.max(last, seq)
  })
  const entries = [...log.values()].sort((a, b) => a.seq - b.seq)
  return {
    events: entries.map(({ seq, event }) => ({ seq, event })),
    entries,
    posted: assigned.map((seq) => {
      const { event } = log.get(seq)!
      return { seq, event }
    }),
    replaced: [...replaced].sort((a, b) => a - b),
    appendOnly: replaced.size === 0 && assigned.every((seq) => seq > maxStored),
  }
}
