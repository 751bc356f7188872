import { creditsBowler } from '../domain/events/schema'
import type { RandomStream } from '../domain/rng'
import type { WicketKind } from './cricket-delivery'
import type { Cricketer, CricketSide } from './cricket-lineup'
import type { BallEvent } from './types'

type Wicket = NonNullable<BallEvent['wicket']>

/**
 * Names the fielders of a dismissal, Cricsheet style: the catcher (the keeper for catches
 * behind), the keeper for a stumping, the bowler for caught and bowled, one or two fielders
 * for a run-out.
 */
export function dismissal(
  rng: RandomStream,
  kind: WicketKind,
  outId: number,
  bowler: Cricketer,
  fielding: CricketSide,
): Wicket {
  const keeper = fielding.keeper
  const others = fielding.xi.filter((c) => c !== bowler && c !== keeper)
  const anyone = others.length > 0 ? others : fielding.xi
  const fielder = () => rng.pick(anyone).id
  let fielderIds: number[] = []
  if (kind === 'caught') fielderIds = [keeper && keeper !== bowler && rng.bool(0.22) ? keeper.id : fielder()]
  else if (kind === 'caught and bowled') fielderIds = [bowler.id]
  else if (kind === 'stumped') fielderIds = [keeper && keeper !== bowler ? keeper.id : fielder()]
  else if (kind === 'run out') {
    const thrower = fielder()
    // The throw goes to the keeper or the bowler at the stumps about half the time.
    const receiver = rng.bool(0.45) ? (rng.bool(0.6) ? keeper : bowler) : null
    fielderIds = receiver && receiver.id !== thrower ? [thrower, receiver.id] : [thrower]
  }
  return { kind, player_out_id: outId, fielder_ids: fielderIds }
}

/** A rough match-impact tally per player, to name the player of the match. */
export type Impact = Map<number, number>

export function recordBall(impact: Impact, ev: BallEvent): void {
  const add = (id: number, x: number) => impact.set(id, (impact.get(id) ?? 0) + x)
  add(ev.batter_id, ev.runs + (ev.boundary ? ev.runs / 2 : 0))
  const conceded = ev.runs + ev.extras.wides + ev.extras.noballs
  const legal = ev.extras.wides === 0 && ev.extras.noballs === 0
  add(ev.bowler_id, (legal && conceded === 0 ? 1 : 0) - conceded / 4)
  if (!ev.wicket) return
  if (creditsBowler(ev.wicket.kind)) add(ev.bowler_id, 22)
  for (const f of ev.wicket.fielder_ids) add(f, 8)
}

/** The best performer, from the winning side when there is one. */
export function playerOfTheMatch(impact: Impact, sides: CricketSide[], winner: CricketSide | null): number {
  const pool = (winner ? [winner] : sides).flatMap((s) => s.xi)
  let best = pool[0] as Cricketer
  for (const c of pool) if ((impact.get(c.id) ?? 0) > (impact.get(best.id) ?? 0)) best = c
  return best.id
}
