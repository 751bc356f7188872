import { describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { contestCreate, exits } from '../helpers'
import { cricketMatch, leagueCli, teamedPlayer } from '../match-world'

/** `fanspole contest create --bots`, `contest bots`, `auction create --bots` (docs/bots.md). */
const ctx = leagueCli()
const { cli } = ctx

async function owner(matchId: number, name: string, rupees: number) {
  const p = await teamedPlayer(ctx.world, matchId, name, rupees, true)
  await ctx.signIn(p)
  return p
}

const balance = async (token: string) => {
  const u = (await ctx.world.api.get('/api/me', token)).body.user
  return u.unused_balance + u.winning_balance
}

describe('fanspole contest … --bots', () => {
  it('creates a paid contest and fills it with bots the owner pays for; a full one refuses more', async () => {
    const { match } = await cricketMatch(ctx.world, 1)
    const p = await owner(match.id, 'botowner', 200)
    const created = await cli(
      ...contestCreate(match.id, 'Bot League', '--fee', '50', '--size', '4', '--bots', '2'),
    )
    expect(created.code, created.stderr).toBe(0)
    expect(created.stdout).toMatch(/^Created contest \d+, "Bot League"; you are in\.$/m)
    expect(created.stdout).toMatch(/^Seated 2 bots in contest \d+ \(3\/4 spots taken\)\.$/m)
    expect(created.stdout).toMatch(/^ *MEMBER +BOT +TEAM NAME +STRATEGY$/m)
    expect(created.stdout).toMatch(/favourite$/m)
    expect(created.stdout).toMatch(/differential$/m)
    const id = Number(/^id +(\d+)$/m.exec(created.stdout)?.[1])
    expect(await balance(p.token)).toBe(50)

    const last = await cli('contest', 'bots', String(id), '1', '--strategy', 'captain_by_form', '--json')
    expect(last.code, last.stderr).toBe(0)
    expect(last.json()).toMatchObject({
      members_count: 4,
      members_limit: 4,
      bots: [{ strategy: 'captain_by_form' }],
    })
    expect(await balance(p.token)).toBe(0)

    const full = await cli('contest', 'bots', String(id), '1')

    exits(full, 1, 'This contest is full')
    expect((await verifyLedger(ctx.world.server.deps.db)).problems).toEqual([])
  })

  it('bad input: exit 2 and nothing sent', async () => {
    const zero = await cli('contest', 'bots', '5', '0')
    exits(zero, 2, 'expected a number of bots from 1 to 100')
    const strategy = await cli('contest', 'bots', '5', '2', '--strategy', 'greedy')
    expect(strategy.code).toBe(2)
    expect(strategy.stderr).toContain(
      '--strategy: expected one of mixed, favourite, differential, captain_by_form',
    )
    const dry = await cli(...contestCreate(1, 'x', '--size', '3', '--bots', '2', '--dry-run'))
    exits(dry, 2, 'leave out --dry-run')
    const lone = await cli(...contestCreate(1, 'x', '--size', '3', '--bot-strategy', 'favourite'))
    exits(lone, 2, '--bot-strategy goes with --bots <n>')
    const auction = await cli('auction', 'create', '--match', '1', '--name', 'Nope', '--bots', '41')
    exits(auction, 2, '--bots: expected a number of bots from 1 to 40')
  })
})

describe('fanspole auction create --bots', () => {
  it('creates the auction and seats the bots in its waiting room', async () => {
    const { match } = await cricketMatch(ctx.world, 3)
    await owner(match.id, 'auctionowner', 0)
    const created = await cli(
      'auction',
      'create',
      '--match',
      String(match.id),
      '--name',
      'Bots night',
      '--bots',
      '3',
      '--bot-strategy',
      'star',
      '--json',
    )
    expect(created.code, created.stderr).toBe(0)
    const { auction, bots } = created.json()
    expect(bots).toHaveLength(3)
    expect(bots.every((b: { strategy: string }) => b.strategy === 'star')).toBe(true)
    const text = await cli('auction', 'show', String(auction.id))
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout.match(/\(bot\)/g)).toHaveLength(3)
  })
})
