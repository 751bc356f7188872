import fs from 'node:fs'
import { STATUS_CODES } from 'node:http'
import { Command } from 'commander'
import { type Answer, Api, type AuthMode } from '../lib/api'
import { type FieldArg, fieldsBody, fieldsQuery, type Json, pickPath } from '../lib/api-fields'
import { readSession } from '../lib/credentials'
import { CliError, UsageError } from '../lib/errors'
import type { Io } from '../lib/io'
import { type OptionsOf, parseOptions, resolveServer, withServer } from '../lib/options'

export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
/** Where a raw call may go: the JSON API and the token endpoints (the gateway pages are HTML forms). */
const PATH_ROOTS = ['/api', '/oauth/token', '/post_login']

const HELP = `
Who calls: the session of \`fanspole login\` for this server; without one, anonymously (public
reads), or the configured admin with --admin. \`fanspole --as <username|email> api …\` (the
global option, before or after the command) calls as that player: an admin's session takes a
short token of theirs (POST /api/admin/users/{ref}/act_as, audited).

Fields: -F/--field types its value (12 → number, true/false/null, @file → the file's text,
@- → standard input); -f/--raw-field keeps it a string (a mobile number: -f mobile_number=98…).
Keys nest: a[b]=1 or a.b=1 → {"a":{"b":1}}; a[]=1 -F a[]=2 → {"a":[1,2]}. For GET and DELETE
the fields are the query string; with --input FILE (JSON, - for standard input) the file is the
body and the fields go to the query string.

A PATH without a leading slash is under /api/ (me → /api/me). Exit codes: 0 on a 2xx answer;
1 on any other (its body is still printed; the status goes to stderr); 2 for a bad command line.

Examples:
  fanspole api GET /api/me
  fanspole api GET me --pick user.unused_balance
  fanspole api GET /api/matches -F status=upcoming -F per_page=5
  fanspole api POST /api/admin/wallet/credits --admin -F user_id=7 -F amount=100
  fanspole api POST /api/contests/41/join -F team_id=12 --include
  fanspole --as alice api GET /api/me/unused_passbook
  echo '{"events":[…]}' | fanspole api POST /api/admin/matches/14/events --admin --input -
`

const apiOptions = (z: typeof import('zod').z) =>
  z.object({
    server: z.string().optional(),
    field: z.array(z.string()).default([]),
    rawField: z.array(z.string()).default([]),
    input: z.string().min(1).optional(),
    include: z.boolean().default(false),
    pick: z.string().min(1).optional(),
    admin: z.boolean().default(false),
    header: z.array(z.string()).default([]),
  })

const collect = (value: string, previous: string[] = []) => [...previous, value]

export function apiCommand(io: Io): Command {
  // -F and -f in the order given, so that `a[]` lists keep it across the two flags.
  const fields: FieldArg[] = []
  const field =
    (raw: boolean) =>
    (text: string, previous: string[] = []) => {
      fields.push({ text, raw })
      return [...previous, text]
    }
  const cmd = new Command('api')
    .summary('call any API route and print its JSON answer (like gh api)')
    .description('Make one call to the server, signed in as you (or --as a player), and print the answer.')
    .argument('<method>', `HTTP method: ${API_METHODS.join(', ')}`)
    .argument('<path>', 'the route, e.g. /api/me (a path without a leading slash is under /api/)')
    .option(
      '-F, --field <key=value>',
      'a typed field (number, true/false/null, @file); repeatable',
      field(false),
    )
    .option('-f, --raw-field <key=value>', 'a string field; repeatable', field(true))
    .option('--input <file>', 'the request body from a JSON file (- for standard input)')
    .option('-H, --header <name:value>', 'an extra request header; repeatable', collect)
    .option('-i, --include', 'print the status line and the headers before the body')
    .option('-q, --pick <path>', 'print only this part of the answer: user.email, contests[0].id')
    .option('--admin', 'without a stored session, call as the configured admin (FANSPOLE_ADMIN_*)')
    .addHelpText('after', HELP)
  withServer(cmd)
  return cmd.action(async (method: string, path: string, raw) =>
    runApi(io, method, path, await parseOptions(apiOptions, raw), fields),
  )
}

/** `GET`, `get` → GET; anything else is a usage error naming the methods. */
export function apiMethod(text: string): (typeof API_METHODS)[number] {
  const method = text.toUpperCase()
  if (!(API_METHODS as readonly string[]).includes(method))
    throw new UsageError(`method: ${JSON.stringify(text)} is not one of ${API_METHODS.join(', ')}`)
  return method as (typeof API_METHODS)[number]
}

/** `me` → /api/me; `/api/…` as given; any other absolute path is a usage error. */
export function apiPath(text: string): string {
  const path = text.startsWith('/') ? text : `/api/${text.replace(/^api\//, '')}`
  const bare = path.split(/[?#]/)[0] as string
  if (!PATH_ROOTS.some((root) => bare === root || bare.startsWith(`${root}/`) || bare.startsWith(`${root}.`)))
    throw new UsageError(
      `path: ${JSON.stringify(text)} is not an API route (it starts with ${PATH_ROOTS.join(', ')}; a path without a leading slash is under /api/)`,
    )
  return path
}

function headerPairs(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon <= 0) throw new UsageError(`--header: expected name:value, got ${JSON.stringify(line)}`)
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return headers
}

function readInput(file: string): unknown {
  let text: string
  try {
    text = fs.readFileSync(file === '-' ? 0 : file, 'utf8')
  } catch (error) {
    throw new UsageError(`--input: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new UsageError(`--input: ${file} is not JSON (${(error as Error).message})`)
  }
}

/** The path with `query` appended (after any query the path has). */
const withQuery = (path: string, query: string) =>
  query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`

async function runApi(
  io: Io,
  methodText: string,
  pathText: string,
  opts: OptionsOf<typeof apiOptions>,
  fields: FieldArg[],
): Promise<void> {
  const method = apiMethod(methodText)
  let path = apiPath(pathText)
  const headers = headerPairs(opts.header)
  let body: unknown
  if (opts.input !== undefined) {
    body = readInput(opts.input)
    path = withQuery(path, fieldsQuery(fields))
  } else if (method === 'GET' || method === 'DELETE') path = withQuery(path, fieldsQuery(fields))
  else body = fieldsBody(fields)
  const server = resolveServer(io, opts.server)
  const mode: AuthMode = readSession(io.env, server) ? 'user' : opts.admin ? 'admin' : 'none'
  const { answer } = await new Api(io, server, mode).exchange(method, path, body, headers)
  printAnswer(io, answer, opts)
  if (answer.status < 200 || answer.status >= 300) {
    const code = (answer.body as { code?: unknown } | null)?.code
    throw new CliError(
      `HTTP ${answer.status}${typeof code === 'string' ? ` ${code}` : ''} from ${method} ${path}`,
      {
        code: typeof code === 'string' ? code : 'HTTP_ERROR',
      },
    )
  }
}

function printAnswer(io: Io, answer: Answer, opts: { include: boolean; pick?: string }): void {
  if (opts.include) {
    const reason = STATUS_CODES[answer.status]
    io.out(`HTTP/1.1 ${answer.status}${reason ? ` ${reason}` : ''}\n`)
    for (const [name, value] of Object.entries(answer.headers ?? {})) io.out(`${name}: ${value}\n`)
    io.out('\n')
  }
  const shown = opts.pick === undefined ? answer.body : pickPath(answer.body, opts.pick)
  if (shown === undefined) {
    if (opts.pick !== undefined) io.err(`note: the answer has nothing at ${opts.pick}\n`)
    return
  }
  if (typeof shown === 'string') io.out(`${shown}\n`)
  else io.out(`${JSON.stringify(shown as Json, null, 2)}\n`)
}
