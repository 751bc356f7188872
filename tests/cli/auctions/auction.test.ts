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

  it('refuses a bad option with a usage error', async () => {
    const r = await runCli(['auction', 'run', '--bots', '1'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/--bots|at least 2/)
  })
})
