import { Command } from 'commander'
import type { Answer } from '../lib/api-types'
import { apiOf, runsOnId, serverOptions } from '../lib/command'
import { type Io, printJson } from '../lib/io'
import type { OptionsOf } from '../lib/options'
import { style } from '../lib/style'
import { formatInstant } from '../lib/time'

type Replay = Answer<'/api/admin/matches/{id}/replay', 'post'>['replay']

const replayOptions = serverOptions((z) => ({
  speed: z
    .string()
    .transform((text, ctx) => {
      const n = Number(text)
      if (text.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 1000)
        ctx.addIssue({
          code: 'custom',
          message: `expected a number above 0 and at most 1000, got ${JSON.stringify(text)}`,
        })
      return n
    })
    .optional(),
}))

/** `fanspole match replay <id>`: a completed match played again, live, as a new match (admin). */
export function matchReplayCommand(io: Io): Command {
  const replay = new Command('replay')
    .description(
      'Play a completed match again, live, for a lecture (admin): a fresh copy of it goes live now and its stored events are scored into the copy, each at its moment on the game clock. The original is not touched.',
    )
    .argument('<id>', 'id of a completed match')
    .option('--speed <factor>', 'how much faster than the original the events come (2 = twice as fast)', '1')
    .addHelpText(
      'after',
      '\nExamples:\n  fanspole match replay 14\n  fanspole match replay 14 --speed 20 --json\n',
    )
  runsOnId(io, replay, 'match id', replayOptions, runReplay)
  return replay
}

async function runReplay(io: Io, id: number, opts: OptionsOf<typeof replayOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const { replay } = await api.post<{ replay: Replay }>(`/api/admin/matches/${id}/replay`, {
    speed: opts.speed ?? 1,
  })
  if (opts.json) return printJson(io, { replay })
  const s = style(io.color)
  io.out(
    `${s.green('Replaying')} match ${replay.source_id} as match ${s.bold(String(replay.match_id))}: ${replay.events} events at ${replay.speed}×, ending about ${formatInstant(replay.ends_at_in_millis)} (game clock).\n`,
  )
  io.out(`Watch it: fanspole match show ${replay.match_id} --watch\n`)
}
