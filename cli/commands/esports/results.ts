import { Command } from 'commander'
import type { Io } from '../../lib/io'

/** `fanspole esports results` (docs/esports.md) — filled in by issue 17's results work. */
export function esportsResultsCommand(_io: Io): Command {
  return new Command('results')
}
