import { Command } from 'commander'
import type { Io } from '../../lib/io'

/** `fanspole esports tournament` (docs/esports.md) — filled in by issue 17's tournament work. */
export function esportsTournamentCommand(_io: Io): Command {
  return new Command('tournament')
}
