import type { Deps } from '../../core/deps'
import { storeMatchScores } from '../championship'
import { type IngestResult, ingestEvents } from '../scoring'

/**
 * Match events in, scored (scoring/ingest.ts); a correction re-scores the match's championship
 * rows (and the phase totals) in the same transaction.
 */
export function ingestMatchEvents(
  deps: Deps,
  matchId: number,
  raw: unknown[],
  atMs?: number | number[],
): Promise<IngestResult> {
  return ingestEvents(deps, matchId, raw, atMs, storeMatchScores)
}
