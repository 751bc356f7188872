import fs from 'node:fs/promises'
import path from 'node:path'
import { Command } from 'commander'
import { type CricsheetContext, toCricsheet } from '../../server/domain/events/cricsheet'
import type { MatchEvent } from '../../server/domain/events/schema'
import { runsOnId, serverOptions } from '../lib/command'
import { CliError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import type { Match, Player } from '../lib/matches'
import { type OptionsOf, resolveServer } from '../lib/options'
import { readerApi } from '../lib/session'

const exportOptions = serverOptions((z) => ({ out: z.string().trim().min(1, 'expected a file').optional() }))

/** `fanspole match export <id>`: a played cricket match of a running server as Cricsheet JSON. */
export function matchExportCommand(io: Io): Command {
  const cmd = new Command('export')
    .description(
      'Write a played cricket match as Cricsheet JSON (https://cricsheet.org/format/json/): its events as the server stored them (GET /api/matches/{id}/events), with the sides and players named. To stdout, or to a file with --out.',
    )
    .argument('<id>', 'match id')
    .option('--out <file>', 'write the Cricsheet JSON to this file instead of stdout')
    .addHelpText(
      'after',
      '\nExamples:\n  fanspole match export 14 > match-14.json\n  fanspole match export 14 --out match-14.json --json\n',
    )
  return runsOnId(io, cmd, 'match id', exportOptions, runExport)
}

type Events = Array<MatchEvent & { seq: number }>

async function runExport(io: Io, id: number, opts: OptionsOf<typeof exportOptions>): Promise<void> {
  const api = readerApi(io, resolveServer(io, opts.server))
  const { match } = await api.get<{ match: Match }>(`/api/matches/${id}`)
  if (match.sport_slug !== 'cricket')
    throw new CliError(`Match ${id} is ${match.sport_name}: only cricket matches export as Cricsheet JSON`, {
      code: 'NOT_CRICKET',
    })
  const [{ players }, { events }] = await Promise.all([
    api.get<{ players: Player[] }>(`/api/matches/${id}/players`),
    api.get<{ events: Events }>(`/api/matches/${id}/events`),
  ])
  if (!events.some((e) => e.type === 'ball'))
    throw new CliError(`Match ${id} has no balls yet (${match.match_status}): nothing to export`, {
      code: 'NOT_PLAYED',
      hint: `Play it first: fanspole match simulate ${id} --mode instant`,
    })
  const file = toCricsheet(
    events.map(({ seq: _, ...e }) => e as MatchEvent),
    cricsheetContext(match, players),
  )
  const text = `${JSON.stringify(file, null, 2)}\n`
  if (opts.out === undefined) return io.out(text)
  const out = path.resolve(opts.out)
  try {
    await fs.writeFile(out, text)
  } catch (error) {
    throw new CliError(`Cannot write ${opts.out}: ${(error as Error).message}`, { code: 'WRITE_FAILED' })
  }
  const summary = { match_id: id, out, innings: file.innings.length, outcome: file.info.outcome }
  if (opts.json) return printJson(io, { export: summary })
  io.out(`Wrote match ${id} (${match.title}) as Cricsheet JSON to ${out}\n`)
}

/** What the events do not say, from the match and its squad: sides, names, date, series, ground. */
function cricsheetContext(match: Match, players: Player[]): CricsheetContext {
  const format = match.format === 'ODI' || match.format === 'Test' ? match.format : 'T20'
  return {
    matchType: format,
    teams: match.teams.map((t) => ({ id: t.id, name: t.name })),
    players: players.map((p) => ({ id: p.id, name: p.name, team_id: p.team.id })),
    startMs: match.event_time_in_millis,
    event: { name: match.series.name, match_number: match.match_no },
    ...(match.ground.name !== null && { venue: match.ground.name }),
    ...(match.ground.location !== null && { city: match.ground.location }),
    // The product does not say whether sides are nations; ODIs and Tests are taken as internationals.
    teamType: format === 'T20' ? 'club' : 'international',
  }
}
