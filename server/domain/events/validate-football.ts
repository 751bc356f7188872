import type { FootballEvent } from './schema'
import {
  checkLineup,
  checkMembers,
  type EventContext,
  type Lineup,
  Problems,
  Roster,
  type Walker,
} from './validate-shared'

/**
 * Football: minutes never go back; a player acts only while on the pitch (a starter from
 * kick-off, a substitute once brought on, until substituted or sent off by a red card or a
 * second yellow); nothing but player_of_the_match comes after full_time.
 */
// Long: a state machine; one closure over who is on the pitch, cards and minutes, checked and moved by each event.
export function footballWalker(ctx: EventContext): Walker {
  const roster = new Roster(ctx, 11)
  const lineups = new Map<number, Lineup>()
  const bench = new Map<number, Set<number>>()
  /** Players on the pitch → their side. */
  const on = new Map<number, number>()
  const played = new Set<number>()
  const yellows = new Map<number, number>()
  let minute = 0
  let fullTimeSeq: number | null = null
  let potmSeq: number | null = null

  const onPitch = (p: Problems, field: string, id: number): number | undefined => {
    if (roster.player(p, field, id) === undefined) return undefined
    const side = on.get(id)
    if (side === undefined) p.add(field, played.has(id) ? 'has left the pitch' : 'is not on the pitch')
    return side
  }
  const needsLineup = (p: Problems, team: number) => {
    if (!roster.team(p, 'team_id', team)) return false
    if (lineups.has(team)) return true
    p.add('team_id', `needs the lineup of team ${team} first`)
    return false
  }

  function goal(p: Problems, e: Extract<FootballEvent, { type: 'goal' }>): void {
    needsLineup(p, e.team_id)
    const side = onPitch(p, 'player_id', e.player_id)
    if (e.own_goal && side !== undefined && side === e.team_id)
      p.add('player_id', `must play for the side conceding an own goal, not team ${e.team_id}`)
    if (!e.own_goal && side !== undefined && side !== e.team_id)
      p.add('player_id', `must play for team ${e.team_id}`)
    if (e.assist_id === undefined) return
    if (e.own_goal) p.add('assist_id', 'must be empty on an own goal')
    else if (e.assist_id === e.player_id) p.add('assist_id', 'must differ from player_id')
    else {
      const assistSide = onPitch(p, 'assist_id', e.assist_id)
      if (assistSide !== undefined && side !== undefined && assistSide !== side)
        p.add('assist_id', 'must be a teammate of player_id')
    }
  }

  function step(p: Problems, e: FootballEvent, seq: number): void {
    switch (e.type) {
      case 'lineup': {
        const seen = new Set<number>()
        const lineup = checkLineup(p, roster, lineups, e, seq, seen)
        checkMembers(p, roster, e.team_id, e.substitute_ids, 'substitute_ids', seen)
        if (!lineup) return
        bench.set(e.team_id, new Set(e.substitute_ids))
        for (const id of e.player_ids) {
          on.set(id, e.team_id)
          played.add(id)
        }
        return
      }
      case 'substitution': {
        if (!needsLineup(p, e.team_id)) return
        const side = onPitch(p, 'player_out_id', e.player_out_id)
        if (side !== undefined && side !== e.team_id)
          p.add('player_out_id', `is not on the pitch for team ${e.team_id}`)
        if (!bench.get(e.team_id)?.has(e.player_in_id))
          p.add('player_in_id', `is not on the bench of team ${e.team_id}`)
        else if (played.has(e.player_in_id)) p.add('player_in_id', 'has already played')
        on.delete(e.player_out_id)
        on.set(e.player_in_id, e.team_id)
        played.add(e.player_in_id)
        return
      }
      case 'goal':
        goal(p, e)
        return
      case 'card': {
        onPitch(p, 'player_id', e.player_id)
        const count = (yellows.get(e.player_id) ?? 0) + (e.color === 'yellow' ? 1 : 0)
        yellows.set(e.player_id, count)
        if (e.color === 'red' || count >= 2) on.delete(e.player_id)
        return
      }
      case 'shot_on_target':
      case 'save':
      case 'penalty_save':
      case 'penalty_miss':
      case 'tackle_won':
        onPitch(p, 'player_id', e.player_id)
        return
      case 'full_time':
        fullTimeSeq = seq
        return
      case 'player_of_the_match':
        if (roster.player(p, 'player_id', e.player_id) !== undefined && !played.has(e.player_id))
          p.add('player_id', 'did not take the field')
        potmSeq = p.once('player of the match', potmSeq, seq)
        return
      case 'minute':
        return
    }
  }

  return (event, seq) => {
    const p = new Problems()
    const e = event as FootballEvent
    if (fullTimeSeq !== null && e.type !== 'player_of_the_match')
      p.add('type', `is not allowed after full_time (seq ${fullTimeSeq})`)
    if ('minute' in e) {
      if (e.minute < minute) p.add('minute', `must not be before minute ${minute}`)
      minute = Math.max(minute, e.minute)
    }
    step(p, e, seq)
    return p.list
  }
}
