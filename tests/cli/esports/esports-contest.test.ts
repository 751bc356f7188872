import { describe, expect, it } from 'vitest'
import { insertVerifiedAccount } from '../../helpers/esports-fixture'
import { cliApiWorld, exits } from '../helpers'

// `fanspole esports contest create|list|show|cancel` against a real server (docs/esports.md,
// "Creating a contest, and who may host").

const ctx = cliApiWorld()

const { cli } = ctx

async function hostPlayer(level = 40) {
  const p = await ctx.api.player()
  await insertVerifiedAccount(ctx.world.server.deps.db, p.id, 'pubg', level, {
    in_game_name: `ign${p.id}`,
    character_id: `5550${p.id}`,
    at_ms: ctx.world.server.deps.clock.now(),
  })
  await cli('logout')
  expect((await cli('login', '--email', p.email, '--password', p.password)).code).toBe(0)
  return p
}

describe('fanspole esports contest', () => {
  it('creates a free squad contest, lists, shows and cancels it', async () => {
    await hostPlayer()
    const made = await cli(
      ...['esports', 'contest', 'create', '--kind', 'pubg', '--mode', 'squad', '--name', 'CLI Squads'],
      ...['--slots', '10', '--starts-in', '60', '--map', 'Erangel', '--min-level', '15'],
    )
    expect(made.code, made.stderr).toBe(0)
    expect(made.stdout).toMatch(/^Created esports contest \d+, "CLI Squads"\.$/m)
    expect(made.stdout).toMatch(/^contest +CLI Squads \(private\)$/m)
    expect(made.stdout).toMatch(/^kind +PUBG · squad \(squads of 4\) · Erangel$/m)
    expect(made.stdout).toMatch(/^entry fee +free$/m)
    expect(made.stdout).toMatch(/^invite code +[A-Z2-9]{10}$/m)
    const id = Number(/^id +(\d+)$/m.exec(made.stdout)?.[1])
    expect(id).toBeGreaterThan(1_000_000)

    const list = await cli('esports', 'contest', 'list', '--game', 'pubg')
    expect(list.code, list.stderr).toBe(0)
    expect(list.stdout).toMatch(/^ *ID +KIND +MODE +NAME +FEE +SQUADS +STATUS +STARTS$/m)
    expect(list.stdout).toMatch(
      new RegExp(`^ *${id} +pubg +squad +CLI Squads \\(private\\) +₹0\\.00 +0/10 +open`, 'm'),
    )
    const json = await cli('esports', 'contest', 'list', '--json')
    expect(json.json().esports_contests).toHaveLength(1)
    expect((await cli('esports', 'contest', 'list', '--game', 'free-fire')).stdout).toBe(
      'No esports contests\n',
    )

    const shown = await cli('esports', 'contest', 'show', String(id), '--json')
    expect(shown.code).toBe(0)
    expect(shown.json().esports_contest).toMatchObject({
      id,
      min_level: 15,
      is_private: true,
      map: 'Erangel',
    })

    const cancelled = await cli('esports', 'contest', 'cancel', String(id))
    expect(cancelled.code, cancelled.stderr).toBe(0)
    expect(cancelled.stdout).toBe(`Cancelled esports contest ${id}, "CLI Squads"; 0 entries refunded.\n`)
    const again = await cli('esports', 'contest', 'cancel', String(id), '--json')
    expect(again.code).toBe(1)
    expect(again.json()).toMatchObject({ status: 409 })
  })

  it('passes on the server’s 422 and 403, and refuses bad flags with exit 2', async () => {
    await hostPlayer(40)
    const base = ['esports', 'contest', 'create', '--kind', 'pubg', '--name', 'Paid room', '--slots', '10']
    const paid = await cli(...base, '--fee', '50', '--prizes', '1:60,2:40', '--starts-in', '60')
    expect(paid.code).toBe(1)
    expect(paid.stderr).toMatch(/403 FORBIDDEN: You cannot host this contest yet: Verify your mobile number/)
    const soon = await cli(...base, '--starts-in', '5', '--json')
    expect(soon.code).toBe(1)
    expect(soon.json()).toMatchObject({ status: 422 })
    expect(Object.keys(soon.json().errors)).toContain('starts_at')
    const both = await cli(...base)
    expect(both.code).toBe(2)
    expect(both.stderr).toContain(
      '--starts-in: give exactly one of --starts-in <minutes> or --starts-at <time>',
    )
    const kind = await cli(
      'esports',
      'contest',
      'create',
      '--kind',
      'chess',
      '--name',
      'x',
      '--slots',
      '2',
      '--starts-in',
      '60',
    )
    exits(kind, 2, '--kind: expected one of pubg')
    const prizes = await cli(...base, '--starts-in', '60', '--prizes', '[oops')
    expect(prizes.code).toBe(2)
    const missing = await cli('esports', 'contest', 'show', '999', '--json')
    expect(missing.code).toBe(1)
    expect(missing.json()).toMatchObject({ status: 404 })
  })
})
