import { Command } from 'commander'
import type { Schema } from '../lib/api-types'
import { apiOf, runs, serverOptions } from '../lib/command'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { instantFlag, type OptionsOf } from '../lib/options'
import { style } from '../lib/style'
import { formatFields } from '../lib/table'
import { DURATION_EXAMPLES, formatInstant, parseDuration } from '../lib/time'

type ClockState = Schema<'ClockState'>

const clockOptions = serverOptions((z) => ({
  speed: z
    .string()
    .transform((text, ctx) => {
      const n = Number(text)
      if (text.trim() === '' || !Number.isFinite(n) || n <= 0)
        ctx.addIssue({ code: 'custom', message: `expected a positive number, got ${JSON.stringify(text)}` })
      return n
    })
    .optional(),
  pause: z.boolean().default(false),
  resume: z.boolean().default(false),
  advance: z
    .string()
    .transform((text, ctx) => {
      const ms = parseDuration(text)
      if (ms === undefined)
        ctx.addIssue({
          code: 'custom',
          message: `expected a duration such as ${DURATION_EXAMPLES}, got ${JSON.stringify(text)}`,
        })
      return ms as number
    })
    .optional(),
  jump: instantFlag(z).optional(),
}))

export function clockCommand(io: Io): Command {
  const cmd = new Command('clock')
    .summary('show or change the game clock')
    .description(
      'Without options: show the game clock. With options: change it (admin). Every scheduled job that falls due fires, in order, before the answer.',
    )
    .option(
      '--speed <factor>',
      'game milliseconds per real millisecond (1 = real time, 60 = a minute a second)',
    )
    .option('--pause', 'stop the clock')
    .option('--resume', 'start the clock again')
    .option('--advance <duration>', `move the clock forward: ${DURATION_EXAMPLES}`)
    .option('--jump <instant>', 'jump forward to an instant: ISO date-time or epoch ms')
  cmd.addHelpText(
    'after',
    '\nExamples:\n  fanspole clock\n  fanspole clock --speed 60\n  fanspole clock --advance 2h\n  fanspole clock --jump 2026-12-01T14:00:00Z --json\n',
  )
  return runs(io, cmd, clockOptions, runClock)
}

async function runClock(io: Io, opts: OptionsOf<typeof clockOptions>): Promise<void> {
  if (opts.pause && opts.resume) throw new UsageError('--pause and --resume contradict each other; pick one')
  const change: Record<string, number | boolean> = {}
  if (opts.speed !== undefined) change.speed = opts.speed
  if (opts.pause) change.paused = true
  if (opts.resume) change.paused = false
  if (opts.advance !== undefined) change.advance_ms = opts.advance
  if (opts.jump !== undefined) change.now_in_millis = opts.jump
  const api = apiOf(io, opts, 'admin')
  const state =
    Object.keys(change).length === 0
      ? await api.get<ClockState>('/api/admin/clock')
      : await api.post<ClockState>('/api/admin/clock', change)
  if (opts.json) return printJson(io, state)
  const s = style(io.color)
  io.out(
    formatFields(
      [
        ['now', `${formatInstant(state.now_in_millis)}  ${s.dim(`(${state.now_in_millis})`)}`],
        ['speed', `${state.speed}×`],
        ['state', state.paused ? s.yellow('paused') : s.green('running')],
      ],
      s,
    ),
  )
}
