import type { Schema } from '../../lib/api-types'
import type { Io } from '../../lib/io'
import { formatInstant } from '../../lib/time'

// A tournament as `esports tournament show` and `create` print it.

export type Tournament = Schema<'EsportsTournament'>

export function printTournament(io: Io, t: Tournament): void {
  io.out(
    `${t.kind} ${t.mode} · ${t.status} · squads ${t.squads_count}/${t.squads_limit} · registration closes ${formatInstant(t.registration_closes_at_in_millis)}\n`,
  )
  if (t.my_squad)
    io.out(
      `Your squad: ${t.my_squad.name} (#${t.my_squad.id}, ${t.my_squad.members_count} players, invite code ${t.my_squad.invite_code})\n`,
    )
  for (const r of t.rounds) {
    const rule =
      r.qualify_count === 0
        ? 'final'
        : `top ${r.qualify_count} ${r.qualify_rule === 'top_per_lobby' ? 'per lobby' : 'overall'} go on`
    io.out(
      `Round ${r.number} (#${r.id}) ${r.name}: ${r.status}, lobbies of ${r.lobby_size}, ${rule}, starts ${formatInstant(r.starts_at_in_millis)}\n`,
    )
    for (const l of r.lobbies)
      io.out(`  Lobby ${l.lobby_no}: contest #${l.contest_id}, ${l.squads_count} squads, ${l.status}\n`)
  }
}
