import type { RandomStream } from '../../server/domain/rng'
import type { Slot } from './calendar'
import { VALUE_RANGE } from './squads'
import type { MatchPlan, MatchPlayerPlan, PlayerPlan, RosterPlan, SportSlug } from './types'

/** How many of each style group take the field: cricket 1-4-2-4, football 4-4-2, battle royale four. */
const LINEUPS: Partial<Record<SportSlug, Array<{ styles: number[]; count: number }>>> = {
  cricket: [
    { styles: [5, 7], count: 1 },
    { styles: [1, 3], count: 4 },
    { styles: [9, 11], count: 2 },
    { styles: [13], count: 4 },
  ],
  football: [
    { styles: [101], count: 1 },
    { styles: [102], count: 4 },
    { styles: [103], count: 4 },
    { styles: [104], count: 2 },
  ],
}

/** Players of one side who took the field: the better ones, with some rotation. */
function lineup(rand: RandomStream, sport: SportSlug, players: PlayerPlan[]): Set<string> {
  const form = new Map(players.map((p) => [p.key, p.skill + rand.next() * 0.25]))
  const best = (xs: PlayerPlan[], n: number) =>
    [...xs].sort((a, b) => (form.get(b.key) ?? 0) - (form.get(a.key) ?? 0)).slice(0, n)
  if (sport === 'f1') return new Set(players.map((p) => p.key))
  const groups = LINEUPS[sport]
  if (!groups) return new Set(best(players, 4).map((p) => p.key))
  return new Set(
    groups
      .flatMap((g) =>
        best(
          players.filter((p) => g.styles.includes(p.style)),
          g.count,
        ),
      )
      .map((p) => p.key),
  )
}

/**
 * Every squad player of the participating sides, with this fixture's credit value (form moves
 * it half a credit at most). Lineups are known only for fixtures already played.
 */
export function matchPlayers(
  rand: RandomStream,
  roster: RosterPlan,
  teamKeys: string[],
  played: boolean,
): MatchPlayerPlan[] {
  const range = VALUE_RANGE[roster.sport]
  return teamKeys.flatMap((teamKey) => {
    const squad = roster.players.filter((p) => p.teamKey === teamKey)
    const xi = played ? lineup(rand, roster.sport, squad) : null
    return squad.map((p) => ({
      playerKey: p.key,
      teamKey,
      value: Math.min(range.max, Math.max(range.min, p.value + rand.pick([-5, 0, 0, 0, 5]))),
      inLineup: xi ? (xi.has(p.key) ? 1 : 0) : null,
    }))
  })
}

/** A fixture as its generator plans it: the match's own fields, its slot and how its result reads. */
export interface MatchInput
  extends Pick<
    MatchPlan,
    'matchNo' | 'stage' | 'title' | 'format' | 'venue' | 'teamKeys' | 'twoSided' | 'phase'
  > {
  slot: Slot
  /** The result text, drawn only for completed fixtures. */
  result: () => string
}

export function makeMatch(rand: RandomStream, roster: RosterPlan, input: MatchInput): MatchPlan {
  const played = input.slot.status === 'completed'
  return {
    matchNo: input.matchNo,
    stage: input.stage,
    title: input.title,
    format: input.format,
    venue: input.venue,
    teamKeys: input.teamKeys,
    twoSided: input.twoSided,
    eventTime: input.slot.time,
    status: input.slot.status,
    resultText: played ? input.result() : null,
    phase: input.phase,
    players: matchPlayers(rand, roster, input.teamKeys, played),
  }
}
