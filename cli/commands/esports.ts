import { Command } from 'commander'
import type { Io } from '../lib/io'
import { esportsAccessCommand } from './esports/access'
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
  command.addCommand(esportsAccessCommand(io))
  command.addCommand(esportsContestCommand(io))
  command.addCommand(esportsRoomCommand(io))
  command.addCommand(esportsSquadCommand(io))
  command.addCommand(esportsResultsCommand(io))
  command.addCommand(esportsTournamentCommand(io))
  command.description(
    'Esports rooms players play themselves (docs/esports.md). Players need a verified game account first: `fanspole game-accounts add`, then an admin runs `fanspole game-accounts verify`.',
  )
  command.addHelpText(
    'after',
    [
      '',
      'A room from creation to payout:',
      '  fanspole esports access show                                   # may I host? (paid rooms: fanspole users grant-access, admin)',
      '  fanspole esports contest create --kind pubg --mode squad --name "Erangel Squads" --slots 4 --fee 100 --prizes 1:70,2:30 --starts-in 30',
      '  fanspole esports squad join 1000001 --squad-name Alpha          # a squad-mate: --code <its invite code>',
      '  fanspole esports room set 1000001 --id 4455667 --password erangel42',
      '  fanspole esports room show 1000001                              # members, from the reveal time',
      '  fanspole esports results enter 1000001 --row 1:1:2 --row 2:2:1  # <squad>:<placement>:<kills>',
      '  fanspole esports results show 1000001',
      '',
    ].join('\n'),
  )
  return command
}
