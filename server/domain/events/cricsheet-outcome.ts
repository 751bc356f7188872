import type { CricsheetOutcome, PlayedInnings } from './cricsheet-types'

/**
 * Cricsheet's `info.outcome` from the innings played: a winner and the margin (runs, wickets
 * in hand, or an innings and runs in a Test), a tie (with the side that won the super over as
 * `eliminator`), a draw, or no result when the match did not get that far.
 */
export function cricsheetOutcome(
  played: readonly PlayedInnings[],
  matchType: 'T20' | 'ODI' | 'Test',
  teamName: (id: number) => string,
): CricsheetOutcome {
  const regular = played.filter((i) => !i.superOver)
  if (matchType === 'Test') return testOutcome(regular, teamName)
  const [a, b] = regular
  if (!a || !b) return { result: 'no result' }
  if (b.runs > a.runs) return { winner: teamName(b.teamId), by: { wickets: wicketsInHand(b) } }
  if (a.runs > b.runs) return { winner: teamName(a.teamId), by: { runs: a.runs - b.runs } }
  const supers = played.filter((i) => i.superOver)
  for (let i = 0; i + 1 < supers.length; i += 2) {
    const [x, y] = [supers[i] as PlayedInnings, supers[i + 1] as PlayedInnings]
    if (x.runs !== y.runs) return { result: 'tie', eliminator: teamName((y.runs > x.runs ? y : x).teamId) }
  }
  return { result: 'tie' }
}

const wicketsInHand = (i: PlayedInnings) => Math.max(0, i.batters - 1 - i.wickets)
const allOut = (i: PlayedInnings) => i.wickets >= i.batters - 1

function testOutcome(innings: PlayedInnings[], teamName: (id: number) => string): CricsheetOutcome {
  const last = innings.at(-1)
  if (!last || innings.length < 3) return { result: innings.length === 0 ? 'no result' : 'draw' }
  const totals = new Map<number, number>()
  for (const i of innings) totals.set(i.teamId, (totals.get(i.teamId) ?? 0) + i.runs)
  const other = innings.find((i) => i.teamId !== last.teamId)?.teamId ?? 0
  const mine = totals.get(last.teamId) ?? 0
  const theirs = totals.get(other) ?? 0
  if (mine > theirs) return { winner: teamName(last.teamId), by: { wickets: wicketsInHand(last) } }
  if (!allOut(last)) return { result: 'draw' }
  if (mine === theirs) return { result: 'tie' }
  const once = innings.filter((i) => i.teamId === other).length === 1
  return {
    winner: teamName(other),
    by: once ? { innings: 1, runs: theirs - mine } : { runs: theirs - mine },
  }
}
