import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowWhere } from '../../helpers/db'
import { makeUser } from '../../helpers/deps'
import { type CliWorld, cliWorld, commandDatabase, exits, runCli } from '../helpers'

// Every command that replaces a league asks on a terminal and needs --yes
// anywhere else (cli/ui/confirm.ts, the same gate as `db reset`). Off a terminal — these
// tests, a script, a pipe — it is a usage error (exit 2) and nothing changes.

let world: CliWorld
beforeAll(async () => {
  world = await cliWorld()
})
afterAll(() => world?.close())

async function stillThere(id: number): Promise<boolean> {
  const row = await rowWhere(world.server.deps.db, 'users', { id }, 'id')
  return row !== undefined
}

describe('commands that replace a running league, without --yes off a terminal', () => {
  it.each([
    [['league', 'reset'], 'league reset replaces the whole league on'],
    [['snapshot', 'restore', 'before-class'], 'snapshot restore puts'],
    [['demo', '--no-web'], 'demo --server replaces the whole league on'],
  ])('%j exits 2 naming --yes, and the league is untouched', async (args, what) => {
    const player = await makeUser(world.server.deps)
    const withServer = args[0] === 'demo' ? [...args, '--server', world.server.url] : args
    for (const json of [false, true]) {
      const r = await runCli(json && args[0] !== 'demo' ? [...withServer, '--json'] : withServer, world.env)
      exits(r, 2, what)
      expect(r.stderr).toMatch(/; pass --yes to confirm\nRun it again with --yes\n$/)
      if (json && args[0] !== 'demo') expect(r.json()).toMatchObject({ code: 'USAGE', status: null })
    }
    expect(await stillThere(player.id)).toBe(true)
  })

  it('seed --reset exits 2 naming --yes and leaves the database as it was', async () => {
    const target = await commandDatabase()
    try {
      const cli = (args: string[]) => runCli([...args, ...target.args], target.env)
      expect((await cli(['seed', '--users', '0', '--json'])).code).toBe(0)
      const r = await cli(['seed', '--reset', '--users', '0'])
      expect(r.code).toBe(2)
      expect(r.stderr).toContain(
        `error: seed --reset deletes every row of ${target.location}; pass --yes to confirm`,
      )
      // Still seeded: a plain seed says so.
      const again = await cli(['seed', '--users', '0'])
      expect(again.stderr).toContain('already holds a demo league')
    } finally {
      await target.drop()
    }
  })
})
