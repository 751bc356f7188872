import { LiveRegion } from '../../components/LiveRegion'
import type { Match, MatchSummary } from './api'
import { scoreLine } from './score-line'

/**
 * The live score said politely after each change (docs/accessibility.md). The region holds
 * the current line from the start: a reader says only what changes after the page is open.
 */
export function ScoreAnnouncer({ match, summary }: { match: Match; summary: MatchSummary | null }) {
  const sideName = (id: number | null) => match.teams.find((t) => t.id === id)?.name_attr ?? 'Team'
  return <LiveRegion message={scoreLine(summary, sideName)} testId="score-announcer" />
}
