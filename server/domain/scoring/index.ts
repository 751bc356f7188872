import { normalizeStored, type StoredLike } from '../events/merge'
import type { ScoringFamily } from '../events/schema'
import { BattleRoyaleScorer } from './battle-royale'
import { CricketScorer } from './cricket'
import { FootballScorer } from './football'
import { POINT_SYSTEMS } from './point-systems'
import { RaceScorer } from './race'
import type { Scorer, ScorerOptions } from './types'

export {
  type MergeResult,
  mergeEvents,
  type PostedLike,
  type StoredEvent,
  type StoredLike,
} from '../events/merge'
export type * from './types'

/** The point system each family reads (`point-systems/<key>.json`). */
export const SYSTEM_KEY: Record<ScoringFamily, string> = {
  cricket: 'cricket',
  football: 'football',
  race: 'f1',
  battle_royale: 'battle-royale',
}

/**
 * A scorer for one match. Apply validated events in seq order; each call returns the ids of
 * the players it touched, whose points() are then current. Throws on a format the family's
 * point system does not have, or a point-system rule no scorer knows.
 */
export function createScorer(options: ScorerOptions): Scorer {
  const system = options.system ?? POINT_SYSTEMS[SYSTEM_KEY[options.family]]
  if (!system) throw new Error(`no point system for ${options.family}`)
  switch (options.family) {
    case 'cricket':
      return new CricketScorer(options, system)
    case 'football':
      return new FootballScorer(options, system)
    case 'race':
      return new RaceScorer(options, system)
    case 'battle_royale':
      return new BattleRoyaleScorer(options, system)
  }
}

/** Scores a whole log from scratch (after a correction): stored entries are applied in seq order. */
export function scoreEvents(options: ScorerOptions, events: readonly StoredLike[]): Scorer {
  const scorer = createScorer(options)
  const log = normalizeStored(events)
    .map((entry, order) => ({ ...entry, order }))
    .sort((a, b) => a.seq - b.seq || a.order - b.order)
  for (const { event } of log) scorer.apply(event)
  return scorer
}
