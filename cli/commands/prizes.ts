import { Command } from 'commander'
import { commandGroup, runs, runsOnId, serverJson } from '../lib/command'
import { formatPercentRanges, type PrizeStructure, parsePercentRanges } from '../lib/contest-draft'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import type { OptionSchema, OptionsOf } from '../lib/options'
import { player } from '../lib/session'
import { type Style, style } from '../lib/style'
import { formatFields, formatTable } from '../lib/table'
import { confirmOrStop } from '../ui/confirm'

const common = (z: Parameters<OptionSchema>[0]) => ({
  ...serverJson(z),
})
const listOptions = ((z) => z.object(common(z))) satisfies OptionSchema
const createOptions = ((z) => z.object({ ...common(z), ranges: z.string() })) satisfies OptionSchema
const editOptions = ((z) =>
  z.object({
    ...common(z),
    name: z.string().optional(),
    ranges: z.string().optional(),
  })) satisfies OptionSchema
const deleteOptions = ((z) =>
  z.object({ ...common(z), yes: z.boolean().default(false) })) satisfies OptionSchema

const RANGES_HELP = 'ranks and their percent of the pool, e.g. "1:50,2-3:20,4-5:5" (summing to 100)'

/** `fanspole prizes list|show|create|edit|delete`: the player's saved prize tables (/saved-prizes). */
export function prizesCommand(io: Io): Command {
  const list = new Command('list').description('Your saved prize tables.')
  runs(io, list, listOptions, runList)

  const show = new Command('show')
    .description('One saved prize table, rank by rank.')
    .argument('<id>', 'saved prize id')
  runsOnId(io, show, 'saved prize id', listOptions, runShow)

  const create = new Command('create')
    .description('Save a prize table under a name. Use it with `fanspole contest create --saved-prize <id>`.')
    .argument('<name>', 'a name you will recognise (unique among yours)')
    .requiredOption('--ranges <ranges>', RANGES_HELP)
  runs(io, create, createOptions, (io, opts, name: string) => runCreate(io, name, opts))

  const edit = new Command('edit')
    .description('Rename a saved prize table or change its ranges (contests made with it keep theirs).')
    .argument('<id>', 'saved prize id')
    .option('--name <name>', 'a new name')
    .option('--ranges <ranges>', RANGES_HELP)
  runsOnId(io, edit, 'saved prize id', editOptions, runEdit)

  const del = new Command('delete')
    .description('Delete a saved prize table (contests made with it keep their prizes).')
    .argument('<id>', 'saved prize id')
    .option('-y, --yes', 'do not ask for confirmation')
  runsOnId(io, del, 'saved prize id', deleteOptions, runDelete)

  return commandGroup(
    'prizes',
    'your saved prize tables, to use when creating contests',
    [list, show, create, edit, del],
    '\nExamples:\n  fanspole prizes create "Top heavy" --ranges "1:60,2:25,3:15"\n  fanspole prizes edit 3 --ranges "1:50,2-3:25"\n  fanspole prizes list --json\n',
  )
}

function structureFields(p: PrizeStructure, s: Style): string {
  return formatFields(
    [
      ['id', p.id],
      ['name', p.name],
      ['winners', p.winners],
      ['ranges', formatPercentRanges(p.ranges)],
    ],
    s,
  )
}

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const answer = await player(io, opts.server).get<{ prize_structures: PrizeStructure[] }>(
    '/api/prize_structures',
  )
  if (opts.json) return printJson(io, answer)
  if (answer.prize_structures.length === 0)
    return io.out('No saved prize tables yet: fanspole prizes create "Top 3" --ranges "1:50,2:30,3:20"\n')
  io.out(
    formatTable(
      answer.prize_structures,
      [
        { header: 'ID', value: (p) => p.id, align: 'right' },
        { header: 'NAME', value: (p) => p.name },
        { header: 'WINNERS', value: (p) => p.winners, align: 'right' },
        { header: 'RANGES', value: (p) => formatPercentRanges(p.ranges) },
      ],
      style(io.color),
    ),
  )
}

async function runShow(io: Io, id: number, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const answer = await player(io, opts.server).get<{ prize_structure: PrizeStructure }>(
    `/api/prize_structures/${id}`,
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(structureFields(answer.prize_structure, s))
  io.out(
    `\n${formatTable(
      answer.prize_structure.ranges,
      [
        { header: 'RANK', value: (r) => (r.from === r.to ? `#${r.from}` : `#${r.from} - #${r.to}`) },
        { header: 'PERCENT EACH', value: (r) => `${r.percent}%`, align: 'right' },
      ],
      s,
    )}`,
  )
}

async function runCreate(io: Io, name: string, opts: OptionsOf<typeof createOptions>): Promise<void> {
  const ranges = parsePercentRanges('--ranges', opts.ranges)
  const answer = await player(io, opts.server).post<{ prize_structure: PrizeStructure }>(
    '/api/prize_structures',
    {
      name,
      ranges,
    },
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(
    `${s.green('Saved')} prize table ${answer.prize_structure.id}\n${structureFields(answer.prize_structure, s)}`,
  )
}

async function runEdit(io: Io, id: number, opts: OptionsOf<typeof editOptions>): Promise<void> {
  if (opts.name === undefined && opts.ranges === undefined)
    throw new UsageError('nothing to change: give --name and/or --ranges')
  const api = player(io, opts.server)
  // PUT takes the whole table: the part not given is kept from the saved one.
  const { prize_structure: saved } = await api.get<{ prize_structure: PrizeStructure }>(
    `/api/prize_structures/${id}`,
  )
  const answer = await api.put<{ prize_structure: PrizeStructure }>(`/api/prize_structures/${id}`, {
    name: opts.name ?? saved.name,
    ranges: opts.ranges === undefined ? saved.ranges : parsePercentRanges('--ranges', opts.ranges),
  })
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(`${s.green('Saved')} prize table ${id}\n${structureFields(answer.prize_structure, s)}`)
}

async function runDelete(io: Io, id: number, opts: OptionsOf<typeof deleteOptions>): Promise<void> {
  const api = player(io, opts.server)
  await confirmOrStop(io, {
    yes: opts.yes,
    json: opts.json,
    refusal: `prizes delete removes saved prize table ${id}`,
    question: async () => {
      const { prize_structure } = await api.get<{ prize_structure: PrizeStructure }>(
        `/api/prize_structures/${id}`,
      )
      return `Delete the saved prize table "${prize_structure.name}"?`
    },
  })
  await api.request('DELETE', `/api/prize_structures/${id}`)
  if (opts.json) return printJson(io, { deleted: true, id })
  io.out(`${style(io.color).green('Deleted')} saved prize table ${id}\n`)
}
