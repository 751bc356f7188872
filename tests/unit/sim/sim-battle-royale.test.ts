import { describe, expect, it } from 'vitest'
import type { SimTeam } from '../../../server/sim'
import { fixtureTeams, ofType, START_MS, simulate } from './sim.fixtures'

const TITLES = ['pubg', 'free-fire', 'call-of-duty'] as const

describe('battle-royale simulator', () => {
  it.each(TITLES)('lines up four of each %s squad of five', (title) => {
    const teams = fixtureTeams(title)
    expect(teams).toHaveLength(16)
    const lineups = ofType(simulate(title, 'Match', 1), 'lineup')
    expect(lineups).toHaveLength(16)
    for (const [i, lineup] of lineups.entries()) {
      const squad = (teams[i] as SimTeam).players.map((p) => p.id)
      expect(lineup.team_id).toBe(teams[i]?.team_id)
      expect(lineup.player_ids).toHaveLength(4)
      expect(new Set(lineup.player_ids).size).toBe(4)
      for (const id of lineup.player_ids) expect(squad).toContain(id)
    }
  })

  it.each(TITLES)(
    'eliminates %s squads 16th to 2nd, crowns the last one standing, kills only by the living',
    (title) => {
      for (let seed = 0; seed < 30; seed++) {
        const events = simulate(title, 'Match', seed)
        const squadOf = new Map(
          ofType(events, 'lineup').flatMap((l) => l.player_ids.map((id) => [id, l.team_id])),
        )
        const out = new Set<number>()
        const dead = new Set<number>()
        let next = 16
        for (const e of events.map((x) => x.event)) {
          if (e.type === 'kill') {
            expect(dead.has(e.player_id), `seed ${seed}: a dead player killed`).toBe(false)
            expect(out.has(squadOf.get(e.player_id) as number)).toBe(false)
            expect(squadOf.get(e.victim_id as number)).not.toBe(squadOf.get(e.player_id))
            expect(dead.has(e.victim_id as number)).toBe(false)
            dead.add(e.victim_id as number)
          } else if (e.type === 'eliminated') {
            expect(e.placement).toBe(next--)
            expect(out.has(e.team_id)).toBe(false)
            out.add(e.team_id)
          }
        }
        expect(next).toBe(1)
        const winners = ofType(events, 'winner')
        expect(winners).toHaveLength(1)
        expect(out.has(winners[0]?.team_id as number)).toBe(false)
        expect(events.at(-1)?.event.type).toBe('winner')
      }
    },
  )

  it('closes 6–9 zones over a 25–35 minute match with a realistic kill count', () => {
    const kills: number[] = []
    for (let seed = 0; seed < 40; seed++) {
      const events = simulate('pubg', 'Match', seed)
      const zones = ofType(events, 'zone').map((z) => z.zone)
      expect(zones.length).toBeGreaterThanOrEqual(6)
      expect(zones.length).toBeLessThanOrEqual(9)
      expect(zones).toEqual(zones.map((_, i) => i + 1))
      const minutes = ((events.at(-1)?.atMs as number) - START_MS) / 60_000
      expect(minutes).toBeGreaterThanOrEqual(25)
      expect(minutes).toBeLessThanOrEqual(35.5)
      kills.push(ofType(events, 'kill').length)
    }
    const mean = kills.reduce((a, b) => a + b, 0) / kills.length
    expect(mean).toBeGreaterThan(45)
    expect(mean).toBeLessThan(64)
  })

  it('favours the stronger squads', () => {
    const teams = fixtureTeams('pubg')
    const strength = (t: SimTeam) => t.players.reduce((s, p) => s + p.value_tenths, 0)
    const ranked = [...teams].sort((a, b) => strength(b) - strength(a))
    const top = new Set(ranked.slice(0, 4).map((t) => t.team_id))
    const bottom = new Set(ranked.slice(-4).map((t) => t.team_id))
    let topWins = 0
    let bottomWins = 0
    for (let seed = 0; seed < 100; seed++) {
      const winner = ofType(simulate('pubg', 'Match', seed), 'winner')[0]?.team_id as number
      if (top.has(winner)) topWins++
      if (bottom.has(winner)) bottomWins++
    }
    expect(topWins).toBeGreaterThan(bottomWins)
  })

  it('fields an announced four', () => {
    const teams = fixtureTeams('pubg').map((t, i) =>
      i === 0 ? { ...t, players: t.players.map((p, k) => ({ ...p, in_lineup: k > 0 })) } : t,
    )
    const lineup = ofType(simulate('pubg', 'Match', 1, teams), 'lineup')[0]
    expect(lineup?.player_ids).toEqual(teams[0]?.players.slice(1).map((p) => p.id))
  })
})
