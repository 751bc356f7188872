import { describe, expect, it } from 'vitest'
import { runCli } from '../helpers'

describe('fanspole auction run', () => {
  it('runs a whole bot auction on an ephemeral server and prints its summary as JSON', async () => {
    const r = await runCli(['auction', 'run', '--bots', '3', '--speed', '200', '--json'])
    expect(r.code).toBe(0)
    // Nothing but the summary: no progress, on stdout or stderr.
    expect(r.stderr).toBe('')
    const summary = r.json()
    expect(summary).toMatchObject({ server: 'ephemeral', players: expect.any(Number) })
    expect(summary.sold + summary.unsold).toBe(summary.players)
    expect(summary.franchises).toHaveLength(3)
    const owned = summary.franchises.flatMap((f: { players: Array<{ name: string }> }) =>
      f.players.map((p) => p.name),
    )
    expect(owned.length).toBe(summary.sold)
    // The unsold players by name, not only their number.
    expect(summary.unsold_players).toHaveLength(summary.unsold)
    for (const p of summary.unsold_players)
      expect(p).toEqual({
        name: expect.any(String),
        role: expect.any(String),
        base_price: expect.any(Number),
      })
    for (const f of summary.franchises) {
      expect(f.bot).toBe(true)
      expect(f.spent + f.purse_left).toBe(2000)
      expect(f.players.length).toBeLessThanOrEqual(5)
    }
  }, 60_000)

  it('--seed: the same seed prints the same bytes, another seed another auction; FANSPOLE_SEED too', async () => {
    const args = ['auction', 'run', '--bots', '3', '--speed', '1000', '--no-sealed']
    const first = await runCli([...args, '--seed', '7'])
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/Auction 1 completed: \d+ of \d+ players sold/)
    // The progress and the time it took are on stderr: stdout is the auction alone.
    expect(first.stderr).toMatch(/done in [\d.]+ s/)
    const again = await runCli([...args, '--seed', '7', '--speed', '500'])
    expect(again.stdout).toBe(first.stdout)
    const fromEnv = await runCli(args, { FANSPOLE_SEED: '7' })
    expect(fromEnv.stdout).toBe(first.stdout)
    const other = await runCli([...args, '--seed', '8'])
    expect(other.code).toBe(0)
    expect(other.stdout).not.toBe(first.stdout)
  }, 180_000)

  it('refuses --seed with --server and a FANSPOLE_SEED that is not a seed', async () => {
    const remote = await runCli(['auction', 'run', '--seed', '7', '--server', 'http://127.0.0.1:9'])
    expect(remote.code).toBe(2)
    expect(remote.stderr).toMatch(/--seed: a running server seeds its auctions with its own seed/)
    const bad = await runCli(['auction', 'run'], { FANSPOLE_SEED: 'seven' })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/FANSPOLE_SEED: expected a seed/)
  })

  it('refuses a bad option with a usage error', async () => {
    const r = await runCli(['auction', 'run', '--bots', '1'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/--bots|at least 2/)
  })
})
