import type { Deps } from '../../core/deps'
import { matchStream } from '../matches'
import { currentLive } from './live'
import { publishStandings } from './publish'

/**
 * Live standings when several server processes share one PostgreSQL database. Who watches a
 * contest is known only to the process holding the socket, and a contest's board is cheap to
 * bring up to date from the stored events, so each process publishes standings to its own
 * watchers: when a match's `player_points` message reaches it through the bus (from whichever
 * process stored the ball, itself included), it catches its copy of the match up from the
 * database (live.ts) and publishes the leaderboards and own ranks its subscribers follow.
 * These messages are computed per process and go out with `bus.publishLocal`, never through
 * the shared bus, so a watcher gets each exactly once. On SQLite (one process) the ingest
 * publishes directly, as before.
 *
 * Followed per match while at least one contest subscription of this process needs it.
 */
interface Relay {
  watchers: number
  stop(): void
}

const relays = new WeakMap<Deps, Map<number, Relay>>()

export function followMatchStandings(deps: Deps, matchId: number): () => void {
  let byMatch = relays.get(deps)
  if (!byMatch) {
    byMatch = new Map()
    relays.set(deps, byMatch)
  }
  let relay = byMatch.get(matchId)
  if (!relay) {
    const stop = deps.bus.subscribe(matchStream(matchId), (message) => {
      if (message.type !== 'player_points') return
      currentLive(deps, matchId).then(
        (live) => publishStandings(deps, live),
        (error) => deps.log.error('standings relay failed', { match_id: matchId, error: String(error) }),
      )
    })
    relay = { watchers: 0, stop }
    byMatch.set(matchId, relay)
  }
  relay.watchers++
  let done = false
  return () => {
    if (done) return
    done = true
    const current = byMatch.get(matchId)
    if (!current || --current.watchers > 0) return
    current.stop()
    byMatch.delete(matchId)
  }
}
