import { Command } from 'commander'
import { Api } from '../lib/api'
import { idArgument } from '../lib/arguments'
import { serverJson } from '../lib/command'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import {
  choiceFlag,
  intFlag,
  type OptionsOf,
  parseOptions,
  resolveServer,
  withJson,
  withServer,
} from '../lib/options'
import { style } from '../lib/style'
import type { TriggerContext, TriggerResult } from '../lib/triggers/types'

/**
 * `fanspole trigger EVENT [args]` (docs/tester-tools.md "fanspole trigger"): the events a
 * tester waits for in real life, made to happen now through the routes the real actors use.
 */
interface TriggerEvent {
  name: string
  args: string[]
  options: string
  effect: string
  run(ctx: TriggerContext): Promise<TriggerResult>
}

const wallet = () => import('../lib/triggers/wallet-triggers')
const match = () => import('../lib/triggers/match-triggers')

export const TRIGGER_EVENTS: TriggerEvent[] = [
  {
    name: 'payment.succeeded',
    args: [],
    options: '--amount ₹ --gateway paytm|payumoney --user',
    effect: 'an add-cash order paid at the gateway and verified: unused balance +amount, one ledger deposit',
    run: async (ctx) => (await wallet()).triggerPayment(ctx, 'succeeded'),
  },
  {
    name: 'payment.failed',
    args: [],
    options: '--amount ₹ --gateway paytm|payumoney --user',
    effect: 'an add-cash order failed at the gateway and verified: the credit is failed, no money moves',
    run: async (ctx) => (await wallet()).triggerPayment(ctx, 'failed'),
  },
  {
    name: 'payment.pending',
    args: [],
    options: '--amount ₹ --gateway paytm|payumoney --user',
    effect: 'an add-cash order left at the gateway unpaid: the credit stays pending, nothing credited',
    run: async (ctx) => (await wallet()).triggerPayment(ctx, 'pending'),
  },
  {
    name: 'kyc.approved',
    args: [],
    options: '--user',
    effect: "the player's pending PAN (one submitted now if none) approved: pancard_status approved",
    run: async (ctx) => (await wallet()).triggerKyc(ctx, 'approved'),
  },
  {
    name: 'kyc.rejected',
    args: [],
    options: '--user --reason',
    effect: "the player's pending PAN (one submitted now if none) rejected with the reason",
    run: async (ctx) => (await wallet()).triggerKyc(ctx, 'rejected'),
  },
  {
    name: 'match.rain_delay',
    args: ['MATCH'],
    options: '--minutes',
    effect: 'rain before the start: the start, the lock and the reminders move later; teams stay editable',
    run: async (ctx) => (await match()).triggerRainDelay(ctx),
  },
  {
    name: 'player.ruled_out',
    args: ['MATCH', 'PLAYER'],
    options: '',
    effect: "a live match's player taken out of their side's lineup: re-scored, the player scores 0",
    run: async (ctx) => (await match()).triggerRuledOut(ctx),
  },
  {
    name: 'match.abandoned',
    args: ['MATCH'],
    options: '--reason',
    effect: 'the match abandoned (rain): no points, every contest cancelled, every entry refunded',
    run: async (ctx) => (await match()).triggerAbandon(ctx),
  },
]

const triggerOptions = (z: typeof import('zod').z) =>
  z.object({
    ...serverJson(z),
    list: z.boolean().default(false),
    user: z.string().trim().min(1).optional(),
    amount: intFlag(z, 'an amount in rupees', 10, 10_000).default(500),
    gateway: choiceFlag(z, ['paytm', 'payumoney']).default('paytm'),
    reason: z.string().trim().min(3).max(200).optional(),
    minutes: intFlag(z, 'a number of minutes', 1, 24 * 60).default(30),
  })

const HELP = `
Events (fanspole trigger --list for what each one does):
${TRIGGER_EVENTS.map((e) => `  ${[e.name, ...e.args].join(' ')}`).join('\n')}

Who acts: payment.* and kyc.* are the player's (the session of \`fanspole login\`, or --user
<username|email> through an admin's act-as token); the admin's side (the PAN decision, the
match routes) is the stored session (an admin's), else the configured admin (FANSPOLE_ADMIN_*).

Examples:
  fanspole trigger --list
  fanspole trigger payment.succeeded --user alice --amount 500
  fanspole trigger payment.failed --user alice --gateway payumoney --json
  fanspole trigger kyc.rejected --user alice --reason "The photo is blurred"
  fanspole trigger match.rain_delay 14 --minutes 45
  fanspole trigger player.ruled_out 14 1203
  fanspole trigger match.abandoned 14 --reason "Rain: no play possible"
`

export function triggerCommand(io: Io): Command {
  const cmd = new Command('trigger')
    .summary('make an event happen as in real life: a payment, a KYC decision, rain, a player out')
    .description(
      'Make one event a tester waits for happen now, through the real gateway, admin and match routes.',
    )
    .argument('[event]', 'the event (see --list)')
    .argument('[args...]', "the event's arguments (ids)")
    .option('--list', 'list the events, their arguments and their effects')
    .option('--user <ref>', 'the player of payment.* and kyc.* (username or e-mail; an admin acts as them)')
    .option('--amount <rupees>', 'payment.*: the amount (₹10–₹10,000)', '500')
    .option('--gateway <name>', 'payment.*: paytm or payumoney', 'paytm')
    .option('--reason <text>', 'kyc.rejected, match.abandoned: the reason given')
    .option('--minutes <n>', 'match.rain_delay: how long (1–1440)', '30')
    .addHelpText('after', HELP)
  withJson(withServer(cmd))
  return cmd.action(async (event: string | undefined, args: string[], raw) =>
    runTrigger(io, event, args, await parseOptions(triggerOptions, raw)),
  )
}

function listText(): string {
  const width = Math.max(...TRIGGER_EVENTS.map((e) => [e.name, ...e.args].join(' ').length))
  return TRIGGER_EVENTS.map((e) => {
    const term = [e.name, ...e.args].join(' ').padEnd(width)
    return `  ${term}  ${e.effect}${e.options ? `\n  ${' '.repeat(width)}  (${e.options})` : ''}`
  }).join('\n')
}

const listJson = () =>
  TRIGGER_EVENTS.map((e) => ({ event: e.name, arguments: e.args, options: e.options, effect: e.effect }))

async function runTrigger(
  io: Io,
  name: string | undefined,
  args: string[],
  opts: OptionsOf<typeof triggerOptions>,
): Promise<void> {
  if (opts.list) {
    if (opts.json) return printJson(io, { events: listJson() })
    io.out(`Events:\n${listText()}\n`)
    return
  }
  if (name === undefined) throw new UsageError('name the event to trigger (or --list)', listText())
  const event = TRIGGER_EVENTS.find((e) => e.name === name)
  if (!event)
    throw new UsageError(
      `event: ${JSON.stringify(name)} is not one of ${TRIGGER_EVENTS.map((e) => e.name).join(', ')}`,
      listText(),
    )
  if (args.length !== event.args.length)
    throw new UsageError(
      `${event.name} takes ${event.args.length === 0 ? 'no arguments' : event.args.join(' ')}, got ${args.length === 0 ? 'none' : args.join(' ')}`,
    )
  const ids = args.map((arg, i) => idArgument((event.args[i] as string).toLowerCase(), arg))
  const server = resolveServer(io, opts.server)
  const asPlayer = opts.user ?? io.actAs
  const ctx: TriggerContext = {
    player: new Api({ ...io, actAs: asPlayer }, server, 'user'),
    admin: new Api({ ...io, actAs: undefined }, server, 'admin'),
    ids,
    opts: { amount: opts.amount, gateway: opts.gateway, reason: opts.reason, minutes: opts.minutes },
  }
  const result = await event.run(ctx)
  if (opts.json) return printJson(io, { event: event.name, ...result.json })
  const s = style(io.color)
  io.out(`${s.bold(event.name)}: ${result.lines[0]}\n`)
  for (const line of result.lines.slice(1)) io.out(`  ${line}\n`)
}
