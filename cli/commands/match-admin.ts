import fs from 'node:fs'
import { Api } from '../lib/api'
import type { Answer } from '../lib/api-types'
import { ApiError, CliError, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { type Match, scoreLines, sidesText } from '../lib/matches'
import { resolveServer } from '../lib/options'
import { style } from '../lib/style'
import { rupees } from '../lib/table'
import type { AbandonOptions, AdminOptions, ScoreOptions, SimulateOptions } from './match-options'

// The admin side of `fanspole match`: simulate, score, complete, abandon.

const adminApi = (io: Io, server: string | undefined) => new Api(io, resolveServer(io, server), 'admin')

/** `, era t20-2024` / `, league premier-league`; nothing for a sport without profiles. */
const profileText = (match: Match) =>
  match.sim_profile ? `, ${match.sport_slug === 'football' ? 'league' : 'era'} ${match.sim_profile}` : ''

const scoreOf = (match: Match) => {
  const lines = scoreLines(match, match.score_summary, new Map())
  return lines.length > 0 ? lines.map((l) => `  ${l}\n`).join('') : ''
}

/**
 * A profile the server refuses (an era that does not fit the match's sport or format, a league
 * it does not know) is a wrong command line: exit 2, with the server's list of valid values.
 */
async function simulateAnswer(io: Io, id: number, opts: SimulateOptions) {
  const { mode, era, league } = opts
  try {
    return await adminApi(io, opts.server).post<{ mode: string; events: number; match: Match }>(
      `/api/admin/matches/${id}/simulate`,
      { mode, ...(era === undefined ? {} : { era }), ...(league === undefined ? {} : { league }) },
    )
  } catch (error) {
    const field = error instanceof ApiError && error.status === 422 ? profileField(error) : undefined
    if (field) throw new UsageError(`--${field}: ${(error as ApiError).fields?.[field]?.join(', ')}`)
    throw error
  }
}

const profileField = (error: ApiError) => (['era', 'league'] as const).find((f) => error.fields?.[f])

export async function runSimulate(io: Io, id: number, opts: SimulateOptions): Promise<void> {
  const answer = await simulateAnswer(io, id, opts)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const { match } = answer
  if (opts.mode === 'instant') {
    io.out(
      `${s.green('Simulated')} ${match.title} (${sidesText(match)}${profileText(match)}): ${answer.events} events; the match is ${match.match_status}.\n`,
    )
    io.out(scoreOf(match))
    if (match.result_text) io.out(`  ${match.result_text}\n`)
    io.out(`Its contests are settled: fanspole contest list --match ${match.id}\n`)
  } else {
    io.out(
      `${s.green('Simulating')} ${match.title}${profileText(match)} live at the clock’s speed: ${answer.events} events.\n`,
    )
    io.out(`Watch it: fanspole match show ${match.id} --watch   (faster: fanspole clock --speed 300)\n`)
  }
}

/** `{ "events": [...] }` or a bare array, from a file; anything else is a usage error. */
export function readEventsFile(file: string): unknown[] {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(
      `--events: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    )
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new UsageError(`--events: ${file} is not valid JSON (${(error as Error).message})`)
  }
  const events = Array.isArray(parsed)
    ? parsed
    : parsed !== null && typeof parsed === 'object' && Array.isArray((parsed as { events?: unknown }).events)
      ? (parsed as { events: unknown[] }).events
      : undefined
  if (!events) throw new UsageError(`--events: ${file} must hold {"events": [...]} or a JSON array of events`)
  if (events.length === 0) throw new UsageError(`--events: ${file} holds no events`)
  return events
}

/** A short label for an event in an error: `ball 0.3`, `goal 67'`, `lineup`. */
function eventLabel(event: unknown): string {
  if (event === null || typeof event !== 'object') return JSON.stringify(event)
  const e = event as Record<string, unknown>
  const type = typeof e.type === 'string' ? e.type : 'event without a type'
  if (type === 'ball' && e.over !== undefined) return `ball ${e.over}.${e.ball}`
  if (e.minute !== undefined) return `${type} ${e.minute}'`
  return e.seq !== undefined ? `${type}, seq ${e.seq}` : type
}

/** The server's 422 for events, by event: `event 2 (ball 0.3): batter_id is not in the lineup of team 5`. */
export function eventProblems(fields: Record<string, string[]>, events: unknown[]): string[] {
  const lines: string[] = []
  for (const [field, messages] of Object.entries(fields)) {
    const at = /^events\.(\d+)(?:\.(.+))?$/.exec(field)
    if (!at) {
      lines.push(`${field}: ${messages.join(', ')}`)
      continue
    }
    const index = Number(at[1])
    const where = `event ${index} (${eventLabel(events[index])})`
    for (const message of messages) lines.push(`${where}: ${at[2] ? `${at[2]} ` : ''}${message}`)
  }
  return lines
}

export async function runScore(io: Io, id: number, opts: ScoreOptions): Promise<void> {
  const events = readEventsFile(opts.events)
  let answer: { ingested: number; replaced: number; last_seq: number; match: Match }
  try {
    answer = await adminApi(io, opts.server).post(`/api/admin/matches/${id}/events`, { events })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422 || !error.fields) throw error
    const problems = eventProblems(error.fields, events)
    throw new CliError(
      `The server refused the events of ${opts.events} (422 ${error.code}); nothing was stored:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    )
  }
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const replaced = answer.replaced > 0 ? ` (${answer.replaced} replaced: a correction, re-scored)` : ''
  io.out(
    `${s.green('Scored')} ${answer.ingested} event${answer.ingested === 1 ? '' : 's'}${replaced}; last seq ${answer.last_seq}.\n`,
  )
  io.out(scoreOf(answer.match))
}

type Settlement = Answer<'/api/admin/matches/{id}/complete', 'post'>['settlement']

export async function runComplete(io: Io, id: number, opts: AdminOptions): Promise<void> {
  const answer = await adminApi(io, opts.server).post<{ settlement: Settlement; match: Match }>(
    `/api/admin/matches/${id}/complete`,
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const { settlement: st, match } = answer
  io.out(`${s.green('Completed')} ${match.title} (${sidesText(match)}).\n`)
  io.out(scoreOf(match))
  if (st.contests === 0) io.out('No contest was waiting to be settled (already settled, or none locked).\n')
  else
    io.out(
      `Settled ${st.contests} contest${st.contests === 1 ? '' : 's'}: ${st.entries} entries, ${st.winners} winner${st.winners === 1 ? '' : 's'}, ${rupees(st.paid)} paid to winnings.\n`,
    )
}

export async function runAbandon(io: Io, id: number, opts: AbandonOptions): Promise<void> {
  const body = opts.reason ? { reason: opts.reason } : {}
  const answer = await adminApi(io, opts.server).post<{ match: Match }>(
    `/api/admin/matches/${id}/abandon`,
    body,
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(`${s.red('Abandoned')} ${answer.match.title}: ${answer.match.result_text ?? 'no reason given'}.\n`)
  io.out('No points count; every contest of the match was cancelled and its entry fees refunded.\n')
}
