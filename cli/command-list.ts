import type { Command } from 'commander'
import type { Io } from './lib/io'

/**
 * Every top-level command, as the program's help lists it, and where its code is.
 *
 * `fanspole --help` and `fanspole match list` used to import every command's module (the
 * server, Ink and React, ws…) before doing anything: half a second of a start. Now the
 * program knows each command by this line only, and loads the code of the one that runs
 * (main.ts); the bundler makes each `import()` a chunk of its own. `term` and `description`
 * are what the program's help prints for the command; tests/cli/platform/lazy-commands.test.ts
 * holds them equal to the loaded commands' own, so they cannot drift.
 */
export interface CommandEntry {
  name: string
  group: string
  term: string
  description: string
  load(): Promise<(io: Io) => Command>
}

const LOCAL = 'Run it locally:'
const SERVER = 'Talk to a server:'
const PLAY = 'Play:'

export const COMMANDS: CommandEntry[] = [
  {
    name: 'serve',
    group: LOCAL,
    term: 'serve [options]',
    description: 'run the product: web client, /api and /cable on one port',
    load: async () => (await import('./commands/serve')).serveCommand,
  },
  {
    name: 'demo',
    group: LOCAL,
    term: 'demo [options]',
    description: 'a living demo league: bots play, bid, post and chat while the clock runs',
    load: async () => (await import('./commands/demo')).demoCommand,
  },
  {
    name: 'seed',
    group: LOCAL,
    term: 'seed [options]',
    description: 'build the demo league into the database',
    load: async () => (await import('./commands/seed')).seedCommand,
  },
  {
    name: 'db',
    group: LOCAL,
    term: 'db',
    description: 'migrate or reset the database',
    load: async () => (await import('./commands/db')).dbCommand,
  },
  {
    name: 'sim',
    group: LOCAL,
    term: 'sim',
    description:
      'measure the match simulators against real figures, export simulated matches as Cricsheet JSON',
    load: async () => (await import('./commands/sim')).simCommand,
  },
  {
    name: 'login',
    group: SERVER,
    term: 'login [options]',
    description: 'sign in and remember the session',
    load: async () => (await import('./commands/login')).loginCommand,
  },
  {
    name: 'logout',
    group: SERVER,
    term: 'logout [options]',
    description: 'sign out and forget the session',
    load: async () => (await import('./commands/logout')).logoutCommand,
  },
  {
    name: 'clock',
    group: SERVER,
    term: 'clock [options]',
    description: 'show or change the game clock',
    load: async () => (await import('./commands/clock')).clockCommand,
  },
  {
    name: 'snapshot',
    group: SERVER,
    term: 'snapshot',
    description: 'save, list and restore copies of a running server’s database (admin)',
    load: async () => (await import('./commands/snapshot')).snapshotCommand,
  },
  {
    name: 'league',
    group: SERVER,
    term: 'league',
    description: 'reset a running server to a fresh demo league (admin)',
    load: async () => (await import('./commands/league')).leagueCommand,
  },
  {
    name: 'users',
    group: SERVER,
    term: 'users',
    description: 'list, show, create and invite accounts (admin)',
    load: async () => (await import('./commands/users')).usersCommand,
  },
  {
    name: 'class',
    group: SERVER,
    term: 'class',
    description: 'a classroom in one command: students, their group, an auction, a contest (admin)',
    load: async () => (await import('./commands/class')).classCommand,
  },
  {
    name: 'export',
    group: SERVER,
    term: 'export',
    description: 'every bid, pick, transfer and payout of an auction, contest or class as CSV',
    load: async () => (await import('./commands/export')).exportCommand,
  },
  {
    name: 'outbox',
    group: SERVER,
    term: 'outbox [options]',
    description: 'read the mails and one-time passwords the product sent (admin)',
    load: async () => (await import('./commands/outbox')).outboxCommand,
  },
  {
    name: 'logs',
    group: SERVER,
    term: 'logs',
    description: "the server's live log of requests and broadcasts (admin)",
    load: async () => (await import('./commands/logs')).logsCommand,
  },
  {
    name: 'kyc',
    group: SERVER,
    term: 'kyc',
    description: 'review PAN submissions: list, approve, reject (admin)',
    load: async () => (await import('./commands/kyc')).kycCommand,
  },
  {
    name: 'redemptions',
    group: SERVER,
    term: 'redemptions',
    description: 'review withdrawal requests: list, approve, reject (admin)',
    load: async () => (await import('./commands/redemptions')).redemptionsCommand,
  },
  {
    name: 'refunds',
    group: SERVER,
    term: 'refunds',
    description: 'review refund claims: list, approve (refund), reject (admin)',
    load: async () => (await import('./commands/refunds')).refundsCommand,
  },
  {
    name: 'reports',
    group: SERVER,
    term: 'reports',
    description: 'work the queue of reported contests, users, posts and comments: list, resolve (admin)',
    load: async () => (await import('./commands/reports')).reportsCommand,
  },
  {
    name: 'match',
    group: PLAY,
    term: 'match',
    description:
      'list and show matches, export them as Cricsheet JSON; simulate, score, complete or abandon them (admin)',
    load: async () => (await import('./commands/match')).matchCommand,
  },
  {
    name: 'contest',
    group: PLAY,
    term: 'contest',
    description:
      'list contests, show one, follow its leaderboard; create your own, join with a code, run the ones you own',
    load: async () => (await import('./commands/contest')).contestCommand,
  },
  {
    name: 'team',
    group: PLAY,
    term: 'team',
    description:
      'build your daily team for a match: by strategy (favourite, differential, random) or by player names',
    load: async () => (await import('./commands/team')).dailyTeamCommand,
  },
  {
    name: 'prizes',
    group: PLAY,
    term: 'prizes',
    description: 'your saved prize tables, to use when creating contests',
    load: async () => (await import('./commands/prizes')).prizesCommand,
  },
  {
    name: 'championship',
    group: PLAY,
    term: 'championship',
    description:
      'season-long teams per series phase: phases, my team, transfers, the phase leaderboard, history',
    load: async () => (await import('./commands/championship')).championshipCommand,
  },
  {
    name: 'gang',
    group: PLAY,
    term: 'gang',
    description: 'gangs: private leaderboards in a series or a championship phase',
    load: async () => (await import('./commands/gang')).gangCommand,
  },
  {
    name: 'social',
    group: PLAY,
    term: 'social',
    description: 'follow people, read your feed, post, comment, like, rate, leaderboards',
    load: async () => (await import('./commands/social')).socialCommand,
  },
  {
    name: 'group',
    group: PLAY,
    term: 'group',
    description: 'group chats and one-to-ones: invite, join, mute, chat live',
    load: async () => (await import('./commands/group')).groupCommand,
  },
  {
    name: 'wallet',
    group: PLAY,
    term: 'wallet',
    description: 'show a player’s balances and passbooks, credit a wallet (admin)',
    load: async () => (await import('./commands/wallet')).walletCommand,
  },
  {
    name: 'auction',
    group: PLAY,
    term: 'auction',
    description: 'cricket auctions: create, join, bid, watch live, run whole ones with bots',
    load: async () => (await import('./commands/auction')).auctionCommand,
  },
  {
    name: 'esports',
    group: PLAY,
    term: 'esports',
    description:
      'esports rooms players play themselves: contests, squads, room details, results, tournaments',
    load: async () => (await import('./commands/esports')).esportsCommand,
  },
  {
    name: 'game-accounts',
    group: PLAY,
    term: 'game-accounts',
    description: 'PUBG, Free Fire and Call of Duty accounts: add and edit mine; list, verify, reject (admin)',
    load: async () => (await import('./commands/game-accounts')).gameAccountsCommand,
  },
  {
    name: 'api',
    group: 'Test:',
    term: 'api [options] <method> <path>',
    description: 'call any API route and print its JSON answer (like gh api)',
    load: async () => (await import('./commands/api')).apiCommand,
  },
  {
    name: 'trigger',
    group: 'Test:',
    term: 'trigger [options] [event] [args...]',
    description: 'make an event happen as in real life: a payment, a KYC decision, rain, a player out',
    load: async () => (await import('./commands/trigger')).triggerCommand,
  },
  {
    name: 'scenario',
    group: 'Test:',
    term: 'scenario',
    description: 'run scripted scenarios (YAML) against a server',
    load: async () => (await import('./commands/scenario')).scenarioCommand,
  },
]

/**
 * The command a command line runs, by its first word that is not a global option
 * (`--as <username>`, `-V`, `-h`), and for `help <command>` the command asked about.
 */
export function commandWord(argv: string[]): string | undefined {
  const words: string[] = []
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const arg = argv[i] as string
    if (arg === '--') break
    if (arg === '--as') i++
    else if (!arg.startsWith('-')) words.push(arg)
  }
  return words[0] === 'help' ? words[1] : words[0]
}
