import { Command } from 'commander'
import type { Io } from '../../lib/io'

/** `fanspole esports contest` (docs/esports.md) — filled in by issue 17's contest work. */
export function esportsContestCommand(_io: Io): Command {
  return new Command('contest')
}
