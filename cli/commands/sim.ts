import type { Command } from 'commander'
import { commandGroup } from '../lib/command'
import type { Io } from '../lib/io'
import { simExportCommand } from './sim-export'
import { simStatsCommand } from './sim-stats'

/** `fanspole sim …`: the match simulators run in this process, without a server or a database. */
export function simCommand(io: Io): Command {
  return commandGroup(
    'sim',
    'measure the match simulators against real figures, export simulated matches as Cricsheet JSON',
    [simStatsCommand(io), simExportCommand(io)],
    '\nExamples:\n  fanspole sim stats --format T20 --era t20-2024 --matches 500\n  fanspole sim export --format T20 --matches 20 --seed 7 --out ./cricsheet\n',
  )
}
