import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { FootballLineup } from '../../../server/domain/events/schema'
import { footballPosition } from '../../../server/domain/styles'
import type { SimTeam, TimedEvent } from '../../../server/sim'
import { fixtureTeams, ofType, START_MS, simulate } from './sim.fixtures'

/** Football lineups carry the bench too. */
const lineupsOf = (events: TimedEvent[]) => ofType(events, 'lineup') as Array<z.infer<typeof FootballLineup>>

const positionsOf = (team: SimTeam) => new Map(team.players.map((p) => [p.id, footballPosition(p.style)]))

function goalsBySide(events: TimedEvent[]): Map<number, number> {
  const goals = new Map<number, number>()
  for (const g of ofType(events, 'goal')) goals.set(g.team_id, (goals.get(g.team_id) ?? 0) + 1)
  return goals
}

describe('football simulator', () => {
  it('lines up eleven in a real formation with the rest of the squad on the bench', () => {
    for (let seed = 0; seed < 40; seed++) {
      const teams = fixtureTeams('football', seed)
      const lineups = lineupsOf(simulate('football', 'Match', seed, teams))
      expect(lineups.map((l) => l.team_id)).toEqual(teams.map((t) => t.team_id))
      for (const [i, lineup] of lineups.entries()) {
        const pos = positionsOf(teams[i] as SimTeam)
        const count = (p: string) => lineup.player_ids.filter((id) => pos.get(id) === p).length
        expect(lineup.player_ids).toHaveLength(11)
        expect(count('GK')).toBe(1)
        expect(count('DEF')).toBeGreaterThanOrEqual(3)
        expect(count('DEF')).toBeLessThanOrEqual(5)
        expect(count('MID')).toBeGreaterThanOrEqual(3)
        expect(count('MID')).toBeLessThanOrEqual(5)
        expect(count('FWD')).toBeGreaterThanOrEqual(1)
        expect(count('FWD')).toBeLessThanOrEqual(3)
        expect(lineup.substitute_ids.length).toBeGreaterThan(0)
        expect(lineup.substitute_ids.some((id) => lineup.player_ids.includes(id))).toBe(false)
      }
    }
  })

  it('ticks every minute from 1 to 90 plus stoppage time, and nothing runs past full time', () => {
    for (let seed = 0; seed < 30; seed++) {
      const events = simulate('football', 'Match', seed)
      const ticks = ofType(events, 'minute').map((m) => m.minute)
      const fullTime = ofType(events, 'full_time')
      expect(fullTime).toHaveLength(1)
      const end = fullTime[0]?.minute as number
      expect(end).toBeGreaterThanOrEqual(92)
      expect(end).toBeLessThanOrEqual(97)
      expect(ticks).toEqual(Array.from({ length: end }, (_, i) => i + 1))
      let last = 0
      for (const e of events.map((x) => x.event)) {
        if (!('minute' in e)) continue
        expect(e.minute).toBeGreaterThanOrEqual(last)
        expect(e.minute).toBeLessThanOrEqual(end)
        last = e.minute
      }
      expect(events.at(-1)?.event.type).toBe('player_of_the_match')
      expect(events.at(-2)?.event.type).toBe('full_time')
    }
  })

  it('runs on the game clock: a minute a minute, a 15-minute half-time, about 1 h 53 m in all', () => {
    const events = simulate('football', 'Match', 4)
    const tick = (m: number) =>
      events.find((e) => e.event.type === 'minute' && e.event.minute === m) as TimedEvent
    expect(tick(1).atMs).toBe(START_MS)
    expect(tick(45).atMs - tick(44).atMs).toBe(60_000)
    const interval = tick(46).atMs - tick(45).atMs
    expect(interval).toBeGreaterThanOrEqual(16 * 60_000)
    expect(interval).toBeLessThanOrEqual(19 * 60_000)
    const length = (events.at(-1)?.atMs as number) - START_MS
    expect(length).toBeGreaterThan(105 * 60_000)
    expect(length).toBeLessThan(120 * 60_000)
  })

  it('makes at most five substitutions a side, bench for pitch', () => {
    let total = 0
    for (let seed = 0; seed < 40; seed++) {
      const events = simulate('football', 'Match', seed)
      const lineups = lineupsOf(events)
      for (const lineup of lineups) {
        const subs = ofType(events, 'substitution').filter((s) => s.team_id === lineup.team_id)
        expect(subs.length).toBeLessThanOrEqual(5)
        total += subs.length
        for (const s of subs) {
          expect(lineup.substitute_ids).toContain(s.player_in_id)
          expect(s.minute).toBeGreaterThanOrEqual(46)
        }
        expect(new Set(subs.map((s) => s.player_in_id)).size).toBe(subs.length)
      }
    }
    expect(total / 80).toBeGreaterThan(3)
  })

  it('scores like football over 300 matches: 0–5 goals a side, forwards and midfielders scoring, saves by keepers', () => {
    const byPosition = new Map<string, number>()
    let goals = 0
    let assisted = 0
    let penalties = 0
    let ownGoals = 0
    let sides = 0
    let sidesOverFive = 0
    let cards = 0
    let badSaves = 0
    for (let seed = 0; seed < 300; seed++) {
      const teams = fixtureTeams('football', seed)
      const events = simulate('football', 'Match', seed, teams)
      const pos = new Map([...positionsOf(teams[0] as SimTeam), ...positionsOf(teams[1] as SimTeam)])
      const scored = goalsBySide(events)
      for (const n of teams.map((t) => scored.get(t.team_id) ?? 0)) {
        sides++
        if (n > 5) sidesOverFive++
      }
      for (const g of ofType(events, 'goal')) {
        goals++
        if (g.assist_id) assisted++
        if (g.penalty) penalties++
        if (g.own_goal) ownGoals++
        else {
          const position = pos.get(g.player_id) as string
          byPosition.set(position, (byPosition.get(position) ?? 0) + 1)
        }
      }
      cards += ofType(events, 'card').length
      badSaves += ofType(events, 'save').filter((s) => pos.get(s.player_id) !== 'GK').length
    }
    const perMatch = goals / 300
    expect(perMatch).toBeGreaterThan(2)
    expect(perMatch).toBeLessThan(3.5)
    expect(sidesOverFive / sides).toBeLessThan(0.02)
    const attackers = (byPosition.get('FWD') ?? 0) + (byPosition.get('MID') ?? 0)
    expect(attackers / (goals - ownGoals)).toBeGreaterThan(0.75)
    expect((byPosition.get('FWD') ?? 0) / (goals - ownGoals)).toBeGreaterThan(0.4)
    expect(assisted / goals).toBeGreaterThan(0.55)
    expect(assisted / goals).toBeLessThan(0.85)
    expect(penalties).toBeGreaterThan(20)
    expect(ownGoals).toBeGreaterThan(0)
    expect(cards / 300).toBeGreaterThan(2)
    expect(cards / 300).toBeLessThan(6)
    expect(badSaves).toBe(0)
  })
})
