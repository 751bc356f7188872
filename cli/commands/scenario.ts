import { Command } from 'commander'
import { type Io, processIo } from '../lib/io'
import { withJson, withServer } from '../lib/options'
import type { ScenarioRunFlags } from '../scenario/run-command'

const EXAMPLES = `
Examples:
  fanspole scenario run scenarios
  fanspole scenario run scenarios/auth.yaml scenarios/cable-auth.yaml
  fanspole scenario run scenarios --server http://127.0.0.1:3000
  fanspole scenario run scenarios --json > results.json
  fanspole scenario run scenarios --grep auction --skip restart --bail
  fanspole scenario run scenarios --reporter junit --output scenarios.xml
  fanspole scenario run scenarios --tag auction,wallet --skip-tag slow
  fanspole scenario run scenarios --workers 2 --retries 1
  fanspole scenario run scenarios --last-failed
  fanspole scenario run scenarios --reporter html --output report.html
  fanspole scenario run scenarios/auth.yaml --trace on --trace-dir /tmp/traces

The file format is described in docs/scenarios.md.
`

/** `fanspole scenario run <paths...>`: scripted API and /cable scenarios (YAML). */
export function scenarioCommand(io: Io = processIo()): Command {
  const scenario = new Command('scenario').summary('run scripted scenarios (YAML) against a server')
  const run = new Command('run')
    .summary('run scenario files')
    .description(
      'Runs every scenario file given (a directory means every *.yaml in it, sorted; an outline runs once per row of its examples:). Each scenario gets a fresh in-process server on an in-memory database, unless --server names a running one (where a scenario that restarts the server is skipped, with the reason). Prints each step with ✓ or ✗; exits 1 if any scenario failed, 2 if a file (or a fixture file it names) is not valid, a flag value is wrong, a --tag names a tag no scenario has, or the filters leave nothing to run.',
    )
    .argument('<paths...>', 'scenario files or directories')
    .option(
      '--server <url>',
      'run against this running server (default: a fresh in-process server per scenario)',
    )
    .option(
      '--grep <pattern>',
      'run only scenarios whose name or file matches (regular expression, any case)',
    )
    .option(
      '--skip <pattern>',
      'leave out scenarios whose name or file matches (regular expression, any case)',
    )
    .option('--bail', 'stop at the first failed scenario (the rest are reported as skipped)')
    .option(
      '--reporter <name>',
      'text, json, junit or html (default: text; junit is JUnit XML for CI; html one self-contained page)',
    )
    .option(
      '--output <file>',
      'write the json, junit or html report to this file (the text progress stays on stdout)',
    )
    .option('--tag <tags>', 'run only scenarios with any of these tags (comma-separated: auction,wallet)')
    .option('--skip-tag <tags>', 'leave out scenarios with any of these tags (comma-separated)')
    .option(
      '--retries <n>',
      'run a failed scenario again up to n more times, 0 to 10 (default: 0); a pass after a failure is reported as flaky',
    )
    .option(
      '--last-failed',
      'run only the scenarios that failed in the last run (recorded in $FANSPOLE_HOME/scenario-last-failed.json); none: runs nothing, exit 0',
    )
    .option(
      '--workers <n>',
      'run n scenarios at once in worker processes, each on its own ephemeral server, 1 to 32 (default: 1); not with --server',
    )
    .option(
      '--trace <when>',
      "write each scenario's trace (requests, answers, /cable frames): on, off or retain-on-failure (default: retain-on-failure)",
    )
    .option('--trace-dir <dir>', 'where trace files go (default: $FANSPOLE_TRACE_DIR, else scenario-traces)')
  withJson(run)
  run.addHelpText('after', EXAMPLES)
  run.action(async (paths: string[], flags: ScenarioRunFlags) => {
    // Loaded on use: the runner pulls in zod, yaml, ws and (for ephemeral runs) the server.
    const { runScenarioCommand } = await import('../scenario/run-command')
    await runScenarioCommand(paths, flags, io)
  })
  // One of the processes of `run --workers N`; started by the run, never by hand.
  const worker = new Command('__worker').action(async () => {
    const { runWorker } = await import('../scenario/worker')
    await runWorker(io)
  })
  return scenario
    .addCommand(run)
    .addCommand(traceCommand(io))
    .addCommand(recordCommand(io))
    .addCommand(worker, { hidden: true })
}

const TRACE_EXAMPLES = `
Examples:
  fanspole scenario trace scenario-traces/contests--a-full-contest.trace.json
  fanspole scenario trace scenario-traces/contests--a-full-contest.trace.json --step 4 --full
  fanspole scenario trace scenario-traces/contests--a-full-contest.trace.json --json | jq '.events[]'

Traces are written by \`fanspole scenario run\` for every scenario that failed (--trace on: for all).
`

/** `fanspole scenario trace FILE`: a trace file as a readable timeline. */
function traceCommand(io: Io): Command {
  const trace = new Command('trace')
    .summary('show a scenario trace file as a timeline')
    .description(
      "Shows a trace written by `scenario run` (on a failure, or with --trace on): each step with ✓ or ✗, under it its requests with their answers and the /cable frames sent and received, with their time from the start of the run; the failed step's differences in red. Exits 2 if the file is not a trace.",
    )
    .argument('<file>', 'a trace file (scenario-traces/*.trace.json)')
    .option('--step <n>', 'only this step (its number, as in the headings)')
    .option('--full', 'whole request and answer bodies, not just their key part')
  withJson(trace)
  trace.addHelpText('after', TRACE_EXAMPLES)
  trace.action(async (file: string, flags: { step?: string; full?: boolean; json?: boolean }) => {
    const { runTraceCommand } = await import('../scenario/trace-command')
    runTraceCommand(file, flags, io)
  })
  return trace
}

const RECORD_EXAMPLES = `
Examples:
  fanspole scenario record --out flow.yaml
  fanspole scenario record --out flow.yaml --user demo@fanspole.local --name "joins a contest"
  fanspole scenario record --out flow.yaml --for 60s --reads

Signs in as the admin to follow the server's log (see \`fanspole logs tail\`). Recording
ends with Ctrl-C, --for, or the user signing out. How ids and failed calls are written:
docs/scenarios.md, "Recording a session".
`

/** `fanspole scenario record --out FILE`: one web session's API calls, as a runnable scenario. */
function recordCommand(io: Io): Command {
  const record = new Command('record')
    .summary("record one user's session on a running server into a scenario file")
    .description(
      "Follows the server's live log and writes what one signed-in user does — each API call with its body, its status and key fields expected, the ids it produced saved as variables — as a scenario that replays it with a fresh user. A call that failed is written as a step expecting that failure.",
    )
    .requiredOption('--out <file>', 'the scenario file to write (YAML)')
    .option('--user <email>', 'record this user (default: the first user who makes a signed-in call)')
    .option('--name <text>', "the scenario's name")
    .option('--for <duration>', 'stop after this long (e.g. 60s, 5m)')
    .option('--reads', 'keep successful reads (GET) too; by default only writes and failed reads')
    .option(
      '--credit <rupees>',
      'credit the fresh user this much first, so paid joins work (0: none)',
      '1000',
    )
  withServer(record)
  withJson(record)
  record.addHelpText('after', RECORD_EXAMPLES)
  record.action(async (flags: Record<string, unknown>) => {
    const { runRecordCommand } = await import('../scenario/record/record-command')
    await runRecordCommand(flags, io)
  })
  return record
}
