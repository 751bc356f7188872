import { describe, expect, it } from 'vitest'
import { exits } from '../helpers'
import { leagueCli } from '../match-world'

const ctx = leagueCli()
const { cli, signIn } = ctx

describe('fanspole prizes', () => {
  it('saves, lists, shows, edits and deletes prize tables; the server’s checks come back as field messages', async () => {
    const p = await ctx.world.api.player('cliprizes')
    await signIn(p)
    expect((await cli('prizes', 'list')).stdout).toContain('No saved prize tables yet')
    const bad = await cli('prizes', 'create', 'Broken', '--ranges', '1:60,2:30')
    exits(bad, 1, 'error: 422 VALIDATION_FAILED')
    expect(bad.stderr).toMatch(/^ {2}ranges: .*100/m)
    const made = await cli('prizes', 'create', 'Top heavy', '--ranges', '1:60,2:25,3:15', '--json')
    expect(made.code, made.stderr).toBe(0)
    const table = made.json().prize_structure
    expect(table).toMatchObject({ name: 'Top heavy', winners: 3 })

    const list = await cli('prizes', 'list')
    expect(list.stdout).toMatch(new RegExp(`^ *${table.id} +Top heavy +3 +1:60, 2:25, 3:15$`, 'm'))
    const edited = await cli('prizes', 'edit', String(table.id), '--ranges', '1:50,2-3:25')
    expect(edited.code, edited.stderr).toBe(0)
    expect(edited.stdout).toMatch(/^name +Top heavy$/m)
    expect(edited.stdout).toMatch(/^ranges +1:50, 2-3:25$/m)
    const shown = await cli('prizes', 'show', String(table.id))
    expect(shown.stdout).toMatch(/^ *#2 - #3 +25%$/m)

    const other = await ctx.world.api.player('cliprizes2')
    await signIn(other)
    expect((await cli('prizes', 'show', String(table.id))).stderr).toMatch(/^error: 404 /m)
    await signIn(p)
    const gone = await cli('prizes', 'delete', String(table.id), '--yes')
    expect(gone.code, gone.stderr).toBe(0)
    expect((await cli('prizes', 'list', '--json')).json().prize_structures).toEqual([])
  })
})
