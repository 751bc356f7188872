import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventually } from '../../helpers/cable'
import { makeUser } from '../../helpers/deps'
import { seedLeague, upcomingMatch } from '../../helpers/league'
import { type CliWorld, cliWorld, playerHomes, runCli } from '../helpers'

let world: CliWorld
beforeEach(async () => {
  world = await cliWorld()
  const deps = world.server.deps
  await seedLeague(deps)
})
afterEach(() => world.close())

/** A signed-in player with a FANSPOLE_HOME of their own. */
const signedInHome = playerHomes()
async function player() {
  const u = await makeUser(world.server.deps)
  return { ...u, env: (await signedInHome(world.env, u)).env }
}

describe('fanspole auction create|join|approve|start|bid|show|watch|close-lot|complete', () => {
  it('plays an auction from the terminal, with a live watch that ends when the auction does', async () => {
    const owner = await player()
    const bob = await player()
    const match = await upcomingMatch(world.server.deps)
    const created = await runCli(
      [
        'auction',
        'create',
        '--match',
        String(match.id),
        '--name',
        'Terminal night',
        '--takeover',
        '45',
        '--json',
      ],
      owner.env,
    )
    expect(created.code).toBe(0)
    const auction = created.json().auction
    expect(auction.code).toMatch(/^[A-Z2-9]{8}$/)
    expect(auction.bot_takeover_seconds).toBe(45)

    /** `fanspole auction join` with the auction's code, as the player of `env`. */
    const join = (env: NodeJS.ProcessEnv, name: string, color: string, ...more: string[]) =>
      runCli(
        [
          'auction',
          'join',
          String(auction.id),
          '--code',
          auction.code,
          '--name',
          name,
          '--color',
          color,
          ...more,
        ],
        env,
      )
    expect((await join(owner.env, 'Owner XI', 'blue')).code).toBe(0)
    const joined = await join(bob.env, 'Bob XI', 'red', '--json')
    expect(joined.json().manager.status).toBe('pending')
    const refused = await runCli(
      ['auction', 'approve', String(auction.id), String(joined.json().manager.id)],
      bob.env,
    )
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/owner/)
    const approved = await runCli(
      ['auction', 'approve', String(auction.id), String(joined.json().manager.id)],
      owner.env,
    )
    expect(approved.stdout).toMatch(/Bob XI: approved/)
    // Before the start there is no lot: a failure (exit 1), not a usage error (2).
    const early = await runCli(['auction', 'bid', String(auction.id), '--json'], bob.env)
    expect(early.code).toBe(1)
    expect(early.json()).toEqual({
      error: 'No player is on the block right now',
      code: 'NO_OPEN_LOT',
      status: null,
    })
    expect(early.stderr).toContain('error: No player is on the block right now')
    expect((await runCli(['auction', 'start', String(auction.id)], owner.env)).stdout).toMatch(/open/)

    // Bob watches (no terminal: a line per event) while the auction runs.
    const watching = runCli(['auction', 'watch', String(auction.id)], bob.env)
    await eventually(() => world.server.deps.bus.subscriberCount(`auction:${auction.id}`) > 0)
    const bid = await runCli(['auction', 'bid', String(auction.id)], bob.env)
    expect(bid.code).toBe(0)
    expect(bid.stdout).toMatch(/^Bid \d+ on .+; next bid \d+/)
    const wrong = await runCli(['auction', 'bid', String(auction.id), '--amount', '1'], owner.env)
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/The next bid is/)

    const shown = await runCli(['auction', 'show', String(auction.id), '--json'], owner.env)
    expect(shown.json().lot.player_bids[0]).toMatchObject({ franchise_name: 'Bob XI' })
    const text = await runCli(['auction', 'show', String(auction.id)], owner.env)
    expect(text.stdout).toMatch(/on the block: .+ next bid/)

    // The owner's hammer: Bob's bid wins the lot now, and the next one opens.
    expect((await runCli(['auction', 'close-lot', String(auction.id)], bob.env)).code).toBe(1)
    expect((await runCli(['auction', 'close-lot', String(auction.id)], owner.env)).stdout).toMatch(/: open/)
    const after = (await runCli(['auction', 'show', String(auction.id), '--json'], owner.env)).json()
    expect(after.auction).toMatchObject({ sold_count: 1 })
    expect((await runCli(['auction', 'complete', String(auction.id)], owner.env)).stdout).toMatch(/completed/)
    const watched = await watching
    expect(watched.code).toBe(0)
    expect(watched.stdout).toMatch(/Bob XI bids \d+/)
    expect(watched.stdout).toMatch(/SOLD to Bob XI for \d+/)
    expect(watched.stdout).toMatch(/the auction is over/)
    expect(watched.stdout.match(/Bob XI: 1 players/g)).toHaveLength(1)
  }, 60_000)
})
