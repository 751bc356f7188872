import { Command } from 'commander'
import type { Schema } from '../lib/api-types'
import { commandGroup, runs, runsOnOptionalId, serverJson, serverOptions } from '../lib/command'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionSchema, type OptionsOf } from '../lib/options'
import { player } from '../lib/session'
import { type Style, style } from '../lib/style'
import { formatFields, formatTable } from '../lib/table'

/** A gang as the API answers it (docs/gangs.md). */
export type Gang = Schema<'Gang'>

type Member = Schema<'GangMember'>

const scopeFlags = (z: Parameters<OptionSchema>[0]) => ({
  series: intFlag(z, 'a series id', 1, 2 ** 31 - 1).optional(),
  phase: intFlag(z, 'a series phase id', 1, 2 ** 31 - 1).optional(),
  ...serverJson(z),
})

const createOptions = ((z) =>
  z.object({
    ...scopeFlags(z),
    motto: z.string().max(140).default(''),
    private: z.boolean().default(false),
  })) satisfies OptionSchema

const joinOptions = serverOptions((z) => ({
  request: z.boolean().default(false),
}))

const showOptions = ((z) => z.object(scopeFlags(z))) satisfies OptionSchema

/** `/api/series/{id}/leagues` or `/api/championship/series_phases/{id}/leagues`, from exactly one of the flags. */
function scopePath(opts: { series?: number; phase?: number }): string {
  if ((opts.series === undefined) === (opts.phase === undefined))
    throw new UsageError(
      'give exactly one of --series <id> (daily gangs) or --phase <id> (championship gangs)',
    )
  return opts.series !== undefined
    ? `/api/series/${opts.series}/leagues`
    : `/api/championship/series_phases/${opts.phase}/leagues`
}

export function gangCommand(io: Io): Command {
  const create = new Command('create')
    .description(
      'Create a gang and become its manager. Public (default): anyone with its code joins. --private: players ask with the code and you approve them.',
    )
    .argument('<name>', 'the gang’s name (up to 40 characters)')
    .option('--series <id>', 'a daily gang of this series')
    .option('--phase <id>', 'a championship gang of this series phase')
    .option('--motto <text>', 'the gang’s motto')
    .option('--private', 'members need your approval')
  runs(io, create, createOptions, (io, opts, name: string) => runCreate(io, name, opts))

  const join = new Command('join')
    .description(
      'Join a gang with its code (any case). A private gang answers 403: ask with --request and wait for its manager.',
    )
    .argument('<code>', 'the gang code')
    .option('--request', 'ask to join (private gangs); a public gang takes you at once')
  runs(io, join, joinOptions, (io, opts, code: string) => runJoin(io, code, opts))

  const show = new Command('show')
    .description(
      'Without an id: my gangs in the series or phase, with my rank. With an id: the gang and its members, ranked.',
    )
    .argument('[id]', 'gang id')
    .option('--series <id>', 'daily gangs of this series')
    .option('--phase <id>', 'championship gangs of this series phase')
  runsOnOptionalId(io, show, 'gang id', showOptions, runShow)

  return commandGroup(
    'gang',
    'gangs: private leaderboards in a series or a championship phase',
    [create, join, show],
    '\nExamples:\n  fanspole gang create "Hostel 4" --series 1 --motto "We never sleep"\n  fanspole gang join K7QX2M9A\n  fanspole gang show --series 1\n  fanspole gang show 3 --phase 2 --json\n',
  )
}

function gangFields(g: Gang, s: Style): string {
  const me = g.current_user_data
  return formatFields(
    [
      ['id', g.id],
      ['gang', `${g.name}${g.is_public ? '' : ' (private)'}`],
      ['motto', g.league_motto || null],
      [
        'in',
        g.series_phase
          ? `${g.series.name} · ${g.series_phase.name} (championship)`
          : `${g.series.name} (daily)`,
      ],
      ['manager', g.user.team_name ?? g.user.display_name],
      ['members', g.league_members_count],
      ['score', `${g.score} ${s.dim('(best 10 members)')}`],
      ['code', g.league_code],
      ...(me?.status === 'pending' ? [['you', 'asked to join; waiting for the manager'] as const] : []),
      ...(me?.rank ? [['your rank', `${me.rank} (${me.score} pts)`] as const] : []),
    ],
    s,
  )
}

async function runCreate(io: Io, name: string, opts: OptionsOf<typeof createOptions>): Promise<void> {
  const path = scopePath(opts)
  const { gang } = await player(io, opts.server).post<{ gang: Gang }>(path, {
    name,
    league_motto: opts.motto,
    is_public: !opts.private,
  })
  if (opts.json) return printJson(io, { gang })
  io.out(gangFields(gang, style(io.color)))
}

async function runJoin(io: Io, code: string, opts: OptionsOf<typeof joinOptions>): Promise<void> {
  const path = opts.request ? '/api/leagues/join_request' : '/api/leagues/join'
  const { gang } = await player(io, opts.server).post<{ gang: Gang }>(path, { code })
  if (opts.json) return printJson(io, { gang })
  io.out(gangFields(gang, style(io.color)))
}

async function runShow(io: Io, id: number | undefined, opts: OptionsOf<typeof showOptions>): Promise<void> {
  const path = scopePath(opts)
  const api = player(io, opts.server)
  const s = style(io.color)
  if (id === undefined) {
    const answer = await api.get<{ gangs: Gang[] }>(`${path}/my_leagues`)
    if (opts.json) return printJson(io, answer)
    if (answer.gangs.length === 0) {
      io.out(
        'No gangs yet: create one (fanspole gang create) or join one with its code (fanspole gang join).\n',
      )
      return
    }
    io.out(
      formatTable(
        answer.gangs,
        [
          { header: 'ID', value: (g) => g.id },
          { header: 'GANG', value: (g) => `${g.name}${g.is_public ? '' : ' (private)'}` },
          { header: 'MANAGER', value: (g) => g.user.team_name ?? g.user.display_name },
          { header: 'MEMBERS', value: (g) => g.league_members_count },
          { header: 'SCORE', value: (g) => g.score },
          {
            header: 'MY RANK',
            value: (g) =>
              g.current_user_data?.status === 'pending' ? 'asked' : (g.current_user_data?.rank ?? null),
            align: 'right',
          },
          { header: 'CODE', value: (g) => g.league_code },
        ],
        s,
      ),
    )
    return
  }
  const answer = await api.get<{ gang: Gang; members: Member[] }>(`${path}/${id}`)
  if (opts.json) return printJson(io, answer)
  io.out(gangFields(answer.gang, s))
  io.out(`\n${s.bold('Members')}\n`)
  io.out(
    formatTable(
      answer.members,
      [
        { header: 'RANK', value: (m) => m.rank },
        {
          header: 'TEAM',
          value: (m) => `${m.user.team_name ?? m.user.display_name}${m.is_manager ? ' (manager)' : ''}`,
        },
        { header: 'SCORE', value: (m) => m.score },
      ],
      s,
    ),
  )
}
