import { describe, expect, it } from 'vitest'
import { contestCreate } from '../helpers'
import { cricketMatch, leagueCli } from '../match-world'

const ctx = leagueCli()
const { cli, signIn, friend, unused } = ctx

describe('fanspole contest edit / members --remove / delete', () => {
  it('lets the owner rename and enlarge, remove a member (refunded) and delete (everyone refunded); others get 404', async () => {
    const { match } = await cricketMatch(ctx.world, 4)
    const owner = await friend(match.id, 'ownerx', 100, true)
    const mate = await friend(match.id, 'matex', 100)
    await signIn(owner)
    const created = await cli(...contestCreate(match.id, 'Hostel XI', '--fee', '50', '--size', '4'), '--json')
    expect(created.code, created.stderr).toBe(0)
    const { id, invite_code: code } = created.json().contest
    await signIn(mate)
    expect((await cli('contest', 'join', '--code', code)).code).toBe(0)
    expect(await unused(mate.token)).toBe(50)

    const notMine = await cli('contest', 'edit', String(id), '--name', 'Mine now')
    expect(notMine.code).toBe(1)
    expect(notMine.stderr).toMatch(/^error: 404 NOT_FOUND/m)
    expect((await cli('contest', 'delete', String(id), '--yes')).stderr).toMatch(/^error: 404 NOT_FOUND/m)
    expect((await cli('contest', 'members', String(id), '--remove', '1')).stderr).toMatch(
      /^error: 404 NOT_FOUND/m,
    )

    await signIn(owner)
    const listed = (await cli('contest', 'members', String(id), '--json')).json().members as Array<{
      id: number
      user: { username: string }
    }>
    const mateEntry = listed.find((m) => m.user.username === 'matex')
    expect(mateEntry).toBeDefined()
    const fee = await cli('contest', 'edit', String(id), '--fee', '20', '--json')
    expect(fee.code).toBe(1)
    expect(fee.json().status).toBe(409)
    const dry = await cli('contest', 'edit', String(id), '--size', '6', '--dry-run', '--json')
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.json().bill).toMatchObject({ members_limit: 6, prize_pool: 255 })
    const renamed = await cli('contest', 'edit', String(id), '--name', 'Hostel XI Finals', '--size', '6')
    expect(renamed.code, renamed.stderr).toBe(0)
    expect(renamed.stdout).toMatch(/^Saved contest \d+, "Hostel XI Finals"$/m)
    expect(renamed.stdout).toMatch(/^spots +2\/6$/m)

    const removed = await cli('contest', 'members', String(id), '--remove', String(mateEntry?.id))
    expect(removed.code, removed.stderr).toBe(0)
    expect(removed.stdout).toContain('Removed 1 entry; each was refunded.')
    expect(removed.stdout).toMatch(/^Hostel XI Finals {2}1\/6$/m)
    expect(await unused(mate.token)).toBe(100)

    const deleted = await cli('contest', 'delete', String(id), '--yes')
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stdout).toMatch(
      /^Deleted contest \d+, "Hostel XI Finals": cancelled; every entry fee was refunded\.$/m,
    )
    expect(await unused(owner.token)).toBe(100)

    const story = await cli('contest', 'activities', String(id), '--json')
    expect(story.code, story.stderr).toBe(0)
    expect(story.json().activities.map((a: { kind: string }) => a.kind)).toEqual([
      'deleted',
      'member_removed',
      'edited',
      'joined',
      'created',
    ])
    const table = await cli('contest', 'activities', String(id))
    expect(table.stdout).toMatch(/^ *WHEN +WHAT/m)
    expect(table.stdout).toMatch(/ member removed +\S/m)
  })
})
