import fs from 'node:fs/promises'
import path from 'node:path'
import { Command } from 'commander'
import { toCricsheet } from '../../server/domain/events/cricsheet'
import { CliError, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionSchema, type OptionsOf, parseOptions, seedFlag, withJson } from '../lib/options'
import type { NamedSquad } from '../lib/sim-squads'
import { SIM_START_MS, simPlan, simulateMany } from './sim-run'
import { MAX_SIM_MATCHES } from './sim-stats'

const DAY_MS = 24 * 60 * 60 * 1000

export const exportOptions = ((z) =>
  z.object({
    format: z.string().optional(),
    era: z.string().optional(),
    matches: intFlag(z, 'a number of matches', 1, MAX_SIM_MATCHES).optional(),
    seed: seedFlag(z).optional(),
    out: z.string().trim().min(1, 'expected a directory'),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

export function simExportCommand(io: Io): Command {
  const cmd = new Command('export')
    .description(
      'Simulate cricket matches and write each as Cricsheet JSON (https://cricsheet.org/format/json/) into a directory: <n>.json for match n. Super overs are innings with super_over: true (docs/simulation.md, "Exporting matches").',
    )
    .option('--format <format>', 'T20 or ODI (default: T20; ODI with --era odi-2015)')
    .option('--era <era>', 't20-2008 or t20-2024 for T20, odi-2015 for ODI (default: t20-2008; odi-2015)')
    .option('--matches <n>', `how many matches, 1–${MAX_SIM_MATCHES} (default: 10)`)
    .option('--seed <n>', 'random seed: the same seed writes the same files (default: 42)')
    .requiredOption('--out <dir>', 'the directory to write into (created if missing)')
  cmd.addHelpText(
    'after',
    '\nExamples:\n  fanspole sim export --format T20 --matches 50 --seed 7 --out ./cricsheet\n  fanspole sim export --era odi-2015 --matches 10 --out ./odi --json\n',
  )
  return withJson(cmd).action(async (raw) => runExport(io, await parseOptions(exportOptions, raw)))
}

async function outDirectory(dir: string): Promise<string> {
  const full = path.resolve(dir)
  const stat = await fs.stat(full).catch(() => null)
  if (stat && !stat.isDirectory()) throw new UsageError(`--out: ${dir} exists and is not a directory`)
  try {
    // One level at a time from the nearest directory that exists: Node's recursive mkdir never
    // returns under some pseudo-filesystems (/proc), where a plain mkdir fails at once.
    const missing: string[] = []
    for (let at = full; !(await fs.stat(at).catch(() => null)); at = path.dirname(at)) {
      missing.unshift(at)
      if (path.dirname(at) === at) break
    }
    for (const level of missing) await fs.mkdir(level)
  } catch (error) {
    throw new CliError(`Cannot create ${dir}: ${(error as Error).message}`, { code: 'WRITE_FAILED' })
  }
  return full
}

async function runExport(io: Io, opts: OptionsOf<typeof exportOptions>): Promise<void> {
  const { loadSimTools } = await import('../../server/index')
  const tools = await loadSimTools()
  const plan = simPlan(tools, { sport: 'cricket', format: opts.format, era: opts.era })
  const count = opts.matches ?? 10
  const seed = opts.seed ?? 42
  const dir = await outDirectory(opts.out)
  const files: string[] = []
  await simulateMany(io, tools, plan, { count, seed, progress: !opts.json }, async (m) => {
    const file = path.join(dir, `${m.number}.json`)
    const cricsheet = toCricsheet(
      m.events.map((e) => e.event),
      context(m.teams, plan.format as 'T20' | 'ODI', m.number, `${plan.profile}, seed ${seed}`),
    )
    await fs.writeFile(file, `${JSON.stringify(cricsheet, null, 2)}\n`)
    files.push(file)
  })
  if (opts.json)
    return printJson(io, {
      export: { format: plan.format, era: plan.profile, seed, matches: count, out: dir, files },
    })
  io.out(
    `Wrote ${count} ${plan.format} match(es) (${plan.profile}, seed ${seed}) as Cricsheet JSON to ${dir}: 1.json … ${count}.json\n`,
  )
}

function context(teams: NamedSquad[], format: 'T20' | 'ODI', n: number, what: string) {
  const home = teams[0]?.venue
  return {
    matchType: format,
    teams: teams.map((t) => ({ id: t.team_id, name: t.name })),
    players: teams.flatMap((t) => t.players.map((p) => ({ id: p.id, name: p.name, team_id: t.team_id }))),
    startMs: SIM_START_MS + (n - 1) * DAY_MS,
    event: { name: `Fanspole simulated ${format} (${what})`, match_number: n },
    ...(home && { venue: home.name }),
    ...(home?.city && { city: home.city }),
    teamType: teams[0]?.international ? 'international' : 'club',
  } as const
}
