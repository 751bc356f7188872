import { Command } from 'commander'
import { callServer } from '../lib/api'
import { plainOptions } from '../lib/command'
import { forgetSession, readSession } from '../lib/credentials'
import { CliError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { type OptionsOf, parseOptions, resolveServer, withJson, withServer } from '../lib/options'

export function logoutCommand(io: Io): Command {
  const cmd = new Command('logout')
    .summary('sign out and forget the session')
    .description(
      'Revoke the stored session on the server (every token of that sign-in) and forget it locally.',
    )
  withServer(cmd)
  withJson(cmd)
  return cmd.action(async (raw) => runLogout(io, await parseOptions(plainOptions, raw)))
}

async function runLogout(io: Io, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const server = resolveServer(io, opts.server)
  const session = readSession(io.env, server)
  if (!session) {
    if (opts.json) return printJson(io, { server, signed_out: false })
    io.out(`Not signed in to ${server}; nothing to do\n`)
    return
  }
  let revoked = true
  let problem: string | undefined
  try {
    const answer = await callServer(
      server,
      'POST',
      '/oauth/revoke',
      { token: session.refresh_token },
      session.access_token,
    )
    if (answer.status !== 200) throw new CliError(`the server answered ${answer.status}`)
  } catch (error) {
    // Forget the tokens anyway: keeping them because the server is down helps nobody.
    revoked = false
    problem = (error as Error).message
  }
  forgetSession(io.env, server)
  if (opts.json) return printJson(io, { server, signed_out: true, revoked })
  io.out(`Signed out of ${server} (${session.email})\n`)
  if (!revoked) io.err(`warning: could not revoke the tokens on the server: ${problem}\n`)
}
