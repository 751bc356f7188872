import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { esportsRoom } from '../../helpers/esports-results-fixture'
import { cliApiWorld, exits, tempDir } from '../helpers'

// `fanspole esports results enter|simulate|show|dispute` against a real server (docs/esports.md).

const ctx = cliApiWorld()
let admin: { token: string }
beforeAll(async () => {
  admin = await ctx.api.admin()
})

const { cli } = ctx

describe('fanspole esports results', () => {
  it('enters rows, shows the standings, corrects from a file and takes a dispute', async () => {
    const room = await esportsRoom(ctx.world.server.deps, ctx.api, admin, { entryFee: 50, perKill: 2 })
    const [a, b, c] = room.squads.map((s) => s.id)
    const id = String(room.contest.id)

    const none = await cli('--as', room.host.username, 'esports', 'results', 'show', id)
    exits(none, 1, 'Results not found')

    const entered = await cli(
      '--as',
      room.host.username,
      'esports',
      'results',
      'enter',
      id,
      '--row',
      `${a}:1:3`,
      '--row',
      `${b}:2:1`,
      '--row',
      `${c}:3:0`,
    )
    expect(entered.code).toBe(0)
    expect(entered.stdout).toContain(
      `Settled contest #${id}: results version 1 (host, by ${room.host.username})`,
    )
    expect(entered.stdout).toMatch(/^ *1 +Squad Alpha #\d+ +1 +3 +15 +₹129\.50 /m)
    expect(entered.stdout).toMatch(/^ *3 +Squad Charlie #\d+ +3 +0 +8 +₹49\.40 /m)

    const dir = tempDir('fanspole-results-')
    const file = path.join(dir.dir, 'results.json')
    fs.writeFileSync(
      file,
      JSON.stringify({
        results: [
          { squad_id: a, placement: 3, kills: 3 },
          { squad_id: b, placement: 2, kills: 1 },
          { squad_id: c, placement: 1, kills: 0 },
        ],
      }),
    )
    const corrected = await cli(
      'esports',
      'results',
      'enter',
      id,
      '--file',
      file,
      '--note',
      'Swapped',
      '--json',
    )
    dir.remove()
    expect(corrected.code).toBe(0)
    expect(corrected.json().esports_results).toMatchObject({ version: 2, source: 'admin', note: 'Swapped' })

    const shown = await cli('--as', room.players[0]!.username, 'esports', 'results', 'show', id)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain(`Contest #${id}: results version 2 (admin`)
    expect(shown.stdout).toMatch(/^ *1 +Squad Charlie/m)
    expect(shown.stdout).toContain('Versions: v2 admin')

    const disputed = await cli(
      '--as',
      room.players[0]!.username,
      'esports',
      'results',
      'dispute',
      id,
      '--text',
      'We were 1st on the room screen',
      '--squad',
      String(a),
    )
    expect(disputed.code).toBe(0)
    expect(disputed.stdout).toMatch(/^Disputed: report #\d+ is in the admins’ queue/)
    const queue = await cli('reports', 'list')
    expect(queue.stdout).toMatch(new RegExp(`esports #${id} ${room.contest.name} +wrong_results`))
  })

  it('draws with the simulator, and explains bad rows (usage 2, server 422 → 1)', async () => {
    const room = await esportsRoom(ctx.world.server.deps, ctx.api, admin, {
      entryFee: 0,
      credit: 0,
      mode: 'solo',
      squads: 4,
    })
    const id = String(room.contest.id)
    const [a, b] = room.squads.map((s) => s.id)
    const usage = await cli('esports', 'results', 'enter', id, '--row', 'abc')
    exits(usage, 2, '--row: expected <squad_id>:<placement>:<kills>')
    expect((await cli('esports', 'results', 'enter', id)).code).toBe(2)
    const bad = await cli('esports', 'results', 'enter', id, '--row', `${a}:1:0`, '--row', `${b}:1:0`)
    exits(bad, 1, 'Squad Alpha and Squad Bravo both placed 1st')
    const drawn = await cli('esports', 'results', 'simulate', id, '--json')
    expect(drawn.code).toBe(0)
    const r = drawn.json().esports_results
    expect(r.source).toBe('simulator')
    expect(r.standings.map((s: any) => s.placement).sort()).toEqual([1, 2, 3, 4])
  })
})
