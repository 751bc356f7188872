import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Command, CommanderError, Help, type Option } from 'commander'
import pkg from '../package.json' with { type: 'json' }
import { OperatorError } from '../server/domain/operator-error'
import { USERNAME_PATTERN, USERNAME_RULE } from '../server/domain/user-rules'
import { COMMANDS, type CommandEntry, commandWord } from './command-list'
import { CliError, EXIT, missingText, UsageError } from './lib/errors'
import { type Io, printJson, processIo } from './lib/io'
import { style } from './lib/style'

const ENVIRONMENT = `
Environment:
  FANSPOLE_SERVER          server for login, clock, users, class, outbox, kyc, redemptions, refunds, reports, match, contest, prizes, championship, auction, gang, social, group, wallet (default: http://127.0.0.1:3000)
  FANSPOLE_DB              SQLite file for serve, seed, db (default: ./data/fanspole.sqlite)
  DATABASE_URL             postgres://… instead of SQLite
  PORT, HOST               where serve listens (default: 127.0.0.1:3000)
  FANSPOLE_SEED            random seed of the demo league (default: 42)
  FANSPOLE_ADMIN_EMAIL     the admin account (default: admin@fanspole.local)
  FANSPOLE_ADMIN_PASSWORD  its password (default: admin-pass-2026)
  FANSPOLE_HOME            where credentials.json is kept (default: ~/.fanspole)
  NO_COLOR                 no colours even on a terminal

Exit codes: 0 ok, 1 failed, 2 usage error.
`

/**
 * The program for one command line: the command it runs is loaded (its module and what that
 * imports), every other command is only its line of help (command-list.ts). Without `argv`,
 * every command is loaded: the whole tree, as tests walk it.
 */
export async function loadProgram(io: Io = processIo(), argv?: string[]): Promise<Command> {
  const word = argv === undefined ? undefined : commandWord(argv)
  const wanted = argv === undefined ? COMMANDS : COMMANDS.filter((entry) => entry.name === word)
  const loaded = new Map(
    await Promise.all(wanted.map(async (entry) => [entry.name, (await entry.load())(io)] as const)),
  )
  return buildProgram(io, loaded)
}

/** The command tree around the `loaded` commands, writing to `io`; tests build it with in-memory streams. */
function buildProgram(io: Io, loaded: ReadonlyMap<string, Command>): Command {
  const program = new Command('fanspole')
    .description('Fanspole Local: a fantasy-sports and cricket-auction product on one laptop.')
    .version(pkg.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .showHelpAfterError('(add --help for usage)')
    .option(
      '--as <username>',
      'act as this player (username or e-mail) on the server (admin only; every call is theirs, audited)',
    )
    .addHelpText('after', ENVIRONMENT)
  actAs(program, io)
  const terms = new Map(COMMANDS.map((entry) => [entry.name, entry.term]))
  program.configureHelp({
    // A command not loaded has no options or arguments to show: its line says what it would.
    subcommandTerm(this: Help, command) {
      return terms.get(command.name()) ?? Help.prototype.subcommandTerm.call(this, command)
    },
  })
  for (const entry of COMMANDS)
    program.addCommand((loaded.get(entry.name) ?? outline(entry)).helpGroup(entry.group))
  program.commandsGroup('Help:').helpCommand('help [command]', 'show help for a command')
  configure(program, io)
  return program
}

/** A command that is not loaded: its name and description for the program's help. */
function outline(entry: CommandEntry): Command {
  return new Command(entry.name).description(entry.description)
}

/** Commands that do not talk to a server as someone: `--as` means nothing to them. */
const LOCAL_COMMANDS = new Set(['serve', 'seed', 'db', 'login', 'logout', 'scenario'])

/**
 * `--as <username>` (docs/classroom.md): a global option, before or after the command, that
 * makes every API call of the command the player's own (cli/lib/api.ts asks the server for
 * a short token of theirs with the admin's session). Checked before the action runs: a name
 * that cannot be a username, or a command that does not talk to a server, is a usage error.
 */
function actAs(program: Command, io: Io): void {
  program.hook('preAction', (_program, action) => {
    const who = program.opts<{ as?: string }>().as
    io.actAs = undefined
    if (who === undefined) return
    let top: Command = action
    while (top.parent && top.parent !== program) top = top.parent
    if (LOCAL_COMMANDS.has(top.name()))
      throw new UsageError(
        `--as: \`${top.name()}\` does not act on a server as a player; --as goes with commands such as wallet, contest or auction`,
      )
    // An e-mail address names the player too (the act_as route takes either).
    if (!USERNAME_PATTERN.test(who.trim()) && !/^[^\s@]+@[^\s@]+$/.test(who.trim()))
      throw new UsageError(
        `--as: ${JSON.stringify(who)} is neither a username (${USERNAME_RULE}) nor an e-mail address`,
      )
    io.actAs = who.trim()
  })
}

/**
 * addCommand() does not pass settings down, so every command gets them here: output to
 * `io`, and errors thrown (not process.exit) so that run() decides the exit code.
 */
function configure(command: Command, io: Io): void {
  const red = style(io.stderr.isTTY === true && !io.env.NO_COLOR).red
  command.exitOverride()
  command.helpOption('-h, --help', 'show help')
  if (command.commands.length > 0) command.helpCommand('help [command]', 'show help for a command')
  command.configureOutput({
    writeOut: io.out,
    writeErr: io.err,
    outputError: (text, write) => write(red(text)),
    getOutHelpWidth: () => io.stdout.columns ?? 100,
    getErrHelpWidth: () => 100,
  })
  requiredOptions(command)
  for (const sub of command.commands) configure(sub, io)
}

/**
 * Required options are marked `(required)` in help, and every one missing from a command line
 * is told in one error: commander stops at the first it meets, so a user fixed them one run
 * at a time. Its own hook for that (`missingMandatoryOptionValue`, called for the first missing
 * one) is replaced by one that names them all, in commander's wording and error code.
 */
function requiredOptions(command: Command): void {
  for (const option of command.options)
    if (option.mandatory && !option.description.endsWith('(required)'))
      option.description = `${option.description} (required)`
  const hooked = command as Command & { missingMandatoryOptionValue(option: Option): never }
  hooked.missingMandatoryOptionValue = () => {
    const missing: string[] = []
    for (let cmd: Command | null = command; cmd; cmd = cmd.parent)
      for (const option of cmd.options)
        if (option.mandatory && cmd.getOptionValue(option.attributeName()) === undefined)
          missing.push(`'${option.flags}'`)
    return command.error(`error: ${missingText(missing)} not specified`, {
      code: 'commander.missingMandatoryOptionValue',
    })
  }
}

/** Runs one command line and returns its exit code: 0 ok, 1 failed, 2 usage error. */
export async function main(argv: string[] = process.argv.slice(2), io: Io = processIo()): Promise<number> {
  try {
    await (await loadProgram(io, argv)).parseAsync(argv, { from: 'user' })
    return EXIT.ok
  } catch (error) {
    // The reader of stdout went away (`| head`): what failed after that is nobody's business.
    if (io.isStdoutClosed()) return EXIT.ok
    return report(error, io, wantsJson(argv))
  }
}

/** `--json` among the options (not after `--`): failures are then a JSON document too. */
function wantsJson(argv: string[]): boolean {
  const end = argv.indexOf('--')
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json')
}

/**
 * The one place failures are told: `error: …` (and a hint) on stderr and, with `--json`,
 * `{error, code, status}` on stdout, so a script reads one JSON document whatever happened
 * (unless the command printed its own before failing: `scenario run` prints its report,
 * failed scenarios and all, then exits 1).
 */
function report(thrown: unknown, io: Io, json: boolean): number {
  // The server's refusals to an operator (a database in use, a README password on a network)
  // are told as the command line's own: the message, the hint, exit 1.
  const error =
    thrown instanceof OperatorError
      ? new CliError(thrown.message, { code: thrown.code, hint: thrown.hint })
      : thrown
  if (error instanceof CommanderError) {
    // Commander has printed its own message (or the help) already.
    if (error.exitCode === 0) return EXIT.ok
    if (json && !io.hasWrittenStdout())
      printJson(io, { error: error.message.replace(/^error: /, ''), code: 'USAGE', status: null })
    return EXIT.usage
  }
  const red = style(io.stderr.isTTY === true && !io.env.NO_COLOR).red
  const message = error instanceof Error ? error.message : String(error)
  if (json && !io.hasWrittenStdout())
    printJson(
      io,
      error instanceof CliError ? error.toJson() : { error: message, code: 'INTERNAL', status: null },
    )
  io.err(`${red(`error: ${message}`)}\n`)
  if (error instanceof CliError) {
    if (error.hint) io.err(`${error.hint}\n`)
    return error.exitCode
  }
  if (io.env.FANSPOLE_DEBUG && error instanceof Error && error.stack) io.err(`${error.stack}\n`)
  else io.err('(set FANSPOLE_DEBUG=1 for the stack trace)\n')
  return EXIT.failed
}

// `tsx cli/main.ts serve` (the dev script) runs this file directly; the bin imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code))
}
