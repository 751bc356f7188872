import { useEffect, useRef, useState } from 'react'
import { LiveRegion } from '../../components/LiveRegion'
import { type RankedEntry, rankLine } from './rank-line'

/** Says the viewer's rank politely whenever it moves on a live leaderboard (docs/accessibility.md). */
export function RankAnnouncer({ entries }: { entries: readonly RankedEntry[] }) {
  const [said, setSaid] = useState('')
  const before = useRef<Map<number, number | null>>(new Map())
  const key = entries.map((e) => `${e.member_id}:${e.rank}:${e.points}`).join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what changes when an entry does.
  useEffect(() => {
    const line = rankLine(entries, before.current)
    before.current = new Map(entries.map((e) => [e.member_id, e.rank]))
    if (line) setSaid(line)
  }, [key])
  return <LiveRegion message={said} testId="rank-announcer" />
}
