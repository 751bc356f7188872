import { Command } from 'commander'
import { type Io, processIo } from '../lib/io'
import { withJson } from '../lib/options'

const EXAMPLES = `
Examples:
  fanspole scenario run scenarios
  fanspole scenario run scenarios/auth.yaml scenarios/cable-auth.yaml
  fanspole scenario run scenarios --server http://127.0.0.1:3000
  fanspole scenario run scenarios --json > results.json

The file format is described in docs/scenarios.md.
`

/** `fanspole scenario run <paths...>`: scripted API and /cable scenarios (YAML). */
export function scenarioCommand(io: Io = processIo()): Command {
  const scenario = new Command('scenario').summary('run scripted scenarios (YAML) against a server')
  const run = new Command('run')
    .summary('run scenario files')
    .description(
      'Runs every scenario file given (a directory means every *.yaml in it, sorted). Each scenario gets a fresh in-process server on an in-memory database, unless --server names a running one. Prints each step with ✓ or ✗; exits 1 if any scenario failed, 2 if a file is not a valid scenario.',
    )
    .argument('<paths...>', 'scenario files or directories')
    .option(
      '--server <url>',
      'run against this running server (default: a fresh ephemeral server per scenario)',
    )
  withJson(run)
  run.addHelpText('after', EXAMPLES)
  run.action(async (paths: string[], flags: { json?: boolean; server?: string }) => {
    // Loaded on use: the runner pulls in zod, yaml, ws and (for ephemeral runs) the server.
    const { runScenarioCommand } = await import('../scenario/run-command')
    await runScenarioCommand(paths, flags, io)
  })
  return scenario.addCommand(run)
}
