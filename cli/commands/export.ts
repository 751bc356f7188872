import fs from 'node:fs/promises'
import path from 'node:path'
import { Command } from 'commander'
import { type ExportRow, exportCsv } from '../../server/domain/exports'
import { Api } from '../lib/api'
import { runsOnId, serverOptions } from '../lib/command'
import { CliError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { type OptionsOf, resolveServer } from '../lib/options'

const exportOptions = serverOptions((z) => ({
  csv: z.boolean().default(false),
  out: z.string().trim().min(1, 'expected a file').optional(),
}))

const KINDS = [
  { name: 'auction', path: 'auctions', what: 'an auction you own: every bid, pick and transfer' },
  { name: 'contest', path: 'contests', what: 'a contest you made: every entry, payout and refund' },
  {
    name: 'class',
    path: 'classrooms',
    what: 'a class you made: its students’ rows in its auction and contest',
  },
] as const

/** `fanspole export auction|contest|class <id> --csv [--out FILE]` (docs/classroom.md, "Exports"). */
export function exportCommand(io: Io): Command {
  const group = new Command('export')
    .summary('every bid, pick, transfer and payout of an auction, contest or class as CSV')
    .addHelpText(
      'after',
      '\nOne CSV with a kind column (bid, pick, transfer, entry, payout, refund), who, when and how much; a header row even when there is nothing to export.\n\nExamples:\n  fanspole export auction 12 --csv > auction-12.csv\n  fanspole export class 3 --csv --out class-3.csv\n  fanspole export contest 40 --json\n',
    )
  for (const kind of KINDS) {
    const cmd = new Command(kind.name)
      .description(`Export ${kind.what}, as CSV (the default; --csv says so) or --json.`)
      .argument('<id>', `${kind.name} id`)
      .option('--csv', 'CSV: a header row, one row a bid, pick, transfer, entry, payout or refund')
      .option('--out <file>', 'write to this file instead of stdout')
      .addHelpText('after', `\nExamples:\n  fanspole export ${kind.name} 3 --csv --out ${kind.name}-3.csv\n`)
    group.addCommand(
      runsOnId(io, cmd, `${kind.name} id`, exportOptions, (io, id, opts) => runExport(io, kind, id, opts)),
    )
  }
  return group
}

async function runExport(
  io: Io,
  kind: (typeof KINDS)[number],
  id: number,
  opts: OptionsOf<typeof exportOptions>,
): Promise<void> {
  const api = new Api(io, resolveServer(io, opts.server), 'admin')
  const { rows } = await api.get<{ rows: ExportRow[] }>(`/api/${kind.path}/${id}/export`)
  const text = opts.json && !opts.csv ? `${JSON.stringify({ rows }, null, 2)}\n` : exportCsv(rows)
  if (opts.out === undefined) return io.out(text)
  const out = path.resolve(opts.out)
  try {
    await fs.writeFile(out, text)
  } catch (error) {
    throw new CliError(`Cannot write ${opts.out}: ${(error as Error).message}`, { code: 'WRITE_FAILED' })
  }
  if (opts.json) return printJson(io, { export: { kind: kind.name, id, out, rows: rows.length } })
  io.out(`Wrote ${rows.length} ${rows.length === 1 ? 'row' : 'rows'} of ${kind.name} ${id} to ${out}\n`)
}
