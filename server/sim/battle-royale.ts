import type { RandomStream } from '../domain/rng'
import { announced, byForm, clamp, MINUTE, quality, SECOND, Timeline, weighted } from './common'
import type { SimInput, SimTeam, TimedEvent } from './types'

interface Fighter {
  id: number
  q: number
  squad: Squad
  alive: boolean
}

interface Squad {
  teamId: number
  fighters: Fighter[]
  /** Mean quality of the four. */
  strength: number
}

/** Most deaths are kills; the rest are the zone, falls or vehicles (no killer). */
const KILLED_SHARE = 0.88
const SQUAD_SIZE = 4

/**
 * A battle-royale match: each squad's four, then fights until one squad is left. Deaths come
 * thick in the hot drop, thin out mid-game and bunch up as the last zones close; a squad is
 * eliminated when its last player dies and takes the placement of the squads still alive.
 */
export function simulateBattleRoyale(input: SimInput): TimedEvent[] {
  const { rng, startMs } = input
  if (input.teams.length < 2)
    throw new RangeError(`a battle-royale match needs at least 2 squads, got ${input.teams.length}`)
  const squads = input.teams.map((t) => squadOf(rng, t))
  const timeline = new Timeline()
  for (const s of squads)
    timeline.add(startMs, { type: 'lineup', team_id: s.teamId, player_ids: s.fighters.map((f) => f.id) })
  const deaths = fight(rng, squads)
  const lengthMs = rng.int(25, 35) * MINUTE
  const zones = rng.int(6, 9)
  const zoneAt = Array.from(
    { length: zones },
    (_, k) => startMs + Math.round(lengthMs * zoneFraction(k, zones)),
  )
  const deathAt = deathTimes(rng, deaths.length).map((f) => startMs + Math.round(lengthMs * f))
  let z = 0
  deaths.forEach((death, i) => {
    const at = deathAt[i] as number
    for (; z < zones && (zoneAt[z] as number) <= at; z++)
      timeline.add(zoneAt[z] as number, { type: 'zone', zone: z + 1 })
    if (death.killer)
      timeline.add(at, { type: 'kill', player_id: death.killer.id, victim_id: death.victim.id })
    if (death.placement)
      timeline.add(at, { type: 'eliminated', team_id: death.victim.squad.teamId, placement: death.placement })
  })
  const end = startMs + lengthMs
  for (; z < zones; z++) timeline.add(Math.min(zoneAt[z] as number, end), { type: 'zone', zone: z + 1 })
  const winner = squads.find((s) => s.fighters.some((f) => f.alive)) as Squad
  timeline.add(end + 5 * SECOND, { type: 'winner', team_id: winner.teamId })
  return timeline.events
}

/** The announced four, or the squad's best four on the day (the fifth is the substitute). */
function squadOf(rng: RandomStream, team: SimTeam): Squad {
  const four =
    announced(team.players, SQUAD_SIZE) ??
    byForm(rng, team.players, (p) => quality('battle_royale', p.value_tenths), 0.3).slice(0, SQUAD_SIZE)
  if (four.length === 0) throw new RangeError(`squad ${team.team_id} has no players`)
  const squad: Squad = { teamId: team.team_id, fighters: [], strength: 0 }
  squad.fighters = four.map((p) => ({
    id: p.id,
    q: quality('battle_royale', p.value_tenths),
    squad,
    alive: true,
  }))
  squad.strength = squad.fighters.reduce((sum, f) => sum + f.q, 0) / squad.fighters.length
  return squad
}

interface Death {
  victim: Fighter
  killer: Fighter | null
  /** Set when this death wipes out the victim's squad. */
  placement: number | null
}

/** Who dies in which order and who kills them, until one squad is left standing. */
function fight(rng: RandomStream, squads: Squad[]): Death[] {
  const deaths: Death[] = []
  let standing = squads.length
  while (standing > 1) {
    const alive = squads.flatMap((s) => s.fighters.filter((f) => f.alive))
    // Weaker players in weaker squads die first; the better ones take the kills.
    // A squad that has lost players is outnumbered in its fights.
    const down = (s: Squad) => s.fighters.filter((f) => !f.alive).length
    const victim = weighted(
      rng,
      alive,
      (f) => (1.25 - f.q) * (1.3 - f.squad.strength) ** 2 * (1 + down(f.squad)),
    )
    const rivals = alive.filter((f) => f.squad !== victim.squad)
    const killer = rng.bool(KILLED_SHARE) ? weighted(rng, rivals, (f) => (0.3 + f.q) ** 2) : null
    victim.alive = false
    const wiped = victim.squad.fighters.every((f) => !f.alive)
    deaths.push({ victim, killer, placement: wiped ? standing : null })
    if (wiped) standing--
  }
  return deaths
}

/** When each zone starts closing, as a fraction of the match: long early circles, quick late ones. */
const zoneFraction = (k: number, zones: number) => 0.12 + 0.83 * ((k + 0.5) / zones) ** 0.85

/**
 * Times of the deaths as fractions of the match, in order: about a fifth in the hot drop
 * (first 12%), the bulk spread through the middle, a rush in the final fifth, the last at the end.
 */
function deathTimes(rng: RandomStream, count: number): number[] {
  const times = Array.from({ length: count - 1 }, () => {
    const r = rng.next()
    if (r < 0.2) return 0.02 + rng.next() * 0.1
    if (r < 0.7) return 0.12 + rng.next() * 0.68
    return 0.8 + rng.next() * 0.2
  })
  return [...times.sort((a, b) => a - b).map((t) => clamp(t, 0.02, 0.999)), 1]
}
