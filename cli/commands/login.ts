import { Command } from 'commander'
import { configuredAdmin, passwordLogin } from '../lib/api'
import { serverOptions } from '../lib/command'
import { credentialsPath, saveSession } from '../lib/credentials'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { type OptionsOf, parseOptions, resolveServer, withJson, withServer } from '../lib/options'
import { style } from '../lib/style'

const loginOptions = serverOptions((z) => ({
  email: z.string().trim().min(1, 'must not be empty').optional(),
  password: z.string().min(1, 'must not be empty').optional(),
  admin: z.boolean().default(false),
}))

export function loginCommand(io: Io): Command {
  const cmd = new Command('login')
    .summary('sign in and remember the session')
    .description(
      'Sign in with the password grant (client id `cli`) and store the token pair for this server in $FANSPOLE_HOME/credentials.json (default ~/.fanspole, mode 0600). On a terminal, missing values are asked for.',
    )
    .option('--email <email>', 'e-mail address or username')
    .option('--password <password>', 'password (asked for on a terminal when left out)')
    .option('--admin', 'sign in as the configured admin ($FANSPOLE_ADMIN_EMAIL / $FANSPOLE_ADMIN_PASSWORD)')
  withServer(cmd)
  withJson(cmd)
  return cmd.action(async (raw) => runLogin(io, await parseOptions(loginOptions, raw)))
}

async function runLogin(io: Io, opts: OptionsOf<typeof loginOptions>): Promise<void> {
  const server = resolveServer(io, opts.server)
  let email = opts.email
  let password = opts.password
  if (opts.admin) {
    if (email || password)
      throw new UsageError('--admin uses the configured admin; leave out --email and --password')
    ;({ email, password } = configuredAdmin(io))
  }
  if (email === undefined || password === undefined) {
    const canAsk = !opts.json && io.interactive && io.stdin.isTTY === true
    if (!canAsk)
      throw new UsageError('--email and --password are required when there is no terminal to ask on')
    const { promptLogin } = await import('../ui/prompts')
    ;({ email, password } = await promptLogin(io, server, email))
  }
  const session = await passwordLogin(server, email, password)
  saveSession(io.env, server, session)
  const who = { server, email: session.email, username: session.username, role: session.role }
  if (opts.json) return printJson(io, { ...who, credentials: credentialsPath(io.env) })
  const s = style(io.color)
  io.out(
    `${s.green('Signed in')} to ${server} as ${s.bold(session.username)} <${session.email}> (${session.role})\n`,
  )
}
