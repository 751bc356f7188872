import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { makeUser } from '../../helpers/deps'
import { type Cli, type CliWorld, cliWorld, exits, ok, playerHomes, runCli, tempDir } from '../helpers'

// Esports from the CLI: a squad contest from the game accounts to the winnings,
// and a two-round tournament, driven only through `fanspole` commands against a real server
// (docs/esports.md). Each player signs in from a home of their own; the configured admin
// verifies accounts, credits wallets, moves the clock and runs the tournament.

let world: CliWorld
beforeAll(async () => {
  world = await cliWorld()
})
afterAll(() => world.close())
const signedInHome = playerHomes()

const admin: Cli = (...args) => runCli(args, world.env)

let characters = 6_100_000_000
async function player(name: string) {
  const user = await makeUser(world.server.deps, { username: name })
  const { cli } = await signedInHome(world.env, user)
  return { user, cli, ign: `${name}_ign`, characterId: String(++characters) }
}
type Player = Awaited<ReturnType<typeof player>>

/** The player adds a PUBG account with the CLI; the admin finds it in the queue and verifies it. */
async function verifiedPubg(p: Player, level = 40) {
  const added = ok(
    await p.cli(
      'game-accounts',
      'add',
      '--game',
      'pubg',
      '--name',
      p.ign,
      '--id',
      p.characterId,
      '--level',
      String(level),
    ),
  )
  expect(added.stdout).toContain('Added PUBG account')
  expect(added.stdout).toContain(`${p.ign} (${p.characterId}, level ${level}): pending`)
  const queue = ok(await admin('game-accounts', 'list', '--json')).json().game_accounts as Array<{
    id: number
    user: { id: number }
  }>
  const mine = queue.find((a) => a.user.id === p.user.id)
  expect(mine).toBeDefined()
  const verified = ok(await admin('game-accounts', 'verify', String(mine?.id)))
  expect(verified.stdout).toContain(`Verified PUBG account #${mine?.id}`)
}

const rupees = (n: number) => `₹${n.toFixed(2)}`

describe('esports from the CLI', () => {
  let host: Player
  let a1: Player
  let a2: Player
  let b1: Player

  it('a paid PUBG squad contest: accounts, squads, room, clock, results and the winnings', async () => {
    host = await player('flow_host')
    a1 = await player('flow_a1')
    a2 = await player('flow_a2')
    b1 = await player('flow_b1')

    // Without a verified account the join is refused, naming what is missing.
    for (const p of [host, a1, a2, b1]) await verifiedPubg(p)
    const mine = ok(await a1.cli('game-accounts', 'mine'))
    expect(mine.stdout).toMatch(/verified/)

    for (const p of [a1, a2, b1]) {
      const credited = ok(await admin('wallet', 'credit', p.user.username, '--amount', '100'))
      expect(credited.stdout).toContain('100')
    }
    // Paid hosting needs the admin's grant.
    ok(await admin('users', 'grant-access', host.user.username))

    const made = ok(
      await host.cli(
        'esports',
        'contest',
        'create',
        '--kind',
        'pubg',
        '--mode',
        'squad',
        '--name',
        'CLI Flow Squads',
        '--slots',
        '4',
        '--fee',
        '100',
        '--per-kill',
        '2',
        '--prizes',
        '1:70,2:30',
        '--starts-in',
        '30',
        '--reveal',
        '15',
      ),
    )
    const id = /Created esports contest (\d+)/.exec(made.stdout)?.[1] as string
    expect(id).toBeTruthy()
    const contest = ok(await host.cli('esports', 'contest', 'show', id, '--json')).json().esports_contest
    expect(contest).toMatchObject({ status: 'open', entry_fee: 100, per_kill: 2, team_size: 4 })

    const alpha = ok(await a1.cli('esports', 'squad', 'join', id, '--squad-name', 'Alpha'))
    expect(alpha.stdout).toContain(`Joined contest ${id} in squad Alpha at position 1`)
    const code = /invite code ([A-Z2-9]{8})/.exec(alpha.stdout)?.[1] as string
    expect(code).toBeTruthy()
    const byCode = ok(await a2.cli('esports', 'squad', 'join', id, '--code', code))
    expect(byCode.stdout).toContain('in squad Alpha at position 2')
    ok(await b1.cli('esports', 'squad', 'join', id, '--squad-name', 'Bravo'))
    const squads = ok(await host.cli('esports', 'squad', 'list', id, '--json')).json().squads as Array<{
      id: number
      name: string
    }>
    const A = squads.find((s) => s.name === 'Alpha')?.id as number
    const B = squads.find((s) => s.name === 'Bravo')?.id as number

    const set = ok(await host.cli('esports', 'room', 'set', id, '--id', '4455667', '--password', 'erangel42'))
    expect(set.stdout).toContain(`Room details set for contest #${id}`)
    const early = await a2.cli('esports', 'room', 'show', id)
    exits(early, 1, 'Room details appear here at')
    expect(early.stderr).not.toContain('erangel42')

    const revealed = ok(await admin('clock', '--jump', String(contest.reveal_at_in_millis)))
    expect(revealed.stdout).toBeTruthy()
    const room = ok(await a2.cli('esports', 'room', 'show', id))
    expect(room.stdout).toMatch(/Room id: +4455667\nPassword: +erangel42\n/)
    const stranger = await player('flow_stranger')
    expect((await stranger.cli('esports', 'room', 'show', id)).code).toBe(1)
    expect((await a1.cli('esports', 'contest', 'show', id, '--json')).json().esports_contest.status).toBe(
      'locked',
    )

    // Before the start the results are refused; a member is refused whenever.
    const tooSoon = await host.cli(
      'esports',
      'results',
      'enter',
      id,
      '--row',
      `${A}:1:1`,
      '--row',
      `${B}:2:1`,
    )
    expect(tooSoon.code).toBe(1)
    ok(await admin('clock', '--jump', String(contest.starts_at_in_millis)))
    const member = await a1.cli('esports', 'results', 'enter', id, '--row', `${A}:1:1`, '--row', `${B}:2:1`)
    expect(member.code).toBe(1)
    const clash = await host.cli('esports', 'results', 'enter', id, '--row', `${A}:1:1`, '--row', `${B}:1:1`)
    exits(clash, 1, 'Alpha and Bravo both placed 1st')
    const tooMany = await host.cli(
      'esports',
      'results',
      'enter',
      id,
      '--row',
      `${A}:1:2`,
      '--row',
      `${B}:2:0`,
    )
    exits(tooMany, 1, 'Alpha has 2 kills; at most 1 player could be killed')

    // Pool ₹255 (3 × ₹100 less 15%); kill prizes ₹2 + ₹2; ₹251 → ₹175.70 / ₹75.30:
    // Alpha ₹177.70 (₹88.85 each), Bravo ₹77.30 (b1 alone).
    const entered = ok(
      await host.cli('esports', 'results', 'enter', id, '--row', `${A}:1:1`, '--row', `${B}:2:1`),
    )
    expect(entered.stdout).toContain(`Settled contest #${id}: results version 1 (host, by flow_host)`)
    expect(entered.stdout).toMatch(new RegExp(`^ *1 +Alpha #${A} +1 +1 +16 +₹177\\.70 `, 'm'))
    expect(entered.stdout).toMatch(new RegExp(`^ *2 +Bravo #${B} +2 +1 +13 +₹77\\.30 `, 'm'))

    const shown = ok(await a1.cli('esports', 'results', 'show', id))
    expect(shown.stdout).toContain(`Contest #${id}: results version 1 (host`)
    expect(shown.stdout).toMatch(/^ *1 +Alpha/m)
    expect(shown.stdout).toContain(rupees(88.85))
    expect(shown.stdout).toContain(rupees(77.3))

    for (const [p, won] of [
      [a1, 88.85],
      [a2, 88.85],
      [b1, 77.3],
    ] as const) {
      const book = ok(await admin('wallet', 'passbook', p.user.username, '--compartment', 'winnings'))
      expect(book.stdout).toContain('esports_prize')
      expect(book.stdout).toContain(rupees(won))
      const json = ok(
        await admin('wallet', 'passbook', p.user.username, '--compartment', 'winnings', '--json'),
      ).json()
      expect(json.balance).toBe(won)
      expect(json.passbook_entries[0]).toMatchObject({ kind: 'esports_prize', amount: won })
    }
    const wallet = ok(await admin('wallet', 'show', a1.user.username, '--json')).json()
    expect(JSON.stringify(wallet)).toContain('88.85')
  })

  it('a two-round tournament: register, seed at the close, lobby results, the qualified in round 2', async () => {
    const now = ok(await admin('clock', '--json')).json().now_in_millis as number
    const HOUR = 3_600_000
    const dir = tempDir('fanspole-flow-')
    onTestFinished(() => dir.remove())
    const file = path.join(dir.dir, 'cup.json')
    fs.writeFileSync(
      file,
      JSON.stringify({
        name: 'CLI Flow Cup',
        kind: 'pubg',
        mode: 'solo',
        squads_limit: 4,
        registration_closes_at: now + HOUR,
        rounds: [
          {
            name: 'Heats',
            lobby_size: 2,
            qualify_rule: 'top_per_lobby',
            qualify_count: 1,
            starts_at: now + 2 * HOUR,
          },
          {
            name: 'Final',
            lobby_size: 2,
            qualify_rule: 'top_per_lobby',
            qualify_count: 0,
            starts_at: now + 3 * HOUR,
          },
        ],
      }),
    )
    const made = ok(await admin('esports', 'tournament', 'create', '--file', file, '--json')).json()
      .esports_tournament
    expect(made).toMatchObject({ name: 'CLI Flow Cup', status: 'registration', rounds_count: 2 })
    const t = String(made.id)
    const [r1, r2] = made.rounds.map((r: { id: number }) => String(r.id)) as [string, string]

    const players = [host, a1, a2, b1]
    for (const [i, p] of players.entries()) {
      const reg = ok(await p.cli('esports', 'tournament', 'register', t, '--name', `Solo ${i + 1}`))
      expect(reg.stdout).toBe(`Registered Solo ${i + 1} for CLI Flow Cup: a solo entry\n`)
    }
    const noAccount = await player('flow_noacct')
    const refused = await noAccount.cli('esports', 'tournament', 'register', t, '--name', 'Nobody')
    exits(refused, 1, 'PUBG')

    ok(await admin('clock', '--jump', String(now + HOUR)))
    const slotsTable = ok(await admin('esports', 'tournament', 'slots', r1))
    expect(slotsTable.stdout).toMatch(
      /^LOBBY +SLOT +SEED +SQUAD +CONTEST +PLACE +KILLS +POINTS +RANK +QUALIFIED$/m,
    )
    const slots = ok(await admin('esports', 'tournament', 'slots', r1, '--json')).json().slots as Array<{
      lobby_no: number
      squad: { id: number; name: string }
      contest_id: number
    }>
    expect(slots.map((s) => s.lobby_no)).toEqual([1, 1, 2, 2])

    ok(await admin('clock', '--jump', String(now + 2 * HOUR)))
    // In each lobby the squad in its second slot wins: the winners are slots[1] and slots[3].
    const winners: string[] = []
    for (const lobby of [1, 2]) {
      const contestId = String(slots.find((s) => s.lobby_no === lobby)?.contest_id)
      const lobbySquads = ok(await admin('esports', 'squad', 'list', contestId, '--json')).json()
        .squads as Array<{
        id: number
        name: string
      }>
      expect(lobbySquads).toHaveLength(2)
      const [first, second] = lobbySquads as [{ id: number; name: string }, { id: number; name: string }]
      winners.push(second.name)
      const entered = ok(
        await admin(
          'esports',
          'results',
          'enter',
          contestId,
          '--row',
          `${second.id}:1:1`,
          '--row',
          `${first.id}:2:0`,
        ),
      )
      expect(entered.stdout).toContain(`Settled contest #${contestId}: results version 1`)
      expect(entered.stdout).toMatch(
        new RegExp(`^ *1 +${second.name} #${second.id} +1 +1 +16 +₹0\\.00 `, 'm'),
      )
    }

    const standings = ok(await admin('esports', 'tournament', 'standings', t))
    expect(standings.stdout).toMatch(/^POS +SQUAD +ROUND +RANK +POINTS +TOTAL +KILLS +OUT$/m)
    const json = ok(await admin('esports', 'tournament', 'standings', t, '--json')).json()
    expect(json).toMatchObject({ status: 'running', current_round: 2 })
    const reached = json.standings
      .filter((s: { reached_round: number }) => s.reached_round === 2)
      .map((s: { squad: { name: string } }) => s.squad.name)
      .sort()
    expect(reached).toEqual([...winners].sort())
    const out = json.standings
      .filter((s: { eliminated_in_round: number | null }) => s.eliminated_in_round === 1)
      .map((s: { squad: { name: string } }) => s.squad.name)
    expect(out).toHaveLength(2)
    const final = ok(await admin('esports', 'tournament', 'slots', r2, '--json')).json().slots as Array<{
      squad: { name: string }
    }>
    expect(final.map((s) => s.squad.name).sort()).toEqual([...winners].sort())
    expect(standings.stdout).toContain(`Tournament #${t}: running, round 2`)
    for (const w of winners) expect(standings.stdout).toMatch(new RegExp(`^ *\\d +${w} +2 .* -$`, 'm'))
    expect(standings.stdout.match(/^ *\d +Solo \d +1 .* 1$/gm)).toHaveLength(2)
  })
})
