import { Command } from 'commander'
import type { FigureRow, FigureSample, SimTools, TimedEvent } from '../../server/index'
import { CliError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionSchema, type OptionsOf, parseOptions, seedFlag, withJson } from '../lib/options'
import { style } from '../lib/style'
import { formatTable } from '../lib/table'
import { SIM_SPORTS, type SimPlan, simPlan, simulateMany } from './sim-run'

export const MAX_SIM_MATCHES = 10_000
const DEFAULT_SEED = 42

export const statsOptions = ((z) =>
  z.object({
    sport: z
      .string()
      .default('cricket')
      .refine((s) => (SIM_SPORTS as readonly string[]).includes(s), {
        error: (issue) => `expected one of ${SIM_SPORTS.join(', ')}, got ${JSON.stringify(issue.input)}`,
      })
      .transform((s) => s as (typeof SIM_SPORTS)[number]),
    format: z.string().optional(),
    era: z.string().optional(),
    league: z.string().optional(),
    matches: intFlag(z, 'a number of matches', 1, MAX_SIM_MATCHES).optional(),
    seed: seedFlag(z).optional(),
    check: z.boolean().default(false),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

export function simStatsCommand(io: Io): Command {
  const cmd = new Command('stats')
    .description(
      'Simulate matches in this process and measure them: every headline figure (mean, sd, p10/p50/p90) beside the target of the era or league, its band and ✓/✗ (docs/simulation.md, "Measuring the simulator"). A report: exit 0 even when figures miss, unless --check.',
    )
    .option('--sport <sport>', `${SIM_SPORTS.join(', ')}`, 'cricket')
    .option('--format <format>', 'cricket: T20 or ODI (default: T20; ODI with --era odi-2015)')
    .option(
      '--era <era>',
      'cricket: t20-2008 or t20-2024 for T20, odi-2015 for ODI (default: t20-2008; odi-2015)',
    )
    .option('--league <league>', 'football: premier-league, la-liga, serie-a, bundesliga or ligue-1')
    .option('--matches <n>', `how many matches, 1–${MAX_SIM_MATCHES} (default: 500)`)
    .option('--seed <n>', `random seed: the same seed gives the same report (default: ${DEFAULT_SEED})`)
    .option('--check', 'exit 1 when a figure with a target is outside its band')
  cmd.addHelpText(
    'after',
    '\nExamples:\n  fanspole sim stats --format T20 --era t20-2024 --matches 500\n  fanspole sim stats --format ODI --matches 200 --seed 7 --json\n  fanspole sim stats --sport football --league serie-a --check\n  fanspole sim stats --sport f1 --matches 100\n',
  )
  return withJson(cmd).action(async (raw) => runStats(io, await parseOptions(statsOptions, raw)))
}

/** The figures of one sport from some of its simulated matches. */
function figuresOf(tools: SimTools, plan: SimPlan, matches: TimedEvent[][]): FigureSample[] {
  if (plan.sport === 'f1') return tools.raceFigures(matches)
  if (plan.sport === 'football') return tools.footballFigures(matches)
  return tools.cricketFigures(matches, plan.format as 'T20' | 'ODI')
}

function targetsOf(tools: SimTools, plan: SimPlan) {
  if (plan.sport === 'f1') return tools.RACE_TARGETS
  if (plan.sport === 'football')
    return tools.FOOTBALL_TARGETS[plan.profile as keyof SimTools['FOOTBALL_TARGETS']]
  return tools.CRICKET_TARGETS[plan.profile as keyof SimTools['CRICKET_TARGETS']]
}

/** Matches measured at a time: the events of thousands of ODIs at once would not fit in memory; each figure's values are per match or finer, so batches join. */
const BATCH = 100

async function runStats(io: Io, opts: OptionsOf<typeof statsOptions>): Promise<void> {
  const { loadSimTools } = await import('../../server/index')
  const tools = await loadSimTools()
  const plan = simPlan(tools, opts)
  const count = opts.matches ?? 500
  const seed = opts.seed ?? DEFAULT_SEED
  const samples = new Map<string, FigureSample>()
  let batch: TimedEvent[][] = []
  const measureBatch = () => {
    for (const f of figuresOf(tools, plan, batch)) {
      const into = samples.get(f.key)
      if (into) into.values.push(...f.values)
      else samples.set(f.key, { ...f, values: [...f.values] })
    }
    batch = []
  }
  await simulateMany(io, tools, plan, { count, seed, progress: true }, (m) => {
    batch.push(m.events)
    if (batch.length === BATCH) measureBatch()
  })
  if (batch.length > 0) measureBatch()
  const rows = tools.figureReport([...samples.values()], targetsOf(tools, plan))
  const missed = rows.filter((r) => r.within === false)
  const met = rows.filter((r) => r.within === true).length
  if (opts.json)
    printJson(io, {
      stats: {
        sport: plan.sport,
        format: plan.format,
        profile: plan.profile,
        matches: count,
        seed,
        met,
        missed: missed.map((r) => r.key),
        figures: rows,
      },
    })
  else io.out(statsReport(io, plan, count, seed, rows, met, missed.length))
  if (opts.check && missed.length > 0)
    throw new CliError(
      `${missed.length} figure(s) outside their band: ${missed.map((r) => r.key).join(', ')}`,
      {
        code: 'FIGURES_MISSED',
      },
    )
}

/** A share prints as a percentage; a mean with two decimals, three under 1 (5-wicket hauls: 0.015). */
const show = (row: FigureRow, value: number) => {
  if (Number.isNaN(value)) return '-'
  if (row.kind === 'share') return `${(value * 100).toFixed(1)}%`
  return value.toFixed(Math.abs(value) < 1 && value !== 0 ? 3 : 2)
}

function statsReport(
  io: Io,
  plan: SimPlan,
  count: number,
  seed: number,
  rows: FigureRow[],
  met: number,
  missed: number,
): string {
  const s = style(io.color)
  const what =
    plan.sport === 'cricket' ? `${plan.format} cricket` : plan.sport === 'f1' ? 'F1 races' : 'football'
  const head = `${s.bold(`${count} simulated ${what}`)}${plan.profile ? ` · ${plan.profile}` : ''} · seed ${seed}\n\n`
  const table = formatTable(
    rows,
    [
      { header: 'FIGURE', value: (r) => r.label, align: 'left' },
      { header: 'N', value: (r) => r.n },
      { header: 'MEAN', value: (r) => show(r, r.mean) },
      { header: 'SD', value: (r) => show(r, r.sd) },
      { header: 'P10', value: (r) => show(r, r.p10) },
      { header: 'P50', value: (r) => show(r, r.p50) },
      { header: 'P90', value: (r) => show(r, r.p90) },
      { header: 'TARGET', value: (r) => (r.target ? show(r, r.target.value) : '-') },
      {
        header: 'BAND',
        value: (r) => (r.target ? `${show(r, r.target.low)}–${show(r, r.target.high)}` : '-'),
      },
      {
        header: 'OK',
        value: (r) => (r.within === null ? '' : r.within ? '✓' : r.n === 0 ? '✗ (none)' : '✗'),
        align: 'left',
        paint: (t, r) => (r.within === null ? t : r.within ? s.green(t) : s.red(t)),
      },
    ],
    s,
  )
  const withTargets = rows.filter((r) => r.within !== null).length
  return `${head}${table}\n${met} of ${withTargets} figures with a target inside their band, ${missed} outside.\n`
}
