import type { Executor } from '../../db/tx'
import type { MatchSummary } from '../../domain/scoring/types'

/**
 * The one-line result of a completed match, from its live summary: "MUM won by 6 wickets",
 * "Chennai won 2–1", "Max Verstappen won", "Soul won". Null when there is nothing to say.
 */
export async function resultText(
  db: Executor,
  summary: MatchSummary,
  format: string | null,
): Promise<string | null> {
  const teamName = async (id: number | null | undefined) =>
    id == null
      ? null
      : ((await db.selectFrom('real_teams').select('name').where('id', '=', id).executeTakeFirst())?.name ??
        null)
  if (summary.family === 'cricket') {
    const innings = summary.innings.filter((i) => !i.super_over && i.team_id !== null)
    if (innings.length < 2) return 'No result'
    const totals = new Map<number, number>()
    for (const i of innings) totals.set(i.team_id as number, (totals.get(i.team_id as number) ?? 0) + i.runs)
    const last = innings.at(-1) as (typeof innings)[number]
    const first = innings[0] as (typeof innings)[number]
    const chasing = last.team_id as number
    const other = [...totals.keys()].find((t) => t !== chasing)
    if (other === undefined) return 'No result'
    const chase = totals.get(chasing) ?? 0
    const target = totals.get(other) ?? 0
    if (chase > target)
      return `${await teamName(chasing)} won by ${10 - last.wickets} wicket${10 - last.wickets === 1 ? '' : 's'}`
    if (chase === target && last.complete) {
      const decider = superOverWinner(summary.innings)
      return decider === null ? 'Match tied' : `Match tied; ${await teamName(decider)} won the super over`
    }
    // A Test the chasing side did not finish is a draw; otherwise the side batting first won.
    if (format === 'Test' && !last.complete && last.wickets < 10) return 'Match drawn'
    if (chase < target && (last.complete || last.wickets >= 10))
      return `${await teamName(other)} won by ${target - chase} run${target - chase === 1 ? '' : 's'}`
    return first.team_id === other ? 'No result' : 'Match drawn'
  }
  if (summary.family === 'football') {
    const [a, b] = Object.entries(summary.score).map(([id, goals]) => [Number(id), goals] as const)
    if (!a || !b) return null
    if (a[1] === b[1]) return `Drawn ${a[1]}–${b[1]}`
    const [win, lose] = a[1] > b[1] ? [a, b] : [b, a]
    return `${await teamName(win[0])} won ${win[1]}–${lose[1]}`
  }
  if (summary.family === 'race') {
    const winner = summary.order[0]
    if (winner === undefined) return null
    const p = await db.selectFrom('players').select('name').where('id', '=', winner).executeTakeFirst()
    return p ? `${p.name} won` : null
  }
  const squad = await teamName(summary.winner_id)
  return squad ? `${squad} won` : null
}

/** The side that won the last completed pair of super overs (innings 3–4, 5–6, …), or null. */
function superOverWinner(
  innings: ReadonlyArray<{ innings: number; team_id: number | null; runs: number; super_over: boolean }>,
): number | null {
  const overs = innings.filter((i) => i.super_over && i.team_id !== null)
  for (let k = overs.length - 2; k >= 0; k -= 2) {
    const [a, b] = [overs[k], overs[k + 1]]
    if (!a || !b || a.runs === b.runs) continue
    return (a.runs > b.runs ? a.team_id : b.team_id) as number
  }
  return null
}
