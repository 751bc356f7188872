import { describe, expect, it } from 'vitest'
import { cliApiWorld, exits, runCli } from '../helpers'

// `fanspole game-accounts mine|add|edit|list|verify|reject` against a real server
// (docs/esports.md, "Game accounts"): a player adds and edits their account, the admin works
// the queue.

const ctx = cliApiWorld()

describe('fanspole game-accounts', () => {
  it('adds, lists and edits my account; the admin verifies and rejects', async () => {
    const p = await ctx.api.player('cli_gamer')
    const playerHome = `${ctx.world.home}/player`
    const asPlayer = (...args: string[]) => runCli(args, { ...ctx.world.env, FANSPOLE_HOME: playerHome })
    const admin = (...args: string[]) => runCli(args, ctx.world.env)
    expect((await asPlayer('login', '--email', p.email, '--password', p.password)).code).toBe(0)

    const none = await asPlayer('game-accounts', 'mine')
    expect(none.code).toBe(0)
    expect(none.stdout).toContain('No game accounts yet')

    const added = await asPlayer(
      'game-accounts',
      'add',
      '--game',
      'pubg',
      '--name',
      'CliSniper',
      '--id',
      '5123456789',
      '--level',
      '42',
    )
    expect(added.code, added.stderr).toBe(0)
    expect(added.stdout).toContain('Added PUBG account')
    expect(added.stdout).toContain('CliSniper (5123456789, level 42): pending')

    const bad = await asPlayer(
      'game-accounts',
      'add',
      '--game',
      'free-fire',
      '--name',
      'X',
      '--id',
      '12',
      '--level',
      '5',
    )
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/character id|Character id/i)

    const usage = await asPlayer(
      'game-accounts',
      'add',
      '--game',
      'chess',
      '--name',
      'Xy',
      '--id',
      '123456',
      '--level',
      '5',
    )
    expect(usage.code).toBe(2)

    const mine = await asPlayer('game-accounts', 'mine', '--json')
    const id = mine.json().game_accounts[0].id as number
    expect(mine.json().game_accounts[0]).toMatchObject({ slug: 'pubg', status: 'pending' })

    const queue = await admin('game-accounts', 'list')
    expect(queue.code, queue.stderr).toBe(0)
    expect(queue.stdout.split('\n')[0]).toMatch(
      /^ID +PLAYER +GAME +IN-GAME NAME +CHARACTER ID +LEVEL +STATUS/,
    )
    expect(queue.stdout).toMatch(
      new RegExp(`^ *${id} +cli_gamer +PUBG +CliSniper +5123456789 +42 +pending`, 'm'),
    )

    const notAdmin = await asPlayer('game-accounts', 'verify', String(id))
    expect(notAdmin.code).toBe(1)

    const verified = await admin('game-accounts', 'verify', String(id))
    expect(verified.code, verified.stderr).toBe(0)
    expect(verified.stdout).toContain(`Verified PUBG account #${id}`)
    expect(verified.stdout).toContain('cli_gamer is notified.')

    const again = await admin('game-accounts', 'verify', String(id))
    exits(again, 1, 'already verified')

    const edited = await asPlayer('game-accounts', 'edit', String(id), '--level', '50', '--json')
    expect(edited.code).toBe(0)
    expect(edited.json().game_account).toMatchObject({ game_level: 50, status: 'pending' })
    expect((await asPlayer('game-accounts', 'edit', String(id))).code).toBe(2)

    const rejected = await admin(
      'game-accounts',
      'reject',
      String(id),
      '--reason',
      'Level 50 is not on the screenshot',
    )
    expect(rejected.code).toBe(0)
    expect(rejected.stdout).toContain('Reason: Level 50 is not on the screenshot')
    const all = await admin('game-accounts', 'list', '--status', 'all', '--json')
    expect(all.json().game_accounts[0]).toMatchObject({
      id,
      status: 'rejected',
      user: { username: 'cli_gamer' },
    })
    expect((await admin('game-accounts', 'list')).stdout).toBe('No game accounts pending\n')
  })
})
