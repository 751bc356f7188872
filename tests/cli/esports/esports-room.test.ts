import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../../helpers/deps'
import { insertEsportsContest, insertSquadMember } from '../../helpers/esports-rooms-fixture'
import { type CliWorld, cliWorld, exits, runCli } from '../helpers'

// `fanspole esports room set|show` against a real server (docs/esports.md "Room details").

let world: CliWorld
beforeAll(async () => {
  world = await cliWorld()
})
afterAll(() => world.close())

const cli = (...args: string[]) => runCli(args, world.env)

async function signIn(p: { email: string; password: string }) {
  await cli('logout')
  expect((await cli('login', '--email', p.email, '--password', p.password)).code).toBe(0)
}

describe('fanspole esports room', () => {
  it('the host sets and shows the room; a member is told when it appears; bad input exits 2', async () => {
    const host = await makeUser(world.server.deps)
    const member = await makeUser(world.server.deps)
    const c = await insertEsportsContest(world.server.deps, { hostId: host.id, name: 'CLI room' })
    await insertSquadMember(world.server.deps, c.id, member.id)
    await signIn(host)

    const set = await cli('esports', 'room', 'set', String(c.id), '--id', 'ROOM4471', '--password', 'x7k2')
    expect(set.code).toBe(0)
    expect(set.stdout).toContain(`Room details set for contest #${c.id}`)
    expect(set.stdout).toMatch(/Room id: +ROOM4471\nPassword: +x7k2\n/)
    // Before the reveal the host is told when members will see it, not that it was revealed.
    expect(set.stdout).toMatch(
      /Reveal: +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(members see the room from then\)\n/,
    )
    expect(set.stdout).not.toContain('Revealed')

    const json = await cli('esports', 'room', 'show', String(c.id), '--json')
    expect(json.code).toBe(0)
    expect(json.json().room_details).toMatchObject({
      room_id: 'ROOM4471',
      room_password: 'x7k2',
      starts_at_in_millis: c.starts_at_ms,
    })

    const bad = await cli('esports', 'room', 'set', String(c.id), '--id', 'no', '--password', 'x')
    exits(bad, 2, '3 to 20 letters or digits')
    expect((await cli('esports', 'room', 'show', 'abc')).code).toBe(2)

    await signIn(member)
    const early = await cli('esports', 'room', 'show', String(c.id))
    exits(early, 1, 'Room details appear here at')
    expect(early.stderr).not.toContain('x7k2')
    const refused = await cli('esports', 'room', 'set', String(c.id), '--id', 'ROOM1', '--password', 'y')
    exits(refused, 1, 'Only the contest’s host or an admin')
  })
})
