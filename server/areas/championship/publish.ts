import type { Deps } from '../../core/deps'
import { rowWhere } from '../../db/query'
import type { Stream } from '../../db/tx'
import { matchStream } from '../matches'
import { phaseStandings, type TeamStanding } from './scoring'
import { userCard } from './serialize'

export const LEADERBOARD_TOP = 10
/**
 * What ChampionshipChannel sends (docs/channels.md): a snapshot, then the phase's `leaderboard`
 * and the viewer's own `my_team`. The web's live board reads the same types (type-only imports).
 */
export type PhaseSnapshot = { type: 'snapshot'; seq: number; user_seq: number; phase_id: number }
export type LiveTeam = {
  classic_team_id: number
  rank: number
  score: number
  user: { id: number; team_name: string | null; image: string | null }
}
export type PhaseLeaderboardMessage = {
  type: 'leaderboard'
  phase_id: number
  live_match_ids: number[]
  top: LiveTeam[]
}
export type MyTeamMessage = {
  type: 'my_team'
  phase_id: number
  classic_team_id: number | null
  score: number
  rank: number | null
  live_match_id: number | null
}
export type ChampionshipChannelMessage = PhaseSnapshot | PhaseLeaderboardMessage | MyTeamMessage

export const championshipStream = (phaseId: number) =>
  `championship:${phaseId}` as Stream<PhaseLeaderboardMessage>
export const championshipUserStream = (phaseId: number, userId: number) =>
  `championship:${phaseId}:user:${userId}` as Stream<MyTeamMessage>

/** The top of the phase board (ties at the cut included), as the channel sends it. */
export async function leaderboardMessage(
  deps: Deps,
  phaseId: number,
  board?: TeamStanding[],
): Promise<PhaseLeaderboardMessage> {
  const standings = board ?? (await phaseStandings(deps.db, phaseId))
  const top = standings.filter((s) => s.rank <= LEADERBOARD_TOP)
  const users = await userCard(
    deps.db,
    top.map((s) => s.userId),
  )
  return {
    type: 'leaderboard',
    phase_id: phaseId,
    live_match_ids: [...new Set(standings.flatMap((s) => (s.live ? [s.live.matchId] : [])))],
    top: top.map((s) => {
      const u = users.get(s.userId)
      return {
        classic_team_id: s.teamId,
        rank: s.rank,
        score: s.scoreX2 / 2,
        user: { id: s.userId, team_name: u?.team_name ?? null, image: u?.image ?? null },
      }
    }),
  }
}

/** A user's own team on the board (null fields before it has played). */
export async function myTeamMessage(
  deps: Deps,
  phaseId: number,
  userId: number,
  board?: TeamStanding[],
): Promise<MyTeamMessage> {
  const standings = board ?? (await phaseStandings(deps.db, phaseId))
  const mine = standings.find((s) => s.userId === userId)
  const team = mine ? null : await rowWhere(deps.db, 'classic_teams', { phase_id: phaseId, user_id: userId })
  return {
    type: 'my_team',
    phase_id: phaseId,
    classic_team_id: mine?.teamId ?? team?.id ?? null,
    score: mine ? mine.scoreX2 / 2 : 0,
    rank: mine?.rank ?? null,
    live_match_id: mine?.live?.matchId ?? null,
  }
}

interface Relay {
  watchers: number
  stops: Array<() => void>
  /** The publish in flight and whether another is due after it (balls arrive faster than boards). */
  running: Promise<void> | null
  again: boolean
  /** Own-team messages last sent per user, so only changes go out. */
  sent: Map<number, string>
}

const relays = new WeakMap<Deps, Map<number, Relay>>()

/**
 * Live phase standings for this process's watchers. Each phase match's stream (the shared bus
 * on PostgreSQL, so a ball scored by any process reaches every process) triggers a recount
 * from the database — the player points are stored in each scoring transaction before the
 * message goes out — and the leaderboard and own-team messages go to this process's
 * subscribers only (`publishLocal`): every watcher gets each once, whichever process scored.
 * Followed while at least one ChampionshipChannel subscription of the phase is open here.
 */
export async function followPhase(deps: Deps, phaseId: number): Promise<() => void> {
  let byPhase = relays.get(deps)
  if (!byPhase) {
    byPhase = new Map()
    relays.set(deps, byPhase)
  }
  let relay = byPhase.get(phaseId)
  if (!relay) {
    const fresh: Relay = { watchers: 0, stops: [], running: null, again: false, sent: new Map() }
    byPhase.set(phaseId, fresh)
    relay = fresh
    const matches = await deps.db.selectFrom('matches').select('id').where('phase_id', '=', phaseId).execute()
    for (const m of matches)
      fresh.stops.push(
        deps.bus.subscribe(matchStream(m.id), (message) => {
          if (message.type === 'player_points' || message.type === 'status') schedule(deps, phaseId, fresh)
        }),
      )
  }
  relay.watchers++
  let done = false
  const held = relay
  return () => {
    if (done) return
    done = true
    if (--held.watchers > 0) return
    for (const stop of held.stops) stop()
    if (byPhase.get(phaseId) === held) byPhase.delete(phaseId)
  }
}

function schedule(deps: Deps, phaseId: number, relay: Relay): void {
  if (relay.running) {
    relay.again = true
    return
  }
  relay.running = publishPhase(deps, phaseId, relay)
    .catch((error) =>
      deps.log.error('championship standings failed', { phase_id: phaseId, error: String(error) }),
    )
    .finally(() => {
      relay.running = null
      if (relay.again) {
        relay.again = false
        schedule(deps, phaseId, relay)
      }
    })
}

async function publishPhase(deps: Deps, phaseId: number, relay: Relay): Promise<void> {
  const board = await phaseStandings(deps.db, phaseId)
  if (deps.bus.subscriberCount(championshipStream(phaseId)) > 0)
    deps.bus.publishLocal(championshipStream(phaseId), await leaderboardMessage(deps, phaseId, board))
  for (const stream of deps.bus.activeStreams(`${championshipStream(phaseId)}:user:`)) {
    const userId = Number(stream.split(':')[3])
    const message = await myTeamMessage(deps, phaseId, userId, board)
    const fingerprint = JSON.stringify(message)
    if (relay.sent.get(userId) === fingerprint) continue
    relay.sent.set(userId, fingerprint)
    deps.bus.publishLocal(stream, message)
  }
}
