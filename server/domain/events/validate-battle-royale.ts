import type { BattleRoyaleEvent } from './schema'
import { checkLineup, type EventContext, type Lineup, Problems, Roster, type Walker } from './validate-shared'

/**
 * Battle royale: squads line up (at most `lineup_size`, default 5); zones move forward; only
 * lined-up players of squads still alive kill or die; squads are eliminated last-first, so
 * the placement of an elimination is the number of squads alive; the winner is the last squad
 * standing, and nothing follows it.
 */
// Long: a state machine; one closure over lineups, zones and eliminations that each event is checked against and moves.
export function battleRoyaleWalker(ctx: EventContext): Walker {
  const roster = new Roster(ctx, 5)
  const lineups = new Map<number, Lineup>()
  const squadOf = new Map<number, number>()
  const eliminated = new Map<number, number>()
  let zone = 0
  let winnerSeq: number | null = null

  const alive = () => [...lineups.keys()].filter((team) => !eliminated.has(team))
  const squadAlive = (p: Problems, field: string, team: number) => {
    if (!roster.team(p, field, team)) return false
    if (!lineups.has(team)) p.add(field, `needs the lineup of team ${team} first`)
    else if (eliminated.has(team))
      p.add(field, `team ${team} was already eliminated (seq ${eliminated.get(team)})`)
    else return true
    return false
  }
  const fighter = (p: Problems, field: string, id: number) => {
    if (roster.player(p, field, id) === undefined) return undefined
    const squad = squadOf.get(id)
    if (squad === undefined) p.add(field, 'is not in a squad lineup')
    else if (eliminated.has(squad)) p.add(field, `plays for team ${squad}, already eliminated`)
    return squad
  }

  function step(p: Problems, e: BattleRoyaleEvent, seq: number): void {
    switch (e.type) {
      case 'lineup': {
        if (!checkLineup(p, roster, lineups, e, seq)) return
        for (const id of e.player_ids) squadOf.set(id, e.team_id)
        return
      }
      case 'zone':
        if (e.zone <= zone) p.add('zone', `must be after zone ${zone}`)
        zone = Math.max(zone, e.zone)
        return
      case 'kill': {
        const squad = fighter(p, 'player_id', e.player_id)
        if (e.victim_id === undefined) return
        const victimSquad = fighter(p, 'victim_id', e.victim_id)
        if (squad !== undefined && squad === victimSquad) p.add('victim_id', 'must be from another squad')
        return
      }
      case 'eliminated': {
        const standing = alive().length
        if (!squadAlive(p, 'team_id', e.team_id)) return
        if (e.placement !== standing)
          p.add('placement', `must be ${standing}: the squad eliminated now is last of the ${standing} alive`)
        eliminated.set(e.team_id, seq)
        return
      }
      case 'winner': {
        if (!squadAlive(p, 'team_id', e.team_id)) return
        const others = alive().filter((team) => team !== e.team_id)
        if (others.length > 0)
          p.add(
            'team_id',
            `cannot win while ${others.length === 1 ? 'team' : 'teams'} ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} alive`,
          )
        winnerSeq = seq
        return
      }
    }
  }

  return (event, seq) => {
    const p = new Problems()
    const e = event as BattleRoyaleEvent
    if (winnerSeq !== null) p.add('type', `is not allowed after the winner (seq ${winnerSeq})`)
    else step(p, e, seq)
    return p.list
  }
}
