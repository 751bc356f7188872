import { matchSquad } from '../../server/areas/matches/queries'
import type { Deps } from '../../server/core/deps'
import { hashString, randomStream } from '../../server/domain/rng'
import { simulateMatch } from '../../server/sim'
import type { SimFormat } from '../../server/sim/types'

/**
 * Every event of a whole simulated cricket match from `startMs`, both sides from the match's
 * squad (in real-team id order), the random stream named by `key`: what a bench replays.
 */
export async function simulatedEvents(
  db: Deps['db'],
  match: { id: number; format: string | null },
  startMs: number,
  key: string,
) {
  const squad = await matchSquad(db, match.id)
  const sides = new Map<number, Array<{ id: number; style: number; value_tenths: number; in_lineup: null }>>()
  for (const p of squad)
    sides.set(p.real_team_id, [
      ...(sides.get(p.real_team_id) ?? []),
      { id: p.id, style: p.style, value_tenths: p.value_tenths, in_lineup: null },
    ])
  return simulateMatch({
    sportSlug: 'cricket',
    format: match.format as SimFormat,
    startMs,
    teams: [...sides].sort((a, b) => a[0] - b[0]).map(([team_id, players]) => ({ team_id, players })),
    rng: randomStream(hashString(key)),
  }).map((e) => e.event)
}
