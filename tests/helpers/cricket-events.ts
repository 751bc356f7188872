import type { squadOf } from './league'

type Squad = Awaited<ReturnType<typeof squadOf>>

/** Lineups of both sides (11 each, starting with the given players) for a cricket match. */
export function lineups(squad: Squad, first: number[] = []) {
  const sides = [...new Set(squad.map((p) => p.real_team_id))]
  return sides.map((teamId) => {
    const must = first.filter((id) => squad.find((p) => p.id === id)?.real_team_id === teamId)
    const rest = squad.filter((p) => p.real_team_id === teamId && !must.includes(p.id)).map((p) => p.id)
    return { type: 'lineup', team_id: teamId, player_ids: [...must, ...rest].slice(0, 11) }
  })
}

/** A ball of the first over, as the events endpoint takes it (`n`: the ball of the over). */
export const ball = (batter: number, other: number, bowler: number, runs: number, n = 1) => ({
  type: 'ball',
  innings: 1,
  over: 0,
  ball: n,
  batter_id: batter,
  non_striker_id: other,
  bowler_id: bowler,
  runs,
  boundary: runs === 4 || runs === 6,
})
