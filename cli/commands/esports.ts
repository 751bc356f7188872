import { Command } from 'commander'
import type { Io } from '../lib/io'
import { esportsContestCommand } from './esports/contest'
import { esportsResultsCommand } from './esports/results'
import { esportsRoomCommand } from './esports/room'
import { esportsSquadCommand } from './esports/squad'
import { esportsTournamentCommand } from './esports/tournament'

/** `fanspole esports …`: esports contests players play themselves, for hosts and admins (docs/esports.md). */
export function esportsCommand(io: Io): Command {
  const command = new Command('esports').summary(
    'esports rooms players play themselves: contests, squads, room details, results, tournaments',
  )
  command.addCommand(esportsContestCommand(io))
  command.addCommand(esportsRoomCommand(io))
  command.addCommand(esportsSquadCommand(io))
  command.addCommand(esportsResultsCommand(io))
  command.addCommand(esportsTournamentCommand(io))
  return command
}
