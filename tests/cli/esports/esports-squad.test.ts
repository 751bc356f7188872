import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../../helpers/deps'
import { creditUnused, insertEsportsContest, insertVerifiedAccount } from '../../helpers/esports-fixture'
import { type CliWorld, cliWorld, exits, playerHomes } from '../helpers'

// `fanspole esports squad join|leave|list|invite|remove` against a real server
// (docs/esports.md, "Members and squads"), two players each signed in from their own home.

let world: CliWorld
beforeAll(async () => {
  world = await cliWorld()
})
afterAll(() => world.close())
const signedInHome = playerHomes()

async function signedInPlayer(name: string) {
  const deps = world.server.deps
  const user = await makeUser(deps, { username: name })
  await insertVerifiedAccount(deps.db, user.id, 'pubg', 40, { in_game_name: `IGN_${name}` })
  await creditUnused(deps, user.id, 10_000)
  return { user, cli: (await signedInHome(world.env, user)).cli }
}

describe('fanspole esports squad', () => {
  it('joins, lists, invites, removes and leaves', async () => {
    const deps = world.server.deps
    const host = await makeUser(deps)
    const contest = await insertEsportsContest(deps.db, {
      host_id: host.id,
      mode: 'duo',
      entry_fee_paise: 2_000,
      starts_at_ms: deps.clock.now() + 86_400_000,
    })
    const cap = await signedInPlayer('sq_cap')
    const mate = await signedInPlayer('sq_mate')

    const joined = await cap.cli('esports', 'squad', 'join', String(contest.id), '--squad-name', 'Night Owls')
    expect(joined.code).toBe(0)
    expect(joined.stdout).toContain(`Joined contest ${contest.id} in squad Night Owls at position 1`)
    const code = /invite code ([A-Z2-9]{8})/.exec(joined.stdout)?.[1] as string
    expect(code).toBeTruthy()

    const invited = await cap.cli('esports', 'squad', 'list', String(contest.id), '--json')
    const squadId = invited.json().squads[0].id as number
    const inv = await cap.cli('esports', 'squad', 'invite', String(squadId), 'sq_mate')
    expect(inv.code).toBe(0)
    expect(inv.stdout).toContain(`/contests/${contest.id}/squads?invite=${code}`)
    const unknown = await cap.cli('esports', 'squad', 'invite', String(squadId), 'nobody_at_all')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/not found/i)

    const byCode = await mate.cli('esports', 'squad', 'join', String(contest.id), '--code', code, '--json')
    expect(byCode.code).toBe(0)
    expect(byCode.json().esports_member).toMatchObject({ position: 2, in_game_name: 'IGN_sq_mate' })

    const table = await mate.cli('esports', 'squad', 'list', String(contest.id))
    expect(table.code).toBe(0)
    expect(table.stdout).toMatch(/^SLOT +SQUAD +NAME +CAPTAIN +MEMBERS +CODE/)
    expect(table.stdout).toMatch(
      new RegExp(`1 +${squadId} +Night Owls +sq_cap +IGN_sq_cap, IGN_sq_mate +${code}`),
    )

    const notCaptain = await mate.cli('esports', 'squad', 'remove', String(squadId), String(cap.user.id))
    exits(notCaptain, 1, 'captain')
    const removed = await cap.cli('esports', 'squad', 'remove', String(squadId), String(mate.user.id))
    expect(removed.code).toBe(0)
    expect(removed.stdout).toContain(`Removed user ${mate.user.id} from Night Owls`)

    const left = await cap.cli('esports', 'squad', 'leave', String(contest.id))
    expect(left.code).toBe(0)
    expect(left.stdout).toContain(`Left contest ${contest.id}`)
    expect((await cap.cli('esports', 'squad', 'list', String(contest.id))).stdout).toBe('No squads yet\n')
    expect((await cap.cli('esports', 'squad', 'leave', String(contest.id))).code).toBe(1)

    const both = await cap.cli(
      'esports',
      'squad',
      'join',
      String(contest.id),
      '--squad-name',
      'Ab',
      '--code',
      'X',
    )
    expect(both.code).toBe(2)
    expect((await cap.cli('esports', 'squad', 'join', 'abc')).code).toBe(2)
  })
})
